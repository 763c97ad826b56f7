import type { AppliedEntry, Notice } from '../../src-shared/ipc/notices';
import type { PendingDeliverable } from '../db/work-order-parts-repository';
import type { EventHub } from './event-hub';

// What is news enough for a desktop notification, decided once here for both hosts: Electron shows
// `notices:did-arrive` with its own Notification, a browser page with the page's. Each host shows a
// notice only while the app is out of sight; in front, the app's own badges and toasts say it.

/** What to say when the refused count went from `before` to `after`; nothing when it did not grow. */
export function refusalNotice(before: number, after: number): Notice | undefined {
  const added = after - before;
  if (added <= 0) return undefined;
  return {
    kind: 'refusal',
    title: added === 1 ? 'A change was refused' : `${added} changes were refused`,
    body: 'The marketplace did not accept it. Open the Outbox to retry, edit or discard.',
  };
}

export function uploadNotice(entry: AppliedEntry): Notice | undefined {
  if (entry.kind !== 'attachments:upload' || entry.fileName === undefined) return undefined;
  const where = entry.workOrderId === null ? '' : ` to work order #${entry.workOrderId}`;
  return { kind: 'upload', title: 'Upload finished', body: `${entry.fileName} was added${where}.`, ...(entry.workOrderId === null ? {} : { workOrderId: entry.workOrderId }) };
}


export function deliverablesNotice(arrived: readonly PendingDeliverable[]): Notice | undefined {
  if (arrived.length === 0) return undefined;
  const orders = new Set(arrived.map((item) => item.workOrderId));
  const [only] = orders;
  return {
    kind: 'deliverables',
    title: arrived.length === 1 ? 'A new deliverable to review' : `${arrived.length} new deliverables to review`,
    body: orders.size === 1 ? `Uploaded on work order #${only}.` : `Uploaded on ${orders.size} work orders.`,
    ...(orders.size === 1 ? { workOrderId: only } : {}),
  };
}

export interface NoticeWatchOptions {
  events: EventHub;
  /** The Settings switch, read at each notice. */
  enabled: () => boolean;
  /** Deliverables waiting for review in the active environment's cache, with the environment they belong to. */
  pendingDeliverables: () => Promise<{ environment: string; items: PendingDeliverable[] }>;
  onError: (error: unknown) => void;
}

/** Follows the app's events and emits `notices:did-arrive` for what is news; returns the unsubscribe. */
export function watchNotices(options: NoticeWatchOptions): () => void {
  const { events } = options;
  // The first reading of each is what the last run (or the environment) left: old news, not announced.
  let refused: number | undefined;
  // Per environment: switching to one is not news of its files.
  const seen = new Map<string, Set<number>>();
  let counting: Promise<void> | undefined;
  let countAgain = false;

  const announce = (notice: Notice | undefined) => {
    if (notice && options.enabled()) events.emit('notices:did-arrive', notice);
  };

  const recount = async () => {
    const { environment, items } = await options.pendingDeliverables();
    const known = seen.get(environment);
    const arrived = known === undefined ? [] : items.filter((item) => !known.has(item.attachmentId));
    seen.set(environment, new Set([...(known ?? []), ...items.map((item) => item.attachmentId)]));
    announce(deliverablesNotice(arrived));
  };
  // Cache changes come in bursts (a pull, a drained outbox): one count at a time, and one more after it.
  const scheduleRecount = () => {
    if (counting) {
      countAgain = true;
      return;
    }
    counting = recount()
      .catch(options.onError)
      .finally(() => {
        counting = undefined;
        if (countAgain) {
          countAgain = false;
          scheduleRecount();
        }
      });
  };
  scheduleRecount();

  return events.subscribe((event, payload) => {
    if (event === 'outbox:changed') {
      const now = (payload as { refused: number }).refused;
      const notice = refused === undefined ? undefined : refusalNotice(refused, now);
      refused = now;
      announce(notice);
    } else if (event === 'outbox:did-apply') {
      announce(uploadNotice(payload as AppliedEntry));
    } else if (event === 'workorders:did-change') {
      scheduleRecount();
    } else if (event === 'environments:did-change') {
      // Another environment's outbox: its refusals were announced when they happened.
      refused = undefined;
    }
  });
}
