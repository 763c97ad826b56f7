import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../errors';
import { AppliedEntrySchema } from './notices';
import { EntryIdSchema, WRITE_CHANNEL_NAMES } from './write-channels';

const errorCodes = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/**
 * Where an entry stands, as the outbox screen shows it:
 * - `scheduled`: inside its undo window (assign, approve, cancel), not sent before `notBefore`;
 * - `waiting`: next in line, or behind earlier changes of the same record, or offline;
 * - `sending`: on the wire now;
 * - `retrying`: a transient failure; tried again at `nextAttemptAt`;
 * - `refused`: the marketplace said no; its change is undone and it waits for the coordinator;
 * - `held`: behind a refused change of the same record, until that one is retried or discarded.
 */
export const OutboxEntryStateSchema = z.enum(['scheduled', 'waiting', 'sending', 'retrying', 'refused', 'held']);
export type OutboxEntryState = z.infer<typeof OutboxEntryStateSchema>;

/** One field of a refused change: what the coordinator sent, what the marketplace holds now, and what it held before. */
export const ConflictFieldSchema = z.object({ field: z.string(), yours: z.unknown(), theirs: z.unknown(), before: z.unknown() });

export const OutboxEntrySchema = z.object({
  id: EntryIdSchema,
  kind: z.enum(WRITE_CHANNEL_NAMES as [string, ...string[]]),
  /** For people: "Publish #10012", "Add expense “Parking” to #-3". */
  summary: z.string(),
  /** The work order it belongs to, if any (negative while its create waits). */
  workOrderId: z.number().int().nullable(),
  state: OutboxEntryStateSchema,
  attempts: z.number().int(),
  createdAt: z.number(),
  nextAttemptAt: z.number().nullable(),
  notBefore: z.number().nullable(),
  /** The last failure: the refusal's reason, or the transient error being retried. */
  error: z.object({ code: z.enum(errorCodes), message: z.string(), fields: z.array(z.string()), detail: z.string().optional() }).nullable(),
  /** Set on a refusal when the record changed on the marketplace meanwhile: "yours" against "theirs". */
  conflict: z.array(ConflictFieldSchema).nullable(),
  upload: z.object({ name: z.string(), sent: z.number(), total: z.number() }).nullable(),
  /** The channel input as queued (after id rewrites), for "edit and retry". */
  input: z.unknown(),
});
export type OutboxEntry = z.infer<typeof OutboxEntrySchema>;

export const ConnectivityStateSchema = z.enum(['online', 'offline', 'working-offline']);
export const ConnectivityStatusSchema = z.object({
  state: ConnectivityStateSchema,
  /** Epoch ms of the last change of state. */
  since: z.number(),
  /** Changes not yet applied, refused ones included. */
  pending: z.number().int(),
  refused: z.number().int(),
  /** False when the marketplace refused the stored credentials: the outbox waits for a sign-in. */
  signedIn: z.boolean(),
});
export type ConnectivityStatus = z.infer<typeof ConnectivityStatusSchema>;

const entryRef = z.strictObject({ entryId: EntryIdSchema });

export const outboxChannels = {
  /** Every entry not yet applied, oldest first (the order they will be sent in). */
  'outbox:list': { input: z.undefined(), output: z.object({ entries: z.array(OutboxEntrySchema) }) },
  /** A refused or retrying entry goes back to the front of its line now. */
  'outbox:retry': { input: entryRef, output: OutboxEntrySchema },
  /** A refused or waiting entry with a new input (checked against its channel's schema), then retried. */
  'outbox:edit': { input: z.strictObject({ entryId: EntryIdSchema, input: z.unknown() }), output: OutboxEntrySchema },
  /** Drops an entry that is not on the wire, and undoes its change; dropping a create drops what waits for it. */
  'outbox:discard': { input: entryRef, output: z.strictObject({ discarded: z.array(EntryIdSchema) }) },
  'connectivity:status': { input: z.undefined(), output: ConnectivityStatusSchema },
  /** "Work offline": hold every send until switched back. */
  'connectivity:set-offline': { input: z.strictObject({ offline: z.boolean() }), output: ConnectivityStatusSchema },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;

export const outboxEvents = {
  /** The outbox changed: re-read `outbox:list` (the counts come along for badges). */
  'outbox:changed': z.object({ pending: z.number().int(), refused: z.number().int() }),
  'upload:progress': z.object({ entryId: EntryIdSchema, sent: z.number(), total: z.number() }),
  /** The marketplace accepted an entry (an upload finished, say); it has left the outbox. */
  'outbox:did-apply': AppliedEntrySchema,
  'connectivity:did-change': ConnectivityStatusSchema,
} as const satisfies Record<string, z.ZodType>;
