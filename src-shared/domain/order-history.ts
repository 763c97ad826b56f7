import type { Message } from '../api/message';
import { z } from 'zod';
import { TimestampSchema, UserSummarySchema } from '../api/common';
import { MilestonesSchema, WORK_ORDER_STATUSES } from '../api/status';
import { SwapSchema, type Swap } from '../api/swap';
import type { WorkOrder } from '../api/work-order';
import type { HistoryEntry, HistoryKind } from './history-entry';
import { attachmentName } from './attachments';
import { epochOfUtc } from './moments';
import { type NamedPerson, personName } from './person-name';

/*
 * What the marketplace's copy of an order dates, as steps of its history: the milestones (each
 * first entry into a state), provider requests, routes, check-ins and outs, messages, problems,
 * files, expenses and swaps. Pure: main reads it from the cache, so it answers offline, and the
 * parts the contract leaves unshaped are read leniently (an item that does not fit is left out,
 * never the whole order).
 */

const RouteSchema = z.looseObject({ technician: UserSummarySchema, created: TimestampSchema.nullish() });
export type Route = z.infer<typeof RouteSchema>;

/** The items of a list the service may send bare or in a `{results}` envelope. */
export function looseItems<T>(value: unknown, schema: z.ZodType<T>): T[] {
  const list = Array.isArray(value) ? value : (value as { results?: unknown } | null | undefined)?.results;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export const routesOf = (order: Pick<WorkOrder, 'routes'>): Route[] => looseItems(order.routes, RouteSchema);

export const swapsOf = (order: Pick<WorkOrder, 'swaps'>): Swap[] => looseItems(order.swaps, SwapSchema);

/** The cached parts of an order a history reads beside the order itself. */
export interface OrderParts {
  order: WorkOrder;
  requests: readonly { id: number; created?: unknown; user?: unknown; counter?: boolean | null }[];
  attachments: readonly { id: number; created?: unknown; author?: unknown; file?: { name?: string | null } | null }[];
  expenses: readonly { id: number; added?: unknown; description?: string | null; author?: unknown }[];
}

/** A provider's name the cache knows by id (requests name the user by id only). */
export type NameOf = (id: number) => string | undefined;

const MARKETPLACE = 'Marketplace';
/** Longest quote of a message in one line of the history. */
const QUOTE_LENGTH = 80;

const quote = (text: string | null | undefined): string => {
  const line = (text ?? '').replace(/\s+/g, ' ').trim();
  return line.length > QUOTE_LENGTH ? `“${line.slice(0, QUOTE_LENGTH - 1)}…”` : `“${line}”`;
};

/** What each first entry into a state says, after "Marketplace". */
const milestoneWords = (slug: string, name: string) => (slug === 'created' ? 'recorded the order as a draft' : `marked it ${name}`);

/** Steps dated in the marketplace's copy of an order, in no order. */
export function marketplaceHistory(parts: OrderParts, nameOf: NameOf = () => undefined): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  const add = (id: string, kind: HistoryKind, moment: unknown, who: string, what: string) => {
    const at = epochOfUtc(TimestampSchema.safeParse(moment).data?.utc);
    if (at !== undefined) entries.push({ id: `market:${id}`, at, who, kind, what, source: 'marketplace' });
  };
  const { order } = parts;
  const named = (person: unknown, fallback: string) => personName(person as NamedPerson | null | undefined) ?? fallback;
  const assignee = named((order.assignee as { user?: unknown } | null | undefined)?.user, 'The provider');

  const milestones = MilestonesSchema.safeParse((order as { milestones?: unknown }).milestones).data;
  for (const status of WORK_ORDER_STATUSES) add(`milestone-${status.slug}`, 'milestone', milestones?.[status.slug], MARKETPLACE, milestoneWords(status.slug, status.name));

  for (const request of parts.requests) {
    const userId = (request.user as { id?: unknown } | null | undefined)?.id;
    const who = named(request.user, (typeof userId === 'number' ? nameOf(userId) : undefined) ?? 'A provider');
    add(`request-${request.id}`, 'request', request.created, who, request.counter ? 'made a counter-offer' : 'requested the order');
  }
  for (const route of routesOf(order)) add(`route-${route.technician.id}`, 'route', route.created, MARKETPLACE, `routed it to ${named(route.technician, nameOf(route.technician.id) ?? `provider ${route.technician.id}`)}`);
  for (const log of order.time_logs?.results ?? []) {
    add(`in-${log.id}`, 'check-in', log.in, assignee, 'checked in');
    add(`out-${log.id}`, 'check-out', log.out, assignee, `checked out${log.hours ? ` after ${log.hours} h` : ''}`);
  }
  const messages = (list: readonly Message[] | null | undefined): void => {
    for (const message of list ?? []) {
      add(`message-${message.msg_id}`, 'message', message.created, named(message.from, 'Someone'), `wrote ${quote(message.message)}`);
      messages(message.replies);
    }
  };
  messages(order.messages?.results as Message[] | undefined);
  for (const problem of order.problems?.results ?? []) add(`problem-${problem.id}`, 'problem', problem.created, named(problem.author, 'Someone'), `reported a problem: ${problem.type?.name ?? 'unnamed type'}`);
  for (const attachment of parts.attachments) add(`file-${attachment.id}`, 'file', attachment.created, named(attachment.author, 'Someone'), `uploaded ${attachmentName(attachment)}`);
  for (const expense of parts.expenses) add(`expense-${expense.id}`, 'expense', expense.added, named(expense.author, assignee), `added an expense: ${expense.description ?? 'no description'}`);
  for (const swap of swapsOf(order)) add(`swap-${swap.id}`, 'swap', swap.created, named(swap.from, 'The provider'), `asked to swap to ${named(swap.to, 'another provider')}`);
  return entries;
}
