import { plainText } from '../../src-shared/domain/plain-text';
import type { SyncStatusPayload } from '../../src-shared/ipc/channels';
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
  // The first refused count is what the last run (or the environment) left: old news.
  let refused: number | undefined;
  // Deliverables are news once this run has pulled the environment: what the first pull brings in is
  // what the coordinator sees on opening the app (the badge counts it), not something to pop up.
  const pulled = new Set<string>();
  // A baseline must come from a count begun after the pull ended, not one already on its way.
  let generation = 0;
  const baselineFrom = new Map<string, number>();
  const seen = new Map<string, Set<number>>();
  let counting: Promise<void> | undefined;
  let countAgain = false;

  // The one way out: whatever a notice carries (a file's name as its uploader typed it) leaves as
  // plain text, since notification servers render markup.
  const announce = (notice: Notice | undefined) => {
    if (notice && options.enabled()) events.emit('notices:did-arrive', { ...notice, title: plainText(notice.title, 120), body: plainText(notice.body) });
  };

  const recount = async () => {
    const started = generation;
    const { environment, items } = await options.pendingDeliverables();
    const known = seen.get(environment) ?? new Set<number>();
    const announcing = pulled.has(environment);
    if (!announcing && started >= (baselineFrom.get(environment) ?? Infinity)) pulled.add(environment);
    seen.set(environment, new Set([...known, ...items.map((item) => item.attachmentId)]));
    if (announcing) announce(deliverablesNotice(items.filter((item) => !known.has(item.attachmentId))));
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
    } else if (event === 'sync:progress') {
      const status = payload as SyncStatusPayload;
      if (status.state !== 'idle' || status.lastSyncedAt === null || baselineFrom.has(status.environment)) return;
      generation += 1;
      baselineFrom.set(status.environment, generation);
      scheduleRecount();
    } else if (event === 'environments:did-change') {
      // Another environment's outbox: its refusals were announced when they happened.
      refused = undefined;
    }
  });
}
