import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import { ZIP_MAX_BYTES, ZIP_MAX_ENTRIES } from '../../src-shared/domain/export-files';
import { AppError } from '../../src-shared/errors';

/** A file on disk and the name it takes in the zip. */
export interface ZipSource {
  name: string;
  path: string;
}

/** What the zip holds as it is made: each entry's name as written, each source gone before it was read. */
export interface ZipReport {
  written?(name: string): void;
  gone?(source: ZipSource): void;
}

/**
 * A zip of files on disk, made as it is read, chunk by chunk, for `stream/promises` `pipeline` to
 * write where it goes (a file, an HTTP answer): the consumer's pace sets the reading, and a consumer
 * that goes away (a browser that cancels the download, a folder that cannot be written) ends it at
 * once, its open files closed. "Stored" entries (no compression: deliverables are photos and PDFs,
 * which deflate does not shrink), UTF-8 names, no ZIP64 (bounded by ZIP_MAX_BYTES and
 * ZIP_MAX_ENTRIES). Each file is read twice, once for its CRC and once into the zip, so memory stays
 * at one read buffer whatever the sizes; nothing of the zip is held whole. A file gone before it
 * is read (the attachment cache made room) is left out and told to `report.gone`: the zip stays
 * whole, and `report.written` says exactly what it holds.
 */
export async function* storedZip(sources: readonly ZipSource[], { modified = new Date(), report = {} }: { modified?: Date; report?: ZipReport } = {}): AsyncGenerator<Buffer, void, undefined> {
  if (sources.length > ZIP_MAX_ENTRIES) throw new AppError('IPC_INVALID_INPUT', `A zip holds at most ${ZIP_MAX_ENTRIES} files.`);
  const { time, date } = dosDateTime(modified);
  const taken = new Set<string>();
  const directory: Buffer[] = [];
  let offset = 0;

  for (const source of sources) {
    const measured = await measure(source.path);
    if (!measured) {
      report.gone?.(source);
      continue;
    }
    const { size, crc } = measured;
    const unique = uniqueName(source.name, taken);
    const name = Buffer.from(unique, 'utf8');
    if (offset + size + 30 + name.byteLength > ZIP_MAX_BYTES) {
      throw new AppError('ATTACHMENT_TOO_LARGE', `Those files are more than a zip holds (${ZIP_MAX_BYTES / (1024 * 1024 * 1024)} GiB).`);
    }
    const at = offset;
    const header = Buffer.concat([localHeader(name, crc, size, time, date), name]);
    offset += header.byteLength;
    yield header;
    let copied = 0;
    for await (const chunk of createReadStream(source.path)) {
      copied += (chunk as Buffer).byteLength;
      if (copied > size) break;
      offset += (chunk as Buffer).byteLength;
      yield chunk as Buffer;
    }
    // The cache's files never change in place; one that did would leave a zip its directory belies.
    if (copied !== size) throw new AppError('ATTACHMENT_UNREADABLE', `${source.name} changed while it was being zipped; try again.`);
    directory.push(Buffer.concat([directoryEntry(name, crc, size, time, date, at), name]));
    report.written?.(unique);
  }

  const directoryStart = offset;
  for (const entry of directory) {
    offset += entry.byteLength;
    yield entry;
  }
  yield endOfDirectory(directory.length, offset - directoryStart, directoryStart);
}

/** The file's size and CRC; undefined when it is gone. */
async function measure(path: string): Promise<{ size: number; crc: number } | undefined> {
  try {
    const found = await stat(path);
    let crc = 0;
    for await (const chunk of createReadStream(path)) crc = crc32(chunk as Buffer, crc);
    return { size: found.size, crc };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Bit 11: names are UTF-8. Method 0: stored. */
const FLAGS = 0x0800;
const VERSION = 20;

/** What a local header and its directory entry both say of a file, in the same order. */
function writeFileFields(target: Buffer, at: number, name: Buffer, crc: number, size: number, time: number, date: number): void {
  target.writeUInt16LE(VERSION, at);
  target.writeUInt16LE(FLAGS, at + 2);
  target.writeUInt16LE(0, at + 4);
  target.writeUInt16LE(time, at + 6);
  target.writeUInt16LE(date, at + 8);
  target.writeUInt32LE(crc >>> 0, at + 10);
  target.writeUInt32LE(size, at + 14);
  target.writeUInt32LE(size, at + 18);
  target.writeUInt16LE(name.byteLength, at + 22);
}

function localHeader(name: Buffer, crc: number, size: number, time: number, date: number): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  writeFileFields(header, 4, name, crc, size, time, date);
  return header;
}

function directoryEntry(name: Buffer, crc: number, size: number, time: number, date: number, offset: number): Buffer {
  const entry = Buffer.alloc(46);
  entry.writeUInt32LE(0x02014b50, 0);
  // Version made by, then the fields the local header has; extra, comment, disk and attributes: none.
  entry.writeUInt16LE(VERSION, 4);
  writeFileFields(entry, 6, name, crc, size, time, date);
  entry.writeUInt32LE(offset, 42);
  return entry;
}

function endOfDirectory(count: number, size: number, offset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}

/** MS-DOS time and date, in this machine's zone as zip tools read them (two-second steps, from 1980). */
function dosDateTime(moment: Date): { time: number; date: number } {
  const year = Math.max(1980, moment.getFullYear());
  return {
    time: (moment.getHours() << 11) | (moment.getMinutes() << 5) | Math.floor(moment.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((moment.getMonth() + 1) << 5) | moment.getDate(),
  };
}

/** Two files of one name stay two: "photo.jpg", "photo (2).jpg". Compared without case, as Windows and macOS unpack them. */
export function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => uniqueName(name, taken));
}

/** The name, or its first free "(n)" form among those `taken` (lowercased), which it joins. */
function uniqueName(name: string, taken: Set<string>): string {
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let copy = 2; taken.has(candidate.toLowerCase()); copy += 1) candidate = `${stem} (${copy})${extension}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}
