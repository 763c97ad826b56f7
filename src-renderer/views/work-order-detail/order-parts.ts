import { htmlToText, textBlocks, type TextBlock } from '../../lib/rich-text';
import type { z } from 'zod';
import { type TimestampSchema, UserSummarySchema } from '../../../src-shared/api/common';
import { MilestonesSchema, STATUS_SLUGS, WORK_ORDER_STATUSES, type StatusSlug } from '../../../src-shared/api/status';
import type { WorkOrder } from '../../../src-shared/api/work-order';

/*
 * The parts of a work order the contract leaves without a shape (routes, swaps, assignee,
 * milestones, contacts, tasks, custom fields), read with the shared schemas where there is one and
 * leniently where there is not: an item that does not fit is left out, never the whole order.
 */

export { routesOf, swapsOf, type Route } from '../../../src-shared/domain/order-history';

export function assigneeOf(order: WorkOrder): z.infer<typeof UserSummarySchema> | undefined {
  const parsed = UserSummarySchema.safeParse((order.assignee as { user?: unknown } | null | undefined)?.user);
  return parsed.success ? parsed.data : undefined;
}

export interface MilestoneStep {
  slug: StatusSlug;
  name: string;
  /** When the order first entered the state, if known. */
  at?: z.infer<typeof TimestampSchema>;
  reached: boolean;
  current: boolean;
}

/**
 * The lifecycle as a timeline: each state of decisions §1 with its first entry when the order's
 * answer carries milestones (GET milestones' shape), else reached or not by the current status.
 * Routed and Cancelled show only when they happened: most orders never pass through them.
 */
export function milestoneSteps(order: WorkOrder): MilestoneStep[] {
  const parsed = MilestonesSchema.safeParse((order as { milestones?: unknown }).milestones);
  const stamps = parsed.success ? parsed.data : undefined;
  const currentId = order.status?.id;
  const current = WORK_ORDER_STATUSES.find((status) => status.id === currentId);
  const rank = (slug: StatusSlug) => STATUS_SLUGS.indexOf(slug);
  const cancelled = current?.slug === 'canceled';
  return WORK_ORDER_STATUSES.flatMap((status) => {
    const at = stamps?.[status.slug] ?? undefined;
    const stamped = Boolean(at?.utc);
    const isCurrent = status.id === currentId;
    if ((status.slug === 'routed' || status.slug === 'canceled') && !stamped && !isCurrent) return [];
    const byRank = current !== undefined && !cancelled && rank(status.slug) <= rank(current.slug);
    const reached = stamped || isCurrent || byRank || (cancelled && status.slug === 'created');
    // A cancelled order without milestones: where it stood before is unknown, so no later steps.
    if (cancelled && !reached) return [];
    return [{ slug: status.slug, name: status.name, at: stamped ? at : undefined, reached, current: isCurrent }];
  });
}

/** Durations of the milestones answer, when the order carries them. */
export function milestoneDurations(order: WorkOrder): { label: string; seconds: number }[] {
  const parsed = MilestonesSchema.safeParse((order as { milestones?: unknown }).milestones);
  if (!parsed.success) return [];
  const { time_to_dispatch: dispatch, time_to_work_done: workDone, time_alive: alive } = parsed.data;
  return [
    { label: 'Time to dispatch', seconds: dispatch ?? 0 },
    { label: 'Time to work done', seconds: workDone ?? 0 },
    { label: 'Age', seconds: alive ?? 0 },
  ].filter((entry) => entry.seconds > 0);
}

/** One line of a part the contract leaves unshaped (a contact, a task, a custom field). */
export interface LooseEntry {
  key: string;
  label: string;
  detail: string;
}

const TEXT_KEYS = ['label', 'name', 'title', 'description'] as const;
const DETAIL_KEYS = ['value', 'role', 'phone', 'email', 'status', 'notes'] as const;

/** Contacts, tasks or custom fields as label and detail, whatever shape the service gave them. */
export function looseEntries(value: unknown): LooseEntry[] {
  const list = Array.isArray(value) ? value : (value as { results?: unknown } | null | undefined)?.results;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item, index) => {
    if (typeof item === 'string') return [{ key: String(index), label: item, detail: '' }];
    if (!item || typeof item !== 'object') return [];
    const record = item as Record<string, unknown>;
    const text = (keys: readonly string[]) => keys.map((key) => record[key]).filter((part) => typeof part === 'string' || typeof part === 'number').map(String);
    const label = text(TEXT_KEYS)[0] ?? `Item ${index + 1}`;
    const id = record.id;
    return [{ key: typeof id === 'number' || typeof id === 'string' ? String(id) : String(index), label, detail: text(DETAIL_KEYS).join(' · ') }];
  });
}

/**
 * The description and confidential notes come as HTML: the panel shows their paragraphs and
 * bullets as text blocks (no markup of theirs ever runs: the blocks are text, rendered as text).
 */
export function richText(value: { html?: string | null; markdown?: string | null } | string | null | undefined): TextBlock[] {
  if (!value) return [];
  const source = typeof value === 'string' ? value : (value.markdown ?? value.html ?? '');
  return textBlocks(htmlToText(source));
}

/** The site's address as lines (street, suite, "City, ST, ZIP", country), as the panel and the work sheet show it. */
export function siteAddressLines(location: WorkOrder['location']): string[] {
  return [location?.address1, location?.address2, [location?.city, location?.state, location?.zip].filter(Boolean).join(', '), location?.country].filter((line): line is string => Boolean(line));
}

/** "Networking, Cabling": the types of work, else the deprecated single one. */
export function typesOfWorkText(order: WorkOrder): string {
  const names = (order.types_of_work ?? []).map((type) => (type as { name?: string | null }).name).filter(Boolean);
  return names.join(', ') || order.type_of_work?.name || '';
}

/** The service types named, both spellings of the key read. */
export const serviceTypesText = (order: WorkOrder): string => (order.service_types_new ?? order.service_types ?? []).map((type) => type.name).filter(Boolean).join(', ');
