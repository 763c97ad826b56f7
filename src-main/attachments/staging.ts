import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { mimeTypeOf, safeDisplayName } from '../../src-shared/domain/attachments';
import { AppError } from '../../src-shared/errors';
import { readJsonObject } from '../platform/json-file';
import type { Logger } from '../platform/logger';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../platform/private-files';
import { meter, syncDirectory, writeFileDurably } from './staging-io';

export interface StagedFile {
  /** A random uuid; also the staged copy's file name. */
  id: string;
  /** Absolute path of the staged copy. */
  path: string;
  /** The file's name as the coordinator had it: the base name only, cleaned for display. */
  name: string;
  /** Guessed from the extension; `application/octet-stream` otherwise. */
  mime: string;
  size: number;
  /** Hex. */
  sha256: string;
}

export interface AttachmentStagingOptions {
  /** A private folder of its own, e.g. `<dataDir>/staging`: `prune` removes whatever it does not keep. */
  dir: string;
  maxBytes: number;
  logger?: Logger;
}

export interface StageFromStreamOptions {
  /** What the sender announced (a Content-Length); refused at once beyond the limit. */
  declaredSize?: number;
  signal?: AbortSignal;
}

const StagedIdSchema = z.uuid();

/** The sidecar `<id>.json`: what `get` answers after a restart. */
const SidecarSchema = z.object({
  id: StagedIdSchema,
  name: z.string().min(1),
  mime: z.string().min(1),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

/** Reading a file in large chunks keeps the copy's per-chunk work small next to the disk's. */
const READ_CHUNK_BYTES = 1024 * 1024;

/**
 * Copies of files the coordinator attached, kept until the outbox has uploaded them: the original
 * may be moved or deleted meanwhile, and a retry must send the very bytes that were hashed.
 * Each copy is `<id>` with a sidecar `<id>.json`; both are private (0600, in a 0700 folder).
 */
export class AttachmentStaging {
  private readonly dir: string;
  private readonly maxBytes: number;
  private readonly logger: Logger | undefined;
  /** Copies under way: `prune` must not remove their partial files. */
  private readonly inFlight = new Set<string>();

  constructor(options: AttachmentStagingOptions) {
    this.dir = resolve(options.dir);
    this.maxBytes = options.maxBytes;
    this.logger = options.logger;
  }

  /** Copies a file from the coordinator's disk; too large or unreadable files are refused before a byte is copied. */
  async stageFromPath(sourcePath: string): Promise<StagedFile> {
    // stat, not open, decides first: opening a named pipe for reading would wait for a writer.
    const stats = await stat(sourcePath).catch(() => undefined);
    if (!stats?.isFile()) throw new AppError('ATTACHMENT_UNREADABLE');
    if (stats.size > this.maxBytes) throw new AppError('ATTACHMENT_TOO_LARGE');
    const source = createReadStream(sourcePath, { highWaterMark: READ_CHUNK_BYTES });
    // A file without read permission fails here, before the copy starts.
    await new Promise<void>((ready, fail) => {
      source.once('open', () => ready());
      source.once('error', () => fail(new AppError('ATTACHMENT_UNREADABLE')));
    });
    return this.stage(source, basename(sourcePath));
  }

  /**
   * Copies what a stream delivers (browser mode's upload). Beyond the limit, announced or counted,
   * it answers ATTACHMENT_TOO_LARGE and leaves no file; an announced size beyond it leaves the
   * stream untouched, any other failure destroys it.
   */
  async stageFromStream(source: Readable, name: string, { declaredSize, signal }: StageFromStreamOptions = {}): Promise<StagedFile> {
    if (declaredSize !== undefined && declaredSize > this.maxBytes) throw new AppError('ATTACHMENT_TOO_LARGE');
    return this.stage(source, name, signal);
  }

  /** The staged file with this id, or undefined: an id that is not a uuid never becomes a path. */
  get(id: string): StagedFile | undefined {
    if (!StagedIdSchema.safeParse(id).success) return undefined;
    const content = readJsonObject(this.sidecarPath(id));
    if (content.kind !== 'object') return undefined;
    const sidecar = SidecarSchema.safeParse(content.value);
    const path = this.copyPath(id);
    if (!sidecar.success || sidecar.data.id !== id || !existsSync(path)) return undefined;
    // The path is not read from the sidecar: the data folder may have been moved since.
    return { ...sidecar.data, path };
  }

  /** Removes a staged file and its sidecar; nothing happens when there is none. */
  async remove(id: string): Promise<void> {
    if (!StagedIdSchema.safeParse(id).success) return;
    for (const file of this.filesOf(id)) await rm(file, { force: true });
  }

  /** Removes staged files no entry names any more (called at start with the ids the outbox still holds). Answers how many. */
  async prune(keep: ReadonlySet<string>): Promise<number> {
    let entries: string[];
    try {
      entries = await readdir(this.dir);
    } catch {
      return 0;
    }
    const removed = new Set<string>();
    for (const entry of entries) {
      // `<id>`, `<id>.json`, `<id>.part`, `<id>.json.part`; anything else in our folder is debris too.
      const id = entry.split('.')[0] ?? entry;
      if (keep.has(id) || this.inFlight.has(id)) continue;
      await rm(join(this.dir, entry), { force: true, recursive: true });
      removed.add(id);
    }
    if (removed.size > 0) this.logger?.info('attachments: pruned staged files', { count: removed.size });
    return removed.size;
  }

  private async stage(source: Readable, givenName: string, signal?: AbortSignal): Promise<StagedFile> {
    const id = randomUUID();
    const path = this.copyPath(id);
    const partial = `${path}.part`;
    let sourceFailed = false;
    source.once('error', () => {
      sourceFailed = true;
    });
    this.inFlight.add(id);
    try {
      ensurePrivateDir(this.dir);
      const metered = meter(this.maxBytes);
      // `wx`: a fresh file, private from its first byte; `flush`: on disk before it is renamed.
      const copy = createWriteStream(partial, { flags: 'wx', mode: PRIVATE_FILE_MODE, flush: true });
      await pipeline(source, metered.transform, copy, { signal });
      await rename(partial, path);
      const name = safeDisplayName(givenName);
      const staged: StagedFile = { id, path, name, mime: mimeTypeOf(name), ...metered.result() };
      const { path: _path, ...sidecar } = staged;
      await writeFileDurably(this.sidecarPath(id), `${JSON.stringify(sidecar)}\n`);
      await syncDirectory(this.dir);
      this.logger?.debug('attachments: staged', { id, size: staged.size });
      return staged;
    } catch (error) {
      source.destroy();
      await Promise.all(this.filesOf(id).map((file) => rm(file, { force: true })));
      if (error instanceof AppError || signal?.aborted) throw error;
      // The coordinator's file or the browser's upload broke off; a full disk is ours to report.
      if (sourceFailed) throw new AppError('ATTACHMENT_UNREADABLE');
      throw error;
    } finally {
      this.inFlight.delete(id);
    }
  }

  private copyPath(id: string): string {
    return join(this.dir, id);
  }

  private sidecarPath(id: string): string {
    return join(this.dir, `${id}.json`);
  }

  private filesOf(id: string): string[] {
    const copy = this.copyPath(id);
    const sidecar = this.sidecarPath(id);
    return [copy, `${copy}.part`, sidecar, `${sidecar}.part`];
  }
}
