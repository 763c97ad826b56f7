import type { WorkOrderPage } from '../../src-shared/ipc/channels';
import { countBadges } from '../services/work-orders';
import { cacheChanges } from './cache-changes.svelte';

/**
 * The navigation's counts that come from the cache: orders needing attention and files waiting
 * for review. Every list answer carries both, so while the work order list is on screen it feeds
 * them; elsewhere one small read follows each change.
 */
class Badges {
  attention = $state(0);
  deliverables = $state(0);
  /** Unread Inbox items: fed by the list's answers too, and by the Inbox itself when it marks items. */
  inbox = $state(0);
  /** Lists on screen whose answers carry the counts. */
  #feeders = 0;
  #sequence = 0;

  /** App, once: reads the counts now and after each change no list on screen reads them. */
  start(): () => void {
    void this.#read();
    return cacheChanges.follow(() => {
      if (this.#feeders === 0) void this.#read();
    });
  }

  /** A list on screen: its answers feed the counts until the release. */
  feedFromList(): () => void {
    this.#feeders += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#feeders -= 1;
    };
  }

  /** The counts a list answer carried. */
  feed(page: Pick<WorkOrderPage, 'attentionCount' | 'deliverablesWaiting' | 'inboxUnread'>): void {
    this.#sequence += 1;
    this.attention = page.attentionCount;
    this.deliverables = page.deliverablesWaiting;
    this.inbox = page.inboxUnread;
  }

  async #read(): Promise<void> {
    const sequence = ++this.#sequence;
    try {
      const counts = await countBadges();
      if (sequence === this.#sequence) this.feed(counts);
    } catch {
      // A badge is a hint: its screen shows the error when the cache cannot be read.
    }
  }
}

export const badges = new Badges();
