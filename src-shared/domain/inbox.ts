import type { Message } from '../api/message';
import { WORK_ORDER_STATUSES } from '../api/status';
import type { WorkOrder } from '../api/work-order';
import { epochOfUtc } from './moments';
import { marketplaceHistory, type OrderParts } from './order-history';

/*
 * What goes into the Inbox (issue 28): the provider-side steps of an order's history (the one
 * extraction, `marketplaceHistory`), kept as rows keyed by their step's id so each is written once,
 * with what the inbox needs beside the line: a message's whole text, the id to act on, lateness.
 */

export const INBOX_KINDS = ['message', 'request', 'counter-offer', 'eta', 'delay', 'check-in', 'check-out', 'problem', 'deliverable'] as const;
export type InboxKindName = (typeof INBOX_KINDS)[number];

export const INBOX_KIND_LABELS: Record<InboxKindName, string> = {
  message: 'Message',
  request: 'Request',
  'counter-offer': 'Counter-offer',
  eta: 'ETA',
  delay: 'Delay',
  'check-in': 'Check-in',
  'check-out': 'Check-out',
  problem: 'Problem',
  deliverable: 'Deliverable',
};

/** A check-in this long after the window's start is late. */
export const LATE_GRACE_MS = 15 * 60_000;
/** What a provider did this long before it reached the cache is written already read: a first sync does not fill the inbox with last year. */
export const ALREADY_READ_AFTER_MS = 14 * 24 * 3_600_000;

/** One inbox item as the cache keeps it. */
export interface InboxRow {
  /** The history step's id without its source ("message-12", "in-5"): unique within the order. */
  source: string;
  kind: InboxKindName;
  at: number;
  who: string;
  what: string;
  body: string | null;
  sourceId: number | null;
  providerId: number | null;
  late: boolean;
  /**
   * The marketplace dates nothing about it (a delay is a sub-status and its seconds): dated when the
   * cache first sees it, and never moved by a later write of the same step.
   */
  observed?: true;
}

function messagesById(list: readonly Message[] | null | undefined, into = new Map<number, Message>()): Map<number, Message> {
  for (const message of list ?? []) {
    into.set(message.msg_id, message);
    messagesById(message.replies, into);
  }
  return into;
}

const numberAfter = (source: string, prefix: string): number | null => {
  const value = Number(source.slice(prefix.length));
  return source.startsWith(prefix) && Number.isInteger(value) ? value : null;
};

const minutes = (ms: number) => (ms >= 90 * 60_000 ? `${Math.round(ms / 3_600_000)} h` : `${Math.round(ms / 60_000)} min`);

const ASSIGNED_STATUS_ID = WORK_ORDER_STATUSES.find((status) => status.slug === 'assigned')?.id;

/** What the provider said of their arrival, by the ETA's status (the buyer's own `set` and `unconfirmed` are not news). */
const ETA_WORDS: Partial<Record<string, string>> = { confirmed: 'confirmed the ETA', readytogo: 'is ready to go', onmyway: 'is on the way' };

/** Whether the order carries anything the inbox keeps: most orders of a bulk load carry none, and skip the rest. */
function hasProviderActivity(order: WorkOrder): boolean {
  return Boolean(
    order.messages?.results?.length || order.time_logs?.results?.length || order.problems?.results?.length || order.status?.sub_status === 'delayed' || ETA_WORDS[order.eta?.status?.name ?? ''],
  );
}

/** The provider's word on their arrival (an ETA confirmed, on the way) and a delay they reported. */
function arrivalRows(order: WorkOrder, who: string, providerId: number | null): InboxRow[] {
  const rows: InboxRow[] = [];
  const etaStatus = order.eta?.status;
  const etaWords = ETA_WORDS[etaStatus?.name ?? ''];
  const etaAt = epochOfUtc(etaStatus?.updated?.utc);
  if (etaWords && etaAt !== undefined) {
    rows.push({ source: `eta-${etaStatus?.name}-${etaAt}`, kind: 'eta', at: etaAt, who, what: etaWords, body: null, sourceId: null, providerId, late: false });
  }
  const delaySeconds = order.status?.delay ?? 0;
  // Only while the work is ahead: dated when first seen, an old order's delay would arrive as news at a first sync.
  if (order.status?.id === ASSIGNED_STATUS_ID && order.status?.sub_status === 'delayed' && delaySeconds > 0) {
    rows.push({ source: `delay-${delaySeconds}`, kind: 'delay', at: 0, who, what: `expects to be ${minutes(delaySeconds * 1000)} late`, body: null, sourceId: null, providerId, late: true, observed: true });
  }
  return rows;
}

/** The inbox items of an order's own document: providers' messages, check-ins and outs, problems. */
export function orderInboxRows(order: WorkOrder): InboxRow[] {
  if (!hasProviderActivity(order)) return [];
  const messages = messagesById(order.messages?.results);
  const assigneeId = (order.assignee as { user?: { id?: unknown } } | null | undefined)?.user?.id;
  const providerId = typeof assigneeId === 'number' ? assigneeId : null;
  const start = epochOfUtc(order.schedule?.service_window?.start?.utc);
  const assignee = order.assignee as { user?: { first_name?: unknown; last_name?: unknown } } | null | undefined;
  const assigneeName = [assignee?.user?.first_name, assignee?.user?.last_name].filter((part): part is string => typeof part === 'string' && part !== '').join(' ') || 'The provider';
  const rows: InboxRow[] = arrivalRows(order, assigneeName, providerId);
  for (const entry of marketplaceHistory({ order, requests: [], attachments: [], expenses: [] })) {
    const source = entry.id.replace(/^market:/, '');
    const base = { source, at: entry.at, who: entry.who, what: entry.what, body: null, providerId, late: false };
    if (entry.kind === 'message') {
      const id = numberAfter(source, 'message-');
      const message = id === null ? undefined : messages.get(id);
      // The company's own messages (and this machine's, before the marketplace numbers them) are not news.
      if (!message || message.msg_id <= 0 || message.from?.role === 'buyer') continue;
      rows.push({ ...base, kind: 'message', body: message.message ?? '', sourceId: message.msg_id, providerId: message.from?.id ?? null });
    } else if (entry.kind === 'check-in') {
      const late = start !== undefined && entry.at - start > LATE_GRACE_MS;
      rows.push({ ...base, kind: 'check-in', sourceId: numberAfter(source, 'in-'), late, what: late ? `checked in ${minutes(entry.at - (start ?? entry.at))} late` : entry.what });
    } else if (entry.kind === 'check-out') {
      rows.push({ ...base, kind: 'check-out', sourceId: numberAfter(source, 'out-') });
    } else if (entry.kind === 'problem') {
      rows.push({ ...base, kind: 'problem', sourceId: numberAfter(source, 'problem-'), providerId: null });
    }
  }
  return rows;
}

/** The inbox items of an order's cached parts: provider requests and counter-offers, files uploaded for review. */
export function partsInboxRows(parts: Pick<OrderParts, 'requests' | 'attachments'>): InboxRow[] {
  const requests = new Map(parts.requests.map((request) => [request.id, request]));
  // Only files with a review (a provider's deliverable), and only those the marketplace has numbered.
  const files = parts.attachments.filter((file) => file.id > 0 && typeof (file as { status?: unknown }).status === 'string');
  const rows: InboxRow[] = [];
  for (const entry of marketplaceHistory({ order: {} as WorkOrder, requests: parts.requests, attachments: files, expenses: [] })) {
    const source = entry.id.replace(/^market:/, '');
    const base = { source, at: entry.at, who: entry.who, what: entry.what, body: null, late: false };
    if (entry.kind === 'request') {
      const request = requests.get(numberAfter(source, 'request-') ?? 0);
      if (!request) continue;
      const userId = (request.user as { id?: unknown } | null | undefined)?.id;
      // As the detail's request card says it: the counter-offer's notes, else the request's.
      const { counter_notes: counterNotes, notes } = request as { counter_notes?: unknown; notes?: unknown };
      const said = [counterNotes, notes].find((text): text is string => typeof text === 'string' && text.trim() !== '') ?? null;
      rows.push({ ...base, kind: request.counter ? 'counter-offer' : 'request', body: said, sourceId: request.id, providerId: typeof userId === 'number' ? userId : null });
    } else if (entry.kind === 'file') {
      const authorId = (files.find((file) => `file-${file.id}` === source)?.author as { id?: unknown } | null | undefined)?.id;
      rows.push({ ...base, kind: 'deliverable', sourceId: numberAfter(source, 'file-'), providerId: typeof authorId === 'number' ? authorId : null });
    }
  }
  return rows;
}
