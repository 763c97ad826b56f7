import { randomBytes } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';
import { ApiError } from './api-error';
import type { StreamedBody } from './http-transport';

export interface FileToSend {
  /** The file on disk (a staged copy): read as it is sent, never held whole. */
  path: string;
  /** Shown by the marketplace; sent as the part's filename. */
  name: string;
  mime: string;
  /** Its exact size: the body's Content-Length is computed from it before a byte is read. */
  size: number;
}

/** Called with the bytes of the file handed to the connection so far, and the file's size. */
export type ProgressListener = (sent: number, total: number) => void;

/** Large reads keep the per-chunk work (one generator step, one socket write) small next to the bytes. */
const READ_CHUNK_BYTES = 1024 * 1024;
/**
 * Read buffers used in turn. A fresh buffer per chunk makes a gigabyte of garbage, and collecting it
 * costs the main process more than the upload itself; a ring does not. It is safe because the body
 * is an async iterable: undici asks for the next chunk only once the socket took the last one
 * (`write` answered true, so nothing before it is still queued) or drained, so by the time a buffer
 * comes round again the socket has long let go of it. Four, not two: a margin for one more chunk
 * held anywhere between us and the socket.
 */
const RING_SIZE = 4;

/**
 * A multipart/form-data body of text fields then one file part named `fieldName`, streamed from
 * disk with an exact length: memory stays constant for any file size, and the server can refuse a
 * file that is too large from its Content-Length alone. Each call of `stream()` reads the file anew.
 */
export function multipartFileBody(fieldName: string, file: FileToSend, fields: Readonly<Record<string, string>>, onProgress?: ProgressListener): StreamedBody {
  // Random, so no file's bytes can contain the delimiter by chance (or by design).
  const boundary = `----FieldDesk${randomBytes(16).toString('hex')}`;
  const head = Buffer.from(
    [
      ...Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${escaped(name)}"\r\n\r\n${value}\r\n`),
      `--${boundary}\r\nContent-Disposition: form-data; name="${escaped(fieldName)}"; filename="${escaped(file.name)}"\r\nContent-Type: ${headerSafe(file.mime)}\r\n\r\n`,
    ].join(''),
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: head.length + file.size + tail.length,
    stream: () => parts(head, file, tail, onProgress),
  };
}

async function* parts(head: Buffer, file: FileToSend, tail: Buffer, onProgress: ProgressListener | undefined): AsyncGenerator<Buffer> {
  yield head;
  onProgress?.(0, file.size);
  // Opened only once the connection wants the file's bytes, and closed however the request ends.
  const handle = await unreadable(open(file.path, 'r'));
  try {
    const ring = Array.from({ length: RING_SIZE }, () => Buffer.allocUnsafeSlow(READ_CHUNK_BYTES));
    let sent = 0;
    for (let index = 0; ; index += 1) {
      const buffer = ring[index % RING_SIZE] as Buffer;
      const bytesRead = await read(handle, buffer, sent);
      if (bytesRead === 0) break;
      sent += bytesRead;
      // The declared length is already on the wire: a file that changed size cannot be sent whole.
      if (sent > file.size) throw changedMeanwhile();
      yield buffer.subarray(0, bytesRead);
      // The generator resumes when the connection asks for more, so the chunk has been handed over.
      onProgress?.(sent, file.size);
    }
    if (sent !== file.size) throw changedMeanwhile();
  } finally {
    await handle.close();
  }
  yield tail;
}

async function read(handle: FileHandle, buffer: Buffer, position: number): Promise<number> {
  return (await unreadable(handle.read(buffer, 0, buffer.length, position))).bytesRead;
}

/** A failure of the disk is the file's, not the network's: without this it would read as API_UNREACHABLE. */
async function unreadable<T>(operation: Promise<T>): Promise<T> {
  try {
    return await operation;
  } catch {
    throw new ApiError('ATTACHMENT_UNREADABLE');
  }
}

function changedMeanwhile(): ApiError {
  return new ApiError('ATTACHMENT_UNREADABLE', 'The file changed size while it was being sent; attach it again.');
}

/** What browsers send for names in a form (WHATWG HTML, multipart/form-data encoding). */
function escaped(text: string): string {
  return text.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22');
}

/** A MIME type is ours (a guess from the extension), but a header must never be split by one. */
function headerSafe(text: string): string {
  return /^[\x21-\x7e]+$/.test(text) ? text : 'application/octet-stream';
}
