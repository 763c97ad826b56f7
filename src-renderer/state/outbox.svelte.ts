import { SvelteSet } from 'svelte/reactivity';
import type { OutboxEntry } from '../../src-shared/ipc/outbox-channels';
import { coalesced } from '../lib/coalesce';
import { Listeners } from '../lib/listeners';
import { messageOf } from '../lib/errors';
import { toasts } from '../lib/toasts.svelte';
import * as service from '../services/outbox';

/** How often the countdowns (undo window, next retry) move on while someone shows them. */
const TICK_MS = 1_000;

export interface UploadProgress {
  sent: number;
  total: number;
}

export interface OutboxCounts {
  pending: number;
  refused: number;
}

/**
 * The outbox as main holds it, for the whole renderer: the one reader of `outbox:list`. Its counts
 * come with every `outbox:changed`; its entries are read only while someone shows them (`watch`,
 * `follow`) or when a refusal arrives (`onRefused`), so a write on another screen costs no read
 * here. Upload progress comes from main's events.
 */
export class OutboxStore {
  entries = $state.raw<OutboxEntry[]>([]);
  counts = $state.raw<OutboxCounts>({ pending: 0, refused: 0 });
  loaded = $state(false);
  error = $state<string | undefined>();
  /** Per entry id: bytes sent of the upload on the wire. */
  progress = $state.raw<Record<string, UploadProgress>>({});
  /** The countdowns' clock, ticking while someone watches. */
  now = $state(Date.now());
  /** Entries with a request in flight from a screen: their buttons wait. */
  readonly busy = new SvelteSet<string>();

  refused = $derived(this.entries.filter((entry) => entry.state === 'refused'));
  /** The rest, in the order they will be sent. */
  queue = $derived(this.entries.filter((entry) => entry.state !== 'refused'));

  #watchers = 0;
  #stale = true;
  #sequence = 0;
  #clock: ReturnType<typeof setInterval> | undefined;
  readonly #followers = new Listeners<readonly OutboxEntry[]>();
  readonly #refusalListeners = new Listeners<readonly OutboxEntry[]>();
  /** Refused entries already told (the first read's are old news). */
  #toldRefused: readonly string[] | undefined;
  readonly #readSoon = coalesced(() => this.read());

  /** Follows main (App, once): counts and progress always, entries when someone needs them. */
  start(): () => void {
    void this.read();
    return service.followOutbox({
      changed: (counts) => {
        const refusalArrived = counts.refused > this.counts.refused;
        this.counts = counts;
        this.#stale = true;
        if (this.#watchers > 0 || (refusalArrived && this.#refusalListeners.size > 0)) this.#readSoon();
      },
      progress: ({ entryId, sent, total }) => (this.progress = { ...this.progress, [entryId]: { sent, total } }),
    });
  }

  /** A screen showing the entries: they are read now when stale and kept fresh until the release. */
  watch(): () => void {
    this.#watchers += 1;
    if (this.#watchers === 1) this.#clock = setInterval(() => (this.now = Date.now()), TICK_MS);
    if (this.#stale) this.#readSoon();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#watchers -= 1;
      if (this.#watchers === 0) clearInterval(this.#clock);
    };
  }

  /**
   * A state that reacts to the entries (a bulk report, an import): told after each read while it
   * follows, the first from a read begun now (it may have just queued what it follows).
   */
  follow(listener: (entries: readonly OutboxEntry[]) => void): () => void {
    const stop = this.#followers.add(listener);
    const release = this.watch();
    this.#readSoon();
    return () => {
      stop();
      release();
    };
  }

  /** Told of each entry the marketplace refuses from now on, once. */
  onRefused(listener: (entries: readonly OutboxEntry[]) => void): () => void {
    return this.#refusalListeners.add(listener);
  }

  async read(): Promise<void> {
    const sequence = ++this.#sequence;
    this.#stale = false;
    try {
      const entries = await service.listOutbox();
      // An older answer arriving after a newer one would show changes already gone.
      if (sequence !== this.#sequence) return;
      this.entries = entries;
      this.counts = { pending: entries.length, refused: entries.filter((entry) => entry.state === 'refused').length };
      this.error = undefined;
      this.now = Date.now();
      this.#tellRefusals(entries);
      this.#followers.tell(entries);
    } catch (error) {
      if (sequence === this.#sequence) {
        this.error = messageOf(error, 'Could not read the outbox.');
        this.#stale = true;
      }
    } finally {
      if (sequence === this.#sequence) this.loaded = true;
    }
  }

  /** The upload's progress: main's latest report, or the entry's own numbers. */
  upload(entry: OutboxEntry): UploadProgress | undefined {
    return this.progress[entry.id] ?? entry.upload ?? undefined;
  }

  /** What a discard takes with it: the entry, and for a create every later change waiting on its temporary id. */
  discardedWith(entry: OutboxEntry): OutboxEntry[] {
    const creates = entry.kind === 'workorders:create' && entry.workOrderId !== null && entry.workOrderId < 0;
    return creates ? this.entries.filter((other) => other.id !== entry.id && other.workOrderId === entry.workOrderId) : [];
  }

  retry(entry: OutboxEntry): Promise<boolean> {
    return this.#act(entry, () => service.retryEntry(entry.id), `Sending again: ${entry.summary}`);
  }

  discard(entry: OutboxEntry): Promise<boolean> {
    return this.#act(entry, () => service.discardEntry(entry.id), `Discarded: ${entry.summary}`);
  }

  /** Answers the problem to show beside the form, or undefined when main took the edit. */
  async edit(entry: OutboxEntry, input: unknown): Promise<string | undefined> {
    let problem: string | undefined;
    await this.#act(entry, () => service.editEntry(entry.id, input), `Sending again: ${entry.summary}`, (message) => (problem = message));
    return problem;
  }

  #tellRefusals(entries: readonly OutboxEntry[]): void {
    const refused = entries.filter((entry) => entry.state === 'refused');
    const told = this.#toldRefused;
    this.#toldRefused = refused.map((entry) => entry.id);
    if (!told) return;
    const arrived = refused.filter((entry) => !told.includes(entry.id));
    if (arrived.length > 0) this.#refusalListeners.tell(arrived);
  }

  async #act(entry: OutboxEntry, run: () => Promise<unknown>, success: string, onProblem?: (message: string) => void): Promise<boolean> {
    this.busy.add(entry.id);
    try {
      await run();
      toasts.show({ tone: 'success', message: success });
      return true;
    } catch (error) {
      const message = messageOf(error, 'The outbox did not answer.');
      if (onProblem) onProblem(message);
      else toasts.show({ tone: 'danger', message });
      return false;
    } finally {
      this.busy.delete(entry.id);
    }
  }
}

export const outbox = new OutboxStore();
