import { describe, expect, it } from 'vitest';
import { buildIcns, buildIco, icnsEntries, icoSizes, pngSize } from '../../scripts/icon-formats.mjs';

/** The smallest thing pngSize reads: the signature and an IHDR with width and height. */
function fakePng(size: number): Buffer {
  const png = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png, 0);
  png.writeUInt32BE(13, 8);
  png.write('IHDR', 12, 'ascii');
  png.writeUInt32BE(size, 16);
  png.writeUInt32BE(size, 20);
  return png;
}

describe('icon containers', () => {
  const pngs = new Map([16, 32, 64, 256, 1024].map((size) => [size, fakePng(size)]));

  it('writes an ICO whose directory lists each size (256 as 0) and points at its PNG', () => {
    const ico = buildIco(pngs, [16, 32, 256]);
    expect(ico.readUInt16LE(2)).toBe(1);
    expect(icoSizes(ico)).toEqual([16, 32, 256]);
    expect(ico.readUInt8(6 + 32)).toBe(0);
    const offset = ico.readUInt32LE(6 + 16 + 12);
    expect(pngSize(ico.subarray(offset))).toEqual({ width: 32, height: 32 });
  });

  it('writes an ICNS whose length and entries add up', () => {
    const icns = buildIcns(pngs, [['icp4', 16], ['ic10', 1024]]);
    expect(icns.toString('ascii', 0, 4)).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    expect(icnsEntries(icns)).toEqual([['icp4', 16], ['ic10', 1024]]);
  });

  it('refuses what is not a PNG', () => {
    expect(() => pngSize(Buffer.from('GIF89a------------------------'))).toThrow(/not a PNG/);
  });
});
