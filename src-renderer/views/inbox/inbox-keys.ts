import type { ShortcutGroup } from '../../lib/shortcuts';

/** What each key of the inbox loop does: registered by the screen and shown on it, from this one table. */
export type InboxCommand = 'next' | 'previous' | 'open' | 'reply' | 'assign' | 'toggle-read';

export const INBOX_KEYS: readonly { command: InboxCommand; keys: readonly string[]; label: string; description: string; group: ShortcutGroup }[] = [
  { command: 'next', keys: ['j', 'ArrowDown'], label: 'Next', description: 'Next inbox item', group: 'List' },
  { command: 'previous', keys: ['k', 'ArrowUp'], label: 'Previous', description: 'Previous inbox item', group: 'List' },
  { command: 'open', keys: ['Enter', 'o'], label: 'Open order', description: "Open the inbox item's work order", group: 'Actions' },
  { command: 'reply', keys: ['r'], label: 'Reply', description: "Reply to the provider's message", group: 'Actions' },
  { command: 'assign', keys: ['a'], label: 'Assign', description: 'Assign the order to the provider who asked for it', group: 'Actions' },
  { command: 'toggle-read', keys: ['u', 'e'], label: 'Read / unread', description: 'Mark the inbox item read or unread', group: 'Actions' },
];
