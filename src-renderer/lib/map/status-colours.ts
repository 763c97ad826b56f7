import { statusById } from '../../../src-shared/api/status';
import type { StatusSlug } from '../../../src-shared/api/status';

/**
 * How the map colours an order by where it stands, the legend saying the same in words. Colours
 * are read from the theme's tokens, so light and dark each get theirs; a status the contract does
 * not know is drawn as "Other".
 */
export const STATUS_GROUPS = [
  { id: 'draft', label: 'Draft', token: '--text-faint', slugs: ['created'] },
  { id: 'open', label: 'Needs a provider', token: '--accent', slugs: ['published', 'routed'] },
  { id: 'assigned', label: 'Assigned', token: '--map-assigned', slugs: ['assigned'] },
  { id: 'done', label: 'Work done', token: '--warning-strong', slugs: ['workdone'] },
  { id: 'closed', label: 'Approved or paid', token: '--success-strong', slugs: ['approved', 'paid'] },
  { id: 'other', label: 'Cancelled or other', token: '--danger-strong', slugs: ['canceled'] },
] as const satisfies readonly { id: string; label: string; token: string; slugs: readonly StatusSlug[] }[];

export type StatusGroupId = (typeof STATUS_GROUPS)[number]['id'];

const bySlug = new Map<string, StatusGroupId>(STATUS_GROUPS.flatMap((group) => group.slugs.map((slug) => [slug, group.id] as const)));

export function statusGroupOf(statusId: number): StatusGroupId {
  const slug = statusById(statusId)?.slug;
  return (slug && bySlug.get(slug)) ?? 'other';
}

/** Each group's colour in the theme in force on `element`. */
export function statusColours(element: Element): Record<StatusGroupId, string> {
  const style = getComputedStyle(element);
  return Object.fromEntries(STATUS_GROUPS.map((group) => [group.id, style.getPropertyValue(group.token).trim() || '#888'])) as Record<StatusGroupId, string>;
}
