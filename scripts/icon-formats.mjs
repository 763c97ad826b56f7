// The app icon's containers, written from PNGs rendered at each size (so small sizes are drawn from
// the vector, not scaled down from a big bitmap): Windows .ico and macOS .icns both accept PNG entries.

/** Windows: 16..48 for lists and the taskbar, 256 for large views and the installer (an ICO stops at 256). */
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];

/** macOS: the OSType of each PNG entry and its pixel size (the @2x types repeat a size for Retina). */
export const ICNS_TYPES = [
  ['icp4', 16],
  ['icp5', 32],
  ['icp6', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic09', 512],
  ['ic10', 1024],
  ['ic11', 32],
  ['ic12', 64],
  ['ic13', 256],
  ['ic14', 512],
];

/** Linux: the freedesktop hicolor sizes, named as electron-builder expects (`256x256.png`). */
export const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];

/** An ICO file: the directory, then each PNG as it is. `pngs` maps size → PNG bytes. */
export function buildIco(pngs, sizes = ICO_SIZES) {
  const header = Buffer.alloc(6 + 16 * sizes.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(sizes.length, 4);
  let offset = header.length;
  sizes.forEach((size, index) => {
    const png = pngs.get(size);
    const entry = 6 + 16 * index;
    header.writeUInt8(size >= 256 ? 0 : size, entry); // 0 means 256
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...sizes.map((size) => pngs.get(size))]);
}

/** An ICNS file: 'icns', the total length, then one (type, length, PNG) block per entry. */
export function buildIcns(pngs, types = ICNS_TYPES) {
  const blocks = types.map(([type, size]) => {
    const png = pngs.get(size);
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + blocks.reduce((sum, block) => sum + block.length, 0), 4);
  return Buffer.concat([head, ...blocks]);
}

/** Width and height from a PNG's IHDR, for the tests and a sanity check. */
export function pngSize(png) {
  if (png.toString('ascii', 1, 4) !== 'PNG') throw new Error('not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** The sizes an ICO holds (0 in the directory means 256). */
export function icoSizes(ico) {
  const count = ico.readUInt16LE(4);
  return Array.from({ length: count }, (_, index) => ico.readUInt8(6 + 16 * index) || 256);
}

/** The (type, PNG size) pairs an ICNS holds. */
export function icnsEntries(icns) {
  const entries = [];
  for (let offset = 8; offset < icns.length; ) {
    const type = icns.toString('ascii', offset, offset + 4);
    const length = icns.readUInt32BE(offset + 4);
    entries.push([type, pngSize(icns.subarray(offset + 8, offset + length)).width]);
    offset += length;
  }
  return entries;
}
