import type { OutboxReceipt } from '../../../../src-shared/ipc/write-channels';
import { type AppChild, ProcessGone } from './app-child';
import type { CacheState, OutboxRow } from './cache-state';
import type { MarketSnapshot } from './market-snapshot';
import type { PlannedWrite } from './workload';

/**
 * What became of one planned write:
 * - `queued`: the app acknowledged it (or, unacknowledged, the outbox tables show it was stored);
 * - `unknown`: a kill cut its enqueue; the next look at the outbox tables settles it: stored, or
 *   never stored, and then made again after the restart, as the coordinator would (until then it
 *   must not reach the marketplace).
 */
export type Outcome = { state: 'queued'; entryId: string } | { state: 'unknown' };

/**
 * The test's record of the workload: which writes were made, with the entry id each got, and the
 * id the app gave each record (temporary for a create). Only the app's answers and, after a kill,
 * the outbox tables decide what was made; nothing is assumed about a cut enqueue.
 */
export class Ledger {
  readonly outcomes = new Map<number, Outcome>();
  /** Enqueues a kill cut: the outbox had stored the write, or not (and it was made again). */
  readonly cut = { stored: 0, notStored: 0 };
  readonly #ids = new Map<string, number>();
  #cursor = 0;

  constructor(readonly plan: readonly PlannedWrite[]) {
    for (const write of plan) if (write.record.existingId !== undefined) this.#ids.set(write.record.key, write.record.existingId);
  }

  get done(): boolean {
    return this.#cursor >= this.plan.length;
  }

  get remaining(): number {
    return this.plan.length - this.#cursor;
  }

  /**
   * Makes the next `count` writes one at a time, as a coordinator's clicks come, each with the
   * record's id from the earlier answers. Answers false when the process died during one.
   */
  async enqueue(child: AppChild, count: number): Promise<boolean> {
    for (let made = 0; made < count && !this.done; made += 1) {
      const write = this.plan[this.#cursor] as PlannedWrite;
      this.#cursor += 1;
      const id = this.#ids.get(write.record.key);
      if (write.step !== 'create' && id === undefined) throw new Error(`write ${write.n} names ${write.record.key}, which has no id`);
      let result;
      try {
        result = await child.invoke(write.channel, write.input(id ?? 0));
      } catch (error) {
        if (!(error instanceof ProcessGone)) throw error;
        this.outcomes.set(write.n, { state: 'unknown' });
        return false;
      }
      if (!result.ok) throw new Error(`write ${write.n} (${write.channel} on ${write.record.key}) answered ${result.error.code}: ${result.error.message}`);
      const receipt = result.value as OutboxReceipt;
      this.outcomes.set(write.n, { state: 'queued', entryId: receipt.entryId });
      if (write.step === 'create') this.#ids.set(write.record.key, receipt.id as number);
    }
    return true;
  }

  /**
   * After a kill: a write whose enqueue was cut is stored (waiting, or applied and in the history)
   * or not at all, and the outbox tables say which. One never stored is made again next (it is the
   * last one made: the kill ended the round). A stored create's record takes the temporary id its
   * waiting entry holds, or once applied the marketplace's id, since the app's answer never came.
   */
  settle(cache: CacheState, market: MarketSnapshot): void {
    for (const [n, outcome] of this.outcomes) {
      if (outcome.state !== 'unknown') continue;
      const write = this.plan[n] as PlannedWrite;
      const row = [...cache.entries, ...cache.history].find((candidate) => this.#matches(write, candidate, cache));
      if (!row) {
        this.cut.notStored += 1;
        this.outcomes.delete(n);
        this.#cursor = n;
        continue;
      }
      this.cut.stored += 1;
      this.outcomes.set(n, { state: 'queued', entryId: row.id });
      if (write.step !== 'create') continue;
      const found = write.record.kind === 'order' ? market.orders.get(write.record.key)?.find((order) => order.integrationId === row.id) : market.locations.get(write.record.key)?.[0];
      const id = typeof row.context?.tempId === 'number' ? row.context.tempId : found?.id;
      if (id === undefined) throw new Error(`${write.record.key}: its create was applied, yet the marketplace has no such record`);
      this.#ids.set(write.record.key, id);
    }
  }

  #matches(write: PlannedWrite, row: OutboxRow, cache: CacheState): boolean {
    if (row.kind !== write.kind) return false;
    if (write.marker !== null) return markerOf(row) === write.marker;
    // Publish and routes carry no text of their own: the order (one publish each) and the provider (one route each) tell them apart.
    const temp = this.#ids.get(write.record.key);
    if (temp === undefined || row.workOrderId === null) return false;
    if (write.providerId !== undefined && (row.input as { providerId?: number }).providerId !== write.providerId) return false;
    return row.workOrderId === temp || row.workOrderId === cache.idMap.get(temp);
  }
}

/** The text a write carries that names it alone (see `PlannedWrite.marker`). */
function markerOf(row: OutboxRow): string | undefined {
  const input = row.input as Record<string, Record<string, unknown> | string | undefined>;
  const nested = (key: string, field: string) => (typeof input[key] === 'object' ? (input[key] as Record<string, unknown>)[field] : undefined);
  switch (row.kind) {
    case 'workorders:create':
      return nested('order', 'title') as string | undefined;
    case 'workorders:update':
      return nested('changes', 'title') as string | undefined;
    case 'locations:create':
      return nested('location', 'name') as string | undefined;
    case 'locations:update':
      return nested('changes', 'address2') as string | undefined;
    case 'expenses:add':
      return nested('expense', 'description') as string | undefined;
    case 'attachments:upload':
      return typeof input.notes === 'string' ? input.notes : undefined;
    default:
      return undefined;
  }
}
