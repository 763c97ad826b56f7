import { randomUUID } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { mimeTypeOf, safeDisplayName } from '../../src-shared/domain/attachments';
import { AppError } from '../../src-shared/errors';
import { readJsonObject } from '../platform/json-file';
import type { Logger } from '../platform/logger';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../platform/private-files';
import { openLocalFile } from './local-file';
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
  /** One file's limit (the marketplace's). */
  maxBytes: number;
  /** The whole folder's limit: files waiting offline must not fill the disk. */
  maxTotalBytes?: number;
  logger?: Logger;
  now?: () => number;
}

/** Room for a day offline with photos and a few videos; far below a disk's free space. */
export const STAGING_MAX_TOTAL_BYTES = 2 * 1024 * 1024 * 1024;

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
  private readonly maxTotalBytes: number;
  private readonly logger: Logger | undefined;
  private readonly now: () => number;
  /** Copies under way, with the room each may take: `prune` keeps their partial files, the cap counts them. */
  private readonly inFlight = new Map<string, number>();
  private reservations: Promise<unknown> = Promise.resolve();

  constructor(options: AttachmentStagingOptions) {
    this.dir = resolve(options.dir);
    this.maxBytes = options.maxBytes;
    this.maxTotalBytes = options.maxTotalBytes ?? STAGING_MAX_TOTAL_BYTES;
    this.logger = options.logger;
    this.now = options.now ?? Date.now;
  }

  /**
   * Copies a file from the coordinator's disk (a path the preload resolved from a dropped or picked
   * file): a regular file only, opened once, its size checked and its bytes read on that descriptor.
   */
  async stageFromPath(sourcePath: string): Promise<StagedFile> {
    const { handle, size, name } = await openLocalFile(sourcePath, this.maxBytes);
    const id = randomUUID();
    try {
      await this.reserve(id, size);
    } catch (error) {
      await handle.close();
      throw error;
    }
    if (size === 0) {
      await handle.close();
      const empty = Readable.from([]);
      return this.stage(id, empty, name, undefined, brokeOff(empty));
    }
    // Exactly the bytes measured: a file growing meanwhile is copied as it was checked.
    const source = handle.createReadStream({ highWaterMark: READ_CHUNK_BYTES, start: 0, end: size - 1 });
    return this.stage(id, source, name, undefined, brokeOff(source));
  }

  /**
   * Copies what a stream delivers (browser mode's upload). Beyond the limit, announced or counted,
   * it answers ATTACHMENT_TOO_LARGE and leaves no file; an announced size beyond it leaves the
   * stream untouched, any other failure destroys it.
   */
  async stageFromStream(source: Readable, name: string, { declaredSize, signal }: StageFromStreamOptions = {}): Promise<StagedFile> {
    if (declaredSize !== undefined && declaredSize > this.maxBytes) throw new AppError('ATTACHMENT_TOO_LARGE');
    // Heard from now on: a request cut while its room is being counted must not go unhandled.
    const broke = brokeOff(source);
    const id = randomUUID();
    await this.reserve(id, declaredSize);
    return this.stage(id, source, name, signal, broke);
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

  /**
   * Removes staged files no entry names any more (`keep`: the ids the outboxes still hold), and
   * debris. At start everything else goes; on the timer only what is older than `olderThanMs`, so
   * a file the page staged a moment ago and is about to queue stays. Answers how many.
   */
  async prune(keep: ReadonlySet<string>, { olderThanMs = 0 }: { olderThanMs?: number } = {}): Promise<number> {
    const removed = new Set<string>();
    const cutoff = this.now() - olderThanMs;
    for (const entry of await this.entries()) {
      // `<id>`, `<id>.json`, `<id>.part`, `<id>.json.part`; anything else in our folder is debris too.
      const id = entry.split('.')[0] ?? entry;
      if (keep.has(id) || this.inFlight.has(id)) continue;
      const path = join(this.dir, entry);
      if (olderThanMs > 0 && ((await stat(path).catch(() => undefined))?.mtimeMs ?? 0) > cutoff) continue;
      await rm(path, { force: true, recursive: true });
      removed.add(id);
    }
    if (removed.size > 0) this.logger?.info('attachments: pruned staged files', { count: removed.size });
    return removed.size;
  }

  /** Bytes the folder's copies take, and the room copies under way have been promised. */
  async usedBytes(): Promise<number> {
    let total = 0;
    for (const entry of await this.entries()) {
      if (entry.endsWith('.part') || entry.endsWith('.json')) continue;
      total += (await stat(join(this.dir, entry)).catch(() => undefined))?.size ?? 0;
    }
    for (const reserved of this.inFlight.values()) total += reserved;
    return total;
  }

  private async entries(): Promise<string[]> {
    return readdir(this.dir).catch(() => []);
  }

  /**
   * Promises a copy its room, or refuses it when the folder has none. One reservation at a time:
   * two drops counted at once would both fit in the room left for one.
   */
  private reserve(id: string, declaredSize: number | undefined): Promise<void> {
    const wanted = declaredSize ?? this.maxBytes;
    ensurePrivateDir(this.dir);
    const turn = this.reservations.then(async () => {
      const used = await this.usedBytes();
      if (used + wanted > this.maxTotalBytes) {
        throw new AppError(
          'STAGING_FULL',
          `Files waiting to be sent already take ${formatSize(used)} of the ${formatSize(this.maxTotalBytes)} Field Desk keeps for them; let them be sent or discard some in the Outbox, then attach this file again.`,
        );
      }
      this.inFlight.set(id, wanted);
    });
    this.reservations = turn.catch(() => undefined);
    return turn;
  }

  /** Copies into the folder under `id`, whose room `reserve` promised; a refusal before it leaves the source untouched. */
  private async stage(id: string, source: Readable, givenName: string, signal: AbortSignal | undefined, broke: () => boolean): Promise<StagedFile> {
    const path = this.copyPath(id);
    const partial = `${path}.part`;
    try {
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
      if (broke()) throw new AppError('ATTACHMENT_UNREADABLE');
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

/** Whether the source failed (the coordinator's file or the browser's upload broke off); heard from the call on. */
function brokeOff(source: Readable): () => boolean {
  let failed = false;
  source.once('error', () => {
    failed = true;
  });
  return () => failed;
}

const KIB = 1024;
const MIB = 1024 * KIB;
const GIB = 1024 * MIB;
const formatSize = (bytes: number) => (bytes >= GIB ? `${(bytes / GIB).toFixed(1)} GiB` : bytes >= MIB ? `${Math.ceil(bytes / MIB)} MiB` : `${Math.ceil(bytes / KIB)} KiB`);
