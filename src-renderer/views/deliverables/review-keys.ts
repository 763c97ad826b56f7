import type { ShortcutGroup } from '../../lib/shortcuts';

/** What each key of the review loop does: registered by the screen and shown on it, from this one table. */
export type ReviewCommand = 'approve' | 'deny' | 'next' | 'previous' | 'open';

export const REVIEW_KEYS: readonly { command: ReviewCommand; keys: readonly string[]; label: string; description: string; group: ShortcutGroup }[] = [
  { command: 'approve', keys: ['a'], label: 'Approve', description: 'Approve the deliverable and go to the next', group: 'Actions' },
  { command: 'deny', keys: ['d'], label: 'Deny', description: 'Deny the deliverable with a reason the provider sees', group: 'Actions' },
  { command: 'next', keys: ['j', 'ArrowDown'], label: 'Next', description: 'Next deliverable', group: 'List' },
  { command: 'previous', keys: ['k', 'ArrowUp'], label: 'Previous', description: 'Previous deliverable', group: 'List' },
  { command: 'open', keys: ['o'], label: 'Open order', description: "Open the deliverable's work order", group: 'Actions' },
];
