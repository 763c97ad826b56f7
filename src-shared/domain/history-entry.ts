import { z } from 'zod';

/**
 * One step of an order's history (issue 28): when, who, what, and whether the marketplace's copy of
 * the order or this machine's outbox knows it. Built in main (`src-main/history`), shown by the
 * detail's History section.
 */

/** Where a step is known from: the marketplace's copy of the order, or this machine's outbox. */
export const HistorySourceSchema = z.enum(['marketplace', 'this-machine']);
export type HistorySource = z.infer<typeof HistorySourceSchema>;

/** What the marketplace's copy dates. */
export const MARKETPLACE_STEPS = ['milestone', 'request', 'route', 'check-in', 'check-out', 'message', 'problem', 'file', 'expense', 'swap'] as const;
/** The steps of an outbox entry's life (the `step` column of `outbox_events`). */
export const OUTBOX_STEPS = ['queued', 'sent', 'applied', 'refused', 'failed', 'retried', 'edited', 'undone', 'discarded'] as const;
export type OutboxStep = (typeof OUTBOX_STEPS)[number];

export const HistoryKindSchema = z.enum([...MARKETPLACE_STEPS, ...OUTBOX_STEPS]);
export type HistoryKind = z.infer<typeof HistoryKindSchema>;

export const HistoryEntrySchema = z.object({
  /** Stable across reads: keys the list. */
  id: z.string(),
  /** Epoch ms. */
  at: z.number(),
  /** "You", a provider's name, someone the marketplace names, or "Marketplace". */
  who: z.string(),
  kind: HistoryKindSchema,
  /** The rest of one readable line after `who`: "queued “Assign to Ana Ruiz” while offline", "applied it", "refused it: …". */
  what: z.string(),
  /** The change a step of the outbox belongs to ("Assign to Ana Ruiz"), under a short `what`. */
  about: z.string().optional(),
  source: HistorySourceSchema,
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;
