import { SvelteSet } from 'svelte/reactivity';
import type { OutboxEntry } from '../../src-shared/ipc/outbox-channels';
import { discardEntry, editEntry, followOutboxChanges, followUploadProgress, listOutbox, retryEntry } from '../services/outbox';
import { toasts } from '../lib/toasts.svelte';
import { messageOf } from '../lib/errors';

/** How often the countdowns (undo window, next retry) move on. */
const TICK_MS = 1_000;

export interface UploadProgress {
  sent: number;
  total: number;
}

/**
 * The Outbox screen's state: every entry not yet applied, oldest first, read again on each
 * `outbox:changed`; upload progress as main reports it; a clock for the countdowns. Started by the
 * screen on mount, so nothing listens while the coordinator is elsewhere.
 */
export class OutboxState {
  entries = $state.raw<OutboxEntry[]>([]);
  loaded = $state(false);
  error = $state<string | undefined>();
  now = $state(Date.now());
  /** Per entry id: bytes sent of the upload on the wire. */
  uploads = $state.raw<Record<string, UploadProgress>>({});
  /** Entries with a request in flight from this screen: their buttons wait. */
  readonly busy = new SvelteSet<string>();

  refused = $derived(this.entries.filter((entry) => entry.state === 'refused'));
  /** The rest, in the order they will be sent. */
  queue = $derived(this.entries.filter((entry) => entry.state !== 'refused'));

  #sequence = 0;

  start(): () => void {
    void this.read();
    const timer = setInterval(() => (this.now = Date.now()), TICK_MS);
    const stops = [
      followOutboxChanges(() => void this.read()),
      followUploadProgress(({ entryId, sent, total }) => (this.uploads = { ...this.uploads, [entryId]: { sent, total } })),
    ];
    return () => {
      clearInterval(timer);
      stops.forEach((stop) => stop());
    };
  }

  async read(): Promise<void> {
    const sequence = ++this.#sequence;
    try {
      const entries = await listOutbox();
      // An older answer arriving after a newer one would show changes already gone.
      if (sequence !== this.#sequence) return;
      this.entries = entries;
      this.error = undefined;
      this.now = Date.now();
    } catch (error) {
      if (sequence === this.#sequence) this.error = messageOf(error, 'Could not read the outbox.');
    } finally {
      if (sequence === this.#sequence) this.loaded = true;
    }
  }

  /** The upload's progress: main's latest report, or the entry's own numbers. */
  upload(entry: OutboxEntry): UploadProgress | undefined {
    return this.uploads[entry.id] ?? entry.upload ?? undefined;
  }

  /** What a discard takes with it: the entry, and for a create every later change waiting on its temporary id. */
  discardedWith(entry: OutboxEntry): OutboxEntry[] {
    const creates = entry.kind === 'workorders:create' && entry.workOrderId !== null && entry.workOrderId < 0;
    return creates ? this.entries.filter((other) => other.id !== entry.id && other.workOrderId === entry.workOrderId) : [];
  }

  retry(entry: OutboxEntry): Promise<boolean> {
    return this.#act(entry, () => retryEntry(entry.id), `Sending again: ${entry.summary}`);
  }

  discard(entry: OutboxEntry): Promise<boolean> {
    return this.#act(entry, () => discardEntry(entry.id), `Discarded: ${entry.summary}`);
  }

  /** Answers the problem to show beside the form, or undefined when main took the edit. */
  async edit(entry: OutboxEntry, input: unknown): Promise<string | undefined> {
    let problem: string | undefined;
    await this.#act(entry, () => editEntry(entry.id, input), `Sending again: ${entry.summary}`, (message) => (problem = message));
    return problem;
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
      void this.read();
    }
  }
}

export const outbox = new OutboxState();
