import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { ZIP_MAX_ENTRIES } from '../../../src-shared/domain/export-files';
import { storedZip, uniqueNames } from '../../../src-main/exports/zip-writer';
import { temporaryDir } from '../../support/temporary-dir';

async function zipOf(files: { name: string; content: Buffer }[]): Promise<Buffer> {
  const dir = temporaryDir();
  const sources = files.map((file, index) => {
    const path = join(dir, `source-${index}`);
    writeFileSync(path, file.content);
    return { name: file.name, path };
  });
  const out = join(dir, 'out.zip');
  await pipeline(storedZip(sources, { modified: new Date(2026, 10, 27, 9, 30, 12) }), createWriteStream(out));
  return readFileSync(out);
}

function bigFile(): string {
  const path = join(temporaryDir(), 'big');
  writeFileSync(path, randomBytes(2 * 1024 * 1024));
  return path;
}

/** Polls a condition each turn of the event loop, failing past a deadline (no fixed sleep). */
async function until(condition: () => boolean, deadlineMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > deadlineMs) throw new Error('the condition never held');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The promise's outcome, or a failure past the deadline: a write that hangs fails the test instead of stalling it. */
function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still not settled after ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

describe('the stored zip writer', () => {
  it('writes files a zip reader reads back whole, with UTF-8 names and their CRCs', async () => {
    const photo = randomBytes(300_000);
    const zip = await zipOf([
      { name: 'panel-after.png', content: photo },
      { name: 'Relevé été.pdf', content: Buffer.from('accents') },
      { name: 'empty.txt', content: Buffer.alloc(0) },
    ]);
    const read = XLSX.CFB.read(zip, { type: 'buffer' });
    // SheetJS's reader keeps names as bytes (it ignores the UTF-8 flag) and adds a marker entry of its own.
    const entries = (read.FileIndex as { name: string; type: number; content: Uint8Array }[]).filter((entry) => entry.type === 2 && !entry.name.startsWith('\u0001'));
    expect(entries.map((entry) => Buffer.from(entry.name, 'latin1').toString('utf8'))).toEqual(['panel-after.png', 'Relevé été.pdf', 'empty.txt']);
    expect(Buffer.from(entries[0]?.content as Uint8Array).equals(photo)).toBe(true);
    expect(Buffer.from(entries[1]?.content as Uint8Array).toString()).toBe('accents');
  });

  it('has the headers a zip tool checks: signatures, stored, sizes, the directory where its end says', async () => {
    const zip = await zipOf([{ name: 'a.txt', content: Buffer.from('hello') }]);
    expect(zip.readUInt32LE(0)).toBe(0x04034b50);
    expect(zip.readUInt16LE(6)).toBe(0x0800);
    expect(zip.readUInt16LE(8)).toBe(0);
    expect(zip.readUInt32LE(14)).toBe(0x3610a686);
    expect(zip.readUInt32LE(18)).toBe(5);
    const end = zip.byteLength - 22;
    expect(zip.readUInt32LE(end)).toBe(0x06054b50);
    expect(zip.readUInt16LE(end + 10)).toBe(1);
    const directory = zip.readUInt32LE(end + 16);
    expect(zip.readUInt32LE(directory)).toBe(0x02014b50);
    expect(zip.readUInt32LE(directory + 42)).toBe(0);
    expect(zip.subarray(30 + 5, 30 + 5 + 5).toString()).toBe('hello');
  });

  it('waits for a slow reader instead of holding the zip (backpressure)', async () => {
    const path = bigFile();
    const out = new PassThrough({ highWaterMark: 16 * 1024 });
    let made = 0;
    const counted = async function* (zip: AsyncIterable<Buffer>) {
      for await (const chunk of zip) {
        made += chunk.byteLength;
        yield chunk;
      }
    };
    const writing = pipeline(storedZip([{ name: 'big.bin', path }]), counted, out);
    // Nobody reads: once the stream asks to wait, the zip is no further along than its buffers.
    await until(() => out.writableNeedDrain);
    expect(out.writableLength).toBeLessThan(256 * 1024);
    expect(made).toBeLessThan(256 * 1024);
    let read = 0;
    out.on('data', (chunk: Buffer) => (read += chunk.byteLength));
    await writing;
    expect(read).toBeGreaterThan(2 * 1024 * 1024);
  });

  it('stops, and says so, when what it writes to is destroyed mid-zip (a cancelled download)', async () => {
    const path = bigFile();
    const out = new PassThrough({ highWaterMark: 16 * 1024 });
    const writing = pipeline(storedZip([{ name: 'big.bin', path }]), out);
    await until(() => out.writableLength > 0);
    out.destroy();
    const settled = await withDeadline(writing.then(() => 'finished', (error: unknown) => error), 5_000);
    expect(settled).toBeInstanceOf(Error);
    expect(settled).toMatchObject({ code: 'ERR_STREAM_PREMATURE_CLOSE' });
  });

  it('refuses more files than a zip holds before it writes a byte', async () => {
    const sources = Array.from({ length: ZIP_MAX_ENTRIES + 1 }, (_, index) => ({ name: `${index}.txt`, path: '/nowhere' }));
    await expect(pipeline(storedZip(sources), new PassThrough())).rejects.toMatchObject({ code: 'IPC_INVALID_INPUT' });
  });

  it('leaves out a file gone before it is read, and says what it wrote under which name', async () => {
    const dir = temporaryDir();
    const kept = join(dir, 'kept');
    writeFileSync(kept, 'kept bytes');
    const written: string[] = [];
    const gone: string[] = [];
    const out = join(dir, 'out.zip');
    const sources = [
      { name: 'photo.jpg', path: join(dir, 'dropped-from-the-cache') },
      { name: 'photo.jpg', path: kept },
    ];
    await pipeline(storedZip(sources, { report: { written: (name) => written.push(name), gone: (source) => gone.push(source.path) } }), createWriteStream(out));
    expect(written).toEqual(['photo.jpg']);
    expect(gone).toEqual([join(dir, 'dropped-from-the-cache')]);
    const entries = (XLSX.CFB.read(readFileSync(out), { type: 'buffer' }).FileIndex as { name: string; type: number }[]).filter((entry) => entry.type === 2 && !entry.name.startsWith('\u0001'));
    expect(entries.map((entry) => entry.name)).toEqual(['photo.jpg']);
  });

  it('keeps two files of one name apart, as Windows and macOS unpack them', () => {
    expect(uniqueNames(['photo.jpg', 'Photo.jpg', 'photo.jpg', 'notes'])).toEqual(['photo.jpg', 'Photo (2).jpg', 'photo (3).jpg', 'notes']);
  });
});
