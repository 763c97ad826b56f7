import { countNeedingAttention, followWorkOrderChanges } from '../services/work-orders';

/** App-wide: the Needs attention count for the sidebar badge, fresh on whichever screen is open. */
class AttentionBadge {
  count = $state(0);
  #sequence = 0;

  /** Reads the count now and after every change main announces; returns what stops following. */
  start(): () => void {
    void this.#read();
    return followWorkOrderChanges(() => void this.#read());
  }

  async #read(): Promise<void> {
    const sequence = ++this.#sequence;
    try {
      const count = await countNeedingAttention();
      if (sequence === this.#sequence) this.count = count;
    } catch {
      // A badge is a hint: the Work orders screen shows the error when the cache cannot be read.
    }
  }
}

export const attention = new AttentionBadge();
