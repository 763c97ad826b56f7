import { z } from 'zod';
import type { InboxKindName } from './inbox';

/*
 * Which inbox items earn a desktop notice (issue 28): the coordinator chooses by group in Settings,
 * main reads the choice at each notice. A group the choice does not name is on, so a new install
 * (and a group added later) notices everything.
 */

export const NOTICE_GROUPS = ['messages', 'requests', 'arrivals', 'visits', 'problems', 'deliverables'] as const;
export type NoticeGroup = (typeof NOTICE_GROUPS)[number];

export const NOTICE_GROUP_KINDS: Record<NoticeGroup, readonly InboxKindName[]> = {
  messages: ['message'],
  requests: ['request', 'counter-offer'],
  arrivals: ['eta', 'delay'],
  visits: ['check-in', 'check-out'],
  problems: ['problem'],
  deliverables: ['deliverable'],
};

export const NOTICE_GROUP_LABELS: Record<NoticeGroup, string> = {
  messages: 'Messages',
  requests: 'Requests and counter-offers',
  arrivals: 'ETAs and delays',
  visits: 'Check-ins and check-outs',
  problems: 'Problems',
  deliverables: 'Deliverables to review',
};

/** On or off per group; a group left out is on. A name that is not a group is refused. */
export const NoticeKindsSchema = z.strictObject({
  messages: z.boolean().optional(),
  requests: z.boolean().optional(),
  arrivals: z.boolean().optional(),
  visits: z.boolean().optional(),
  problems: z.boolean().optional(),
  deliverables: z.boolean().optional(),
} satisfies Record<NoticeGroup, z.ZodType>);
export type NoticeKinds = z.infer<typeof NoticeKindsSchema>;

export const noticeGroupOn = (choice: NoticeKinds | undefined, group: NoticeGroup): boolean => choice?.[group] ?? true;

/** The inbox kinds the choice notices. */
export function noticedKinds(choice: NoticeKinds | undefined): Set<InboxKindName> {
  return new Set(NOTICE_GROUPS.filter((group) => noticeGroupOn(choice, group)).flatMap((group) => NOTICE_GROUP_KINDS[group]));
}
