import { IMPORT_LIMITS } from '../../../src-shared/domain/import-limits';

/**
 * An xlsx is a zip. Before the workbook parser (SheetJS) inflates anything, its central directory
 * says how large each part unpacks to; a file whose parts add up to too much is refused unread.
 * The directory can lie, so each part is then inflated here, counting bytes and keeping none, and
 * a part that unpacks to more than it declares is refused too. The records are found the way
 * SheetJS finds them (the last end-of-directory signature, each part's data after its local
 * header), so what is checked is what it will inflate.
 */

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated: the local header's, which is the one SheetJS follows. */
  method: number;
  compressedSize: number;
  /** What the central directory says the part unpacks to. */
  size: number;
  /** Where the part's bytes start (after its local header). */
  dataOffset: number;
}

/** The zip is not one a workbook parser should be given; `message` says why, in words. */
export class ZipDamage extends Error {}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const ZIP64_EXTRA = 0x0001;

/** The directory's entries; throws ZipDamage for anything that is not a plain, sound zip. */
export function readZipDirectory(bytes: Uint8Array<ArrayBuffer>): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  const within = (at: number, length: number) => at >= 0 && at + length <= bytes.byteLength;

  // From the very end, as SheetJS scans: a signature too near the end to hold its record is damage.
  let end = bytes.byteLength - 4;
  while (end >= 0 && u32(end) !== END_OF_DIRECTORY) end -= 1;
  if (end < 0) throw new ZipDamage('it is not a zip file, as an xlsx is');
  if (!within(end, 22)) throw new ZipDamage('its zip directory is damaged');
  const count = u16(end + 8);
  if (count > IMPORT_LIMITS.zipEntries) throw new ZipDamage(`it has ${count.toLocaleString('en-US')} parts, where a workbook has a few dozen`);
  let at = u32(end + 16);

  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (!within(at, 46) || u32(at) !== DIRECTORY_ENTRY) throw new ZipDamage('its zip directory is damaged');
    const compressedSize = u32(at + 20);
    const size = u32(at + 24);
    const nameLength = u16(at + 28);
    const extraLength = u16(at + 30);
    const commentLength = u16(at + 32);
    const localOffset = u32(at + 42);
    if (!within(at + 46, nameLength + extraLength + commentLength)) throw new ZipDamage('its zip directory is damaged');
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    // ZIP64 sizes would override the ones read here: a file this small never needs them.
    if (compressedSize === 0xffffffff || size === 0xffffffff || hasZip64(view, at + 46 + nameLength, extraLength)) throw new ZipDamage('it uses ZIP64, which no workbook this size needs');

    if (!within(localOffset, 30) || u32(localOffset) !== LOCAL_HEADER) throw new ZipDamage(`its part “${name}” is missing`);
    const method = u16(localOffset + 8);
    const localName = u16(localOffset + 26);
    const localExtra = u16(localOffset + 28);
    if (hasZip64(view, localOffset + 30 + localName, localExtra)) throw new ZipDamage('it uses ZIP64, which no workbook this size needs');
    const dataOffset = localOffset + 30 + localName + localExtra;
    if (!within(dataOffset, compressedSize)) throw new ZipDamage(`its part “${name}” is cut short`);
    if (method !== 0 && method !== 8) throw new ZipDamage(`its part “${name}” is packed in a way workbooks are not`);
    if (method === 0 && size !== compressedSize) throw new ZipDamage('its zip directory is damaged');
    entries.push({ name, method, compressedSize, size, dataOffset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function hasZip64(view: DataView, start: number, length: number): boolean {
  const stop = Math.min(start + length, view.byteLength);
  for (let at = start; at + 4 <= stop; at += 4 + view.getUint16(at + 2, true)) {
    if (view.getUint16(at, true) === ZIP64_EXTRA) return true;
  }
  return false;
}

/** What the directory says the parts unpack to, together. */
export const declaredSize = (entries: readonly ZipEntry[]): number => entries.reduce((total, entry) => total + entry.size, 0);

/**
 * Inflates every deflated part, keeping nothing, and throws ZipDamage when one unpacks to more
 * than the directory says (or is not a whole deflate stream): after this, the declared total is a
 * bound on what SheetJS can inflate. Natively inflated, so 100 MiB takes a fraction of a second.
 */
export async function checkInflatedSizes(bytes: Uint8Array<ArrayBuffer>, entries: readonly ZipEntry[]): Promise<void> {
  for (const entry of entries) {
    if (entry.method !== 8) continue;
    const packed = bytes.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
    const reader = new Blob([packed]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
    let inflated = 0;
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        inflated += chunk.value.byteLength;
        if (inflated > entry.size) {
          void reader.cancel().catch(() => undefined);
          throw new ZipDamage(`its part “${entry.name}” unpacks to more than its zip directory says`);
        }
      }
    } catch (error) {
      if (error instanceof ZipDamage) throw error;
      throw new ZipDamage(`its part “${entry.name}” is damaged`);
    }
  }
}
