import { followQueue, listDeliverables } from '../services/deliverables';
import { countNeedingAttention, followWorkOrderChanges } from '../services/work-orders';

/** An app-wide count for a sidebar badge, fresh on whichever screen is open. */
class CountBadge {
  count = $state(0);
  #sequence = 0;

  constructor(
    private readonly read: () => Promise<number>,
    private readonly follow: (changed: () => void) => () => void,
  ) {}

  /** Reads the count now and after every change main announces; returns what stops following. */
  start(): () => void {
    void this.#read();
    return this.follow(() => void this.#read());
  }

  async #read(): Promise<void> {
    const sequence = ++this.#sequence;
    try {
      const count = await this.read();
      if (sequence === this.#sequence) this.count = count;
    } catch {
      // A badge is a hint: its screen shows the error when the cache cannot be read.
    }
  }
}

/** Orders that need the coordinator now (the Needs attention view). */
export const attention = new CountBadge(countNeedingAttention, followWorkOrderChanges);

/** Providers' files waiting for review (the Deliverables queue, unfiltered). */
export const reviewQueue = new CountBadge(async () => (await listDeliverables({})).total, followQueue);
