import { plainText } from '../../src-shared/domain/plain-text';
import type { SyncStatusPayload } from '../../src-shared/ipc/channels';
import type { AppliedEntry, Notice } from '../../src-shared/ipc/notices';
import { type NoticeKinds, noticedKinds } from '../../src-shared/domain/notice-kinds';
import type { InboxKind } from '../../src-shared/ipc/inbox';
import type { InboxArrivals } from '../db/inbox-arrivals';
import type { EventHub } from './event-hub';
import { inboxNotice } from './inbox-notice';

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

export interface NoticeWatchOptions {
  events: EventHub;
  /** The Settings switch, read at each notice. */
  enabled: () => boolean;
  /** The Inbox kinds chosen in Settings, read at each notice. */
  kinds: () => NoticeKinds | undefined;
  /**
   * The active environment's unread Inbox items of these kinds above its cursor (`cursorOf` gives it;
   * none without one, only the highest id: a baseline), with the environment they belong to.
   */
  inboxArrivals: (cursorOf: (environment: string) => number | undefined, kinds: readonly InboxKind[]) => Promise<{ environment: string; arrivals: InboxArrivals }>;
  onError: (error: unknown) => void;
  /** Tests move the clock; the spacing of inbox notices reads it. */
  now?: () => number;
  /** INBOX_NOTICE_SPACING_MS unless a test says otherwise. */
  spacingMs?: number;
}

/**
 * Inbox notices at most this often. With providers' changes arriving within seconds (src-main/live),
 * a busy afternoon is a stream of small bursts: what arrives within this long of the last notice
 * waits and comes as one notice at its end, instead of a notice every few seconds.
 */
export const INBOX_NOTICE_SPACING_MS = 60_000;

/** Follows the app's events and emits `notices:did-arrive` for what is news; returns the unsubscribe. */
export function watchNotices(options: NoticeWatchOptions): () => void {
  const { events } = options;
  // The first refused count is what the last run (or the environment) left: old news.
  let refused: number | undefined;
  // Inbox items are news once this run has pulled the environment: what the first pull brings in is
  // what the coordinator sees on opening the app (the Inbox counts it), not something to pop up.
  const pulled = new Set<string>();
  // A baseline must come from a count begun after the pull ended, not one already on its way.
  let generation = 0;
  const baselineFrom = new Map<string, number>();
  // The highest inbox id each environment's last count saw (ids only grow: a row written again keeps its own).
  const cursors = new Map<string, number>();
  let counting: Promise<void> | undefined;
  let countAgain = false;
  const now = options.now ?? Date.now;
  let lastInboxNotice = Number.NEGATIVE_INFINITY;
  let spacing: NodeJS.Timeout | undefined;

  // The one way out: whatever a notice carries (a file's name as its uploader typed it) leaves as
  // plain text, since notification servers render markup.
  const announce = (notice: Notice | undefined) => {
    if (notice && options.enabled()) events.emit('notices:did-arrive', { ...notice, title: plainText(notice.title, 120), body: plainText(notice.body) });
  };

  // One count is one burst: whatever became visible since the last count, in one notice.
  const recount = async () => {
    const started = generation;
    // Off, nothing is asked but the cursor: what arrives meanwhile is not replayed when turned on again.
    const kinds = options.enabled() ? [...noticedKinds(options.kinds())] : [];
    const { environment, arrivals } = await options.inboxArrivals((id) => (pulled.has(id) ? cursors.get(id) : undefined), kinds);
    const announcing = pulled.has(environment) && cursors.has(environment);
    if (!pulled.has(environment) && started >= (baselineFrom.get(environment) ?? Infinity)) pulled.add(environment);
    const notice = announcing ? inboxNotice(arrivals) : undefined;
    const wait = lastInboxNotice + (options.spacingMs ?? INBOX_NOTICE_SPACING_MS) - now();
    if (notice && wait > 0) {
      // The cursor stays: at the end of the spacing, this burst and whatever follows it are one notice.
      spacing ??= setTimeout(() => {
        spacing = undefined;
        scheduleRecount();
      }, wait);
      spacing.unref?.();
      return;
    }
    cursors.set(environment, arrivals.newest);
    if (notice && options.enabled()) lastInboxNotice = now();
    announce(notice);
  };
  // A pull writes page after page: what it brings is counted when it ends, so one pull is one notice.
  let pulling = false;
  let held = false;
  // Cache changes come in bursts (a pull, a drained outbox): one count at a time, and one more after it.
  const scheduleRecount = () => {
    if (pulling) {
      held = true;
      return;
    }
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

  const unsubscribe = events.subscribe((event, payload) => {
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
      pulling = status.state === 'syncing';
      if (status.state === 'idle' && status.lastSyncedAt !== null && !baselineFrom.has(status.environment)) {
        generation += 1;
        baselineFrom.set(status.environment, generation);
        held = true;
      }
      if (!pulling && held) {
        held = false;
        scheduleRecount();
      }
    } else if (event === 'environments:did-change') {
      // Another environment's outbox: its refusals were announced when they happened. Its pull, if
      // one was running, ended with its workspace.
      refused = undefined;
      pulling = false;
      if (held) {
        held = false;
        scheduleRecount();
      }
    }
  });
  return () => {
    unsubscribe();
    if (spacing) clearTimeout(spacing);
  };
}
