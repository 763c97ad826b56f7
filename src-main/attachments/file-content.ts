import { readdirSync, rmSync, statSync } from 'node:fs';
import { rm, stat, utimes } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { AppError } from '../../src-shared/errors';
import type { Logger } from '../platform/logger';
import { ensurePrivateDir } from '../platform/private-files';

/** How much the cache keeps by default: a day's previews of a busy coordinator, far below a disk's. */
export const ATTACHMENT_CACHE_MAX_BYTES = 512 * 1024 * 1024;

export interface FileContentCacheOptions {
  /** A private folder of its own, e.g. `<dataDir>/attachment-cache`: whatever else is in it may go. */
  dir: string;
  maxBytes?: number;
  logger?: Logger;
  now?: () => number;
}

interface Held {
  size: number;
  usedAt: number;
}

/** A cache key is a file name: ids and hex only, never the provider's file name. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9-]{0,200}$/;

/**
 * Attachment bytes already fetched from the marketplace, so a preview opened once opens again
 * offline and at once. Bounded: past `maxBytes`, the files used longest ago go first (a file's
 * mtime is its last use, so the order survives a restart). A fetch goes through a temporary name;
 * a cut download never looks whole. Two asks for one key share one fetch.
 */
export class FileContentCache {
  readonly dir: string;
  readonly maxBytes: number;
  private readonly logger: Logger | undefined;
  private readonly now: () => number;
  private held: Map<string, Held> | undefined;
  private lastUse = 0;
  private readonly fetching = new Map<string, Promise<string>>();

  constructor(options: FileContentCacheOptions) {
    this.dir = resolve(options.dir);
    this.maxBytes = options.maxBytes ?? ATTACHMENT_CACHE_MAX_BYTES;
    this.logger = options.logger;
    this.now = options.now ?? Date.now;
  }

  /** The cached file's path, marked as just used; undefined when it is not held. */
  async get(key: string): Promise<string | undefined> {
    const held = this.index().get(checked(key));
    if (!held) return undefined;
    const path = this.pathOf(key);
    const found = await stat(path).catch(() => undefined);
    if (!found?.isFile()) {
      this.index().delete(key);
      return undefined;
    }
    await this.touch(key, held);
    return path;
  }

  /**
   * The cached file, or `fetch` fills `destination` first (it must create it whole, or throw, and
   * stop past `maxBytes`, the whole cache's bound). The new file may push the oldest others out; a
   * file larger than the bound is never kept (ATTACHMENT_TOO_LARGE), so the bound holds.
   */
  async getOrFetch(key: string, fetch: (destination: string, maxBytes: number) => Promise<void>): Promise<string> {
    const found = await this.get(key);
    if (found) return found;
    let running = this.fetching.get(key);
    if (!running) {
      running = this.fill(key, fetch).finally(() => this.fetching.delete(key));
      this.fetching.set(key, running);
    }
    return running;
  }

  /** Bytes held now. */
  get size(): number {
    let total = 0;
    for (const held of this.index().values()) total += held.size;
    return total;
  }

  private async fill(key: string, fetch: (destination: string, maxBytes: number) => Promise<void>): Promise<string> {
    ensurePrivateDir(this.dir);
    const path = this.pathOf(key);
    const partial = `${path}.part`;
    const discard = async () => {
      await rm(partial, { force: true });
      await rm(path, { force: true });
    };
    try {
      await fetch(path, this.maxBytes);
    } catch (error) {
      await discard();
      throw error;
    }
    const { size } = await stat(path);
    if (size > this.maxBytes) {
      await discard();
      throw new AppError('ATTACHMENT_TOO_LARGE', `That file is larger than the ${Math.floor(this.maxBytes / (1024 * 1024))} MiB Field Desk keeps for previews; it was not kept.`);
    }
    const held = { size, usedAt: this.now() };
    this.index().set(key, held);
    await this.touch(key, held);
    await this.evict(key);
    return path;
  }

  /** Drops the files used longest ago until the rest fit, keeping `keep`. */
  private async evict(keep: string): Promise<void> {
    const index = this.index();
    let total = this.size;
    const oldestFirst = [...index.entries()].filter(([key]) => key !== keep).sort((a, b) => a[1].usedAt - b[1].usedAt);
    for (const [key, held] of oldestFirst) {
      if (total <= this.maxBytes) break;
      index.delete(key);
      total -= held.size;
      await rm(this.pathOf(key), { force: true });
      this.logger?.debug('attachments: dropped a cached file', { size: held.size });
    }
  }

  private async touch(key: string, held: Held): Promise<void> {
    // Strictly later than any use before, even within one clock tick, so the order is exact.
    held.usedAt = Math.max(this.now(), this.lastUse + 1);
    this.lastUse = held.usedAt;
    const seconds = held.usedAt / 1000;
    await utimes(this.pathOf(key), seconds, seconds).catch(() => undefined);
  }

  /** Read from the folder once: a file's mtime is its last use; leftovers of a cut fetch go. */
  private index(): Map<string, Held> {
    if (this.held) return this.held;
    const held = new Map<string, Held>();
    let names: string[] = [];
    try {
      names = readdirSync(this.dir);
    } catch {
      names = [];
    }
    for (const name of names) {
      const path = join(this.dir, name);
      if (!KEY_PATTERN.test(name)) {
        rmSync(path, { force: true, recursive: true });
        continue;
      }
      const found = statSync(path, { throwIfNoEntry: false });
      if (!found?.isFile()) continue;
      held.set(name, { size: found.size, usedAt: found.mtimeMs });
      this.lastUse = Math.max(this.lastUse, found.mtimeMs);
    }
    this.held = held;
    return held;
  }

  private pathOf(key: string): string {
    return join(this.dir, checked(key));
  }
}

function checked(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`Not a cache key: ${key.slice(0, 40)}`);
  return key;
}
