import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { open, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../../platform/private-files';
import type { MarketplaceContext } from '../context';
import { MarketplaceError } from '../http/errors';
import type { MarketplaceDatabase } from '../store/database';

/*
 * The bytes of attachments live in files, never in the database:
 *   <files folder>/<uuid>                 one complete file per attachment (`stored_name`)
 *   <files folder>/incoming/<uuid>.part   an upload being received
 * Names on disk are generated, never the uploader's: a hostile name cannot reach the file system.
 * A file is renamed out of `incoming/` only once whole, and its row is written only after that.
 * Folders are 0700 and files 0600, like the rest of the data folder: providers' files are the
 * company's, not other accounts' on the machine.
 */

const INCOMING = 'incoming';
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface FilesFolder {
  path: string;
  /** Made for an in-memory database, so removed when the server closes. */
  temporary: boolean;
}

const filesFolders = new WeakMap<MarketplaceDatabase, FilesFolder>();

/**
 * The folder of a server's files: `<db file>.files/` beside a database file, a temporary folder for
 * `:memory:`, unless the `filesDir` option names one.
 * Made on first use, when `incoming/` is also emptied: no upload is in progress yet, so what it
 * holds was cut short by a crash.
 */
export function attachmentFilesFolder(context: Pick<MarketplaceContext, 'db' | 'options'>): string {
  let folder = filesFolders.get(context.db);
  if (!folder) {
    const temporary = !context.options.filesDir && context.options.db === ':memory:';
    const path = context.options.filesDir
      ? resolve(context.options.filesDir)
      : temporary
        ? mkdtempSync(join(tmpdir(), 'field-desk-marketplace-files-'))
        : `${resolve(context.options.db)}.files`;
    rmSync(join(path, INCOMING), { recursive: true, force: true });
    makeFolders(path);
    folder = { path, temporary };
    filesFolders.set(context.db, folder);
  }
  return folder.path;
}

/** Removes the temporary files folder of an in-memory server; a database file keeps its files. */
export function removeTemporaryFilesFolder(context: Pick<MarketplaceContext, 'db'>): void {
  const folder = filesFolders.get(context.db);
  if (!folder?.temporary) return;
  rmSync(folder.path, { recursive: true, force: true });
  filesFolders.delete(context.db);
}

/** Removes every stored file, for a reset that empties the database. */
export function removeAllAttachmentFiles(context: Pick<MarketplaceContext, 'db' | 'options'>): void {
  const path = attachmentFilesFolder(context);
  rmSync(path, { recursive: true, force: true });
  makeFolders(path);
}

/** The folder and its `incoming/`, private; one an older version made 0755 is tightened. */
function makeFolders(path: string): void {
  ensurePrivateDir(path);
  ensurePrivateDir(join(path, INCOMING));
}


/** A file received whole into `incoming/`, not yet an attachment. */
export interface StagedFile {
  path: string;
  sizeBytes: number;
  /** sha256 of the bytes, hex. */
  hash: string;
}

function stagingPath(context: Pick<MarketplaceContext, 'db' | 'options'>): string {
  return join(attachmentFilesFolder(context), INCOMING, `${randomUUID()}.part`);
}

function tooLarge(maxBytes: number): MarketplaceError {
  return new MarketplaceError('PAYLOAD_TOO_LARGE', `The file is larger than the limit of ${maxBytes} bytes`, ['file']);
}

/**
 * Streams `source` into `incoming/`, hashing and counting on the way; memory stays that of a few
 * chunks whatever the size. Past `maxBytes` it fails with 413 and destroys `source`, so its
 * producer stops reading. On any failure the partial file is removed before the error goes on.
 */
export async function stageStream(context: Pick<MarketplaceContext, 'db' | 'options'>, source: Readable, maxBytes: number): Promise<StagedFile> {
  const path = stagingPath(context);
  const hash = createHash('sha256');
  let sizeBytes = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      sizeBytes += chunk.length;
      if (sizeBytes > maxBytes) return callback(tooLarge(maxBytes));
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  const destination = createWriteStream(path, { flags: 'wx', mode: PRIVATE_FILE_MODE });
  try {
    await pipeline(source, meter, destination);
  } catch (error) {
    // A failure can come before the file is even opened, which then creates it; and Windows
    // removes no open file. So the file goes once the stream has closed it (`once` would reject
    // on the 'error' the stream emits first).
    if (!destination.closed) await new Promise<void>((resolve) => destination.once('close', () => resolve()));
    await rm(path, { force: true });
    throw error;
  }
  return { path, sizeBytes, hash: hash.digest('hex') };
}

/** The same for bytes already in memory (the provider simulation's small files). */
export function stageBytes(context: Pick<MarketplaceContext, 'db' | 'options'>, bytes: Buffer, maxBytes: number): StagedFile {
  if (bytes.length > maxBytes) throw tooLarge(maxBytes);
  const path = stagingPath(context);
  writeFileSync(path, bytes, { flag: 'wx', mode: PRIVATE_FILE_MODE });
  return { path, sizeBytes: bytes.length, hash: createHash('sha256').update(bytes).digest('hex') };
}

export function discardStaged(staged: StagedFile): void {
  rmSync(staged.path, { force: true });
}

function storedPath(context: Pick<MarketplaceContext, 'db' | 'options'>, storedName: string): string {
  // Only this module makes stored names; a row that says otherwise must not lead out of the folder.
  if (!STORED_NAME.test(storedName)) throw new Error(`Not a stored file name: ${JSON.stringify(storedName)}`);
  return join(attachmentFilesFolder(context), storedName);
}

/**
 * Moves a staged file to its place and runs `record` (which writes the row); if `record` fails the
 * file goes too, so no file outlives a failed insert and no row names a missing file.
 */
export function keepStaged<Result>(context: Pick<MarketplaceContext, 'db' | 'options'>, staged: StagedFile, record: (storedName: string) => Result): Result {
  const storedName = randomUUID();
  const path = storedPath(context, storedName);
  try {
    renameSync(staged.path, path);
    return record(storedName);
  } catch (error) {
    rmSync(path, { force: true });
    discardStaged(staged);
    throw error;
  }
}

/** Opens a stored file for reading, or undefined if it is gone. */
export async function openStored(context: Pick<MarketplaceContext, 'db' | 'options'>, storedName: string): Promise<FileHandle | undefined> {
  try {
    return await open(storedPath(context, storedName), 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
