import { createHash } from 'node:crypto';
import { open, rename, writeFile } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { AppError } from '../../src-shared/errors';
import { PRIVATE_FILE_MODE } from '../platform/private-files';

export interface Metered {
  /** Passes the bytes on, hashing and counting them; fails with ATTACHMENT_TOO_LARGE past `maxBytes`. */
  readonly transform: Transform;
  /** Once the stream has ended. */
  result(): { size: number; sha256: string };
}

/** Hashes and counts in the same pass as the copy, so a file is read once whatever its size. */
export function meter(maxBytes: number): Metered {
  const hash = createHash('sha256');
  let size = 0;
  const transform = new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += bytes.length;
      // Refused as soon as the limit is passed: a stream that lied about its size stops here.
      if (size > maxBytes) return done(new AppError('ATTACHMENT_TOO_LARGE'));
      hash.update(bytes);
      done(null, bytes);
    },
  });
  return { transform, result: () => ({ size, sha256: hash.digest('hex') }) };
}

/**
 * Writes a small file durably: a temporary name, flushed, then renamed over `file`. A crash leaves
 * the old file or the new one whole, never an empty one (a rename can reach the disk before the data
 * it names unless the data is flushed first).
 */
export async function writeFileDurably(file: string, text: string): Promise<void> {
  const temporary = `${file}.part`;
  await writeFile(temporary, text, { mode: PRIVATE_FILE_MODE, flush: true });
  await rename(temporary, file);
}

/**
 * Flushes a folder's entries (the renames into it) on POSIX. Windows cannot open a folder for this;
 * NTFS journals the rename itself.
 */
export async function syncDirectory(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
