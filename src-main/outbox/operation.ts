import type { z } from 'zod';
import type { ChannelInput } from '../../src-shared/ipc/contract';
import type { WriteChannelName } from '../../src-shared/ipc/write-channels';
import type { MarketplaceClient } from '../api-client/marketplace-client';
import type { StagedFile } from '../attachments/staging';
import type { DocKey } from './documents';

export type { StagedFile };

/** The part of the attachment staging the outbox uses. */
export interface FileStaging {
  get(id: string): StagedFile | undefined;
  remove(id: string): Promise<void>;
  /** Removes staged files not in `keep` (only those older than `olderThanMs` when given); answers how many. */
  prune?(keep: ReadonlySet<string>, options?: { olderThanMs?: number }): Promise<number>;
}

/** What enqueueing may consult: the cache as the coordinator sees it, and the staging of files. */
export interface EnqueueContext {
  read(key: DocKey): unknown | null;
  /** A reference list as the cache holds it (empty when never pulled). */
  reference(kind: string): unknown[];
  /** The temporary id a create gets: negative, unique for ever in this cache. */
  tempId: number;
  staging: FileStaging | undefined;
  /** A provider's name as the cache knows it (pools, requests, assignments), for what the outbox shows. */
  providerName(id: number): string | undefined;
}

/** What a send may use. `base` is the marketplace's last known state of a record (not the optimistic one). */
export interface SendContext {
  client: MarketplaceClient;
  signal: AbortSignal;
  entryId: string;
  /** When the coordinator made the change (epoch ms). */
  createdAt: number;
  context: Record<string, unknown>;
  /** True when an earlier attempt may have reached the marketplace without an answer. */
  uncertain: boolean;
  base(key: DocKey): unknown | null | undefined;
  staging: FileStaging | undefined;
  onProgress(sent: number, total: number): void;
}

export interface SendOutcome {
  /** The marketplace's answer for records the entry changed: each becomes that record's new base. */
  docs?: Partial<Record<DocKey, unknown>>;
  /** A record created offline now has the marketplace's id. */
  created?: { temp: number; real: number };
  /** Orders whose whole answer should be fetched again (the call answered something else). */
  refresh?: number[];
}

export type Input<K extends WriteChannelName> = ChannelInput<K>;

/**
 * One kind of change: how it queues, how it shows at once, and how it reaches the marketplace.
 * Every function but `send` and `confirm` is pure and synchronous, so enqueueing, undoing and
 * rebasing run inside one SQLite transaction.
 */
export interface Operation<K extends WriteChannelName = WriteChannelName> {
  kind: K;
  /** The record whose changes run strictly in order. */
  lane(input: Input<K>, context: Record<string, unknown>): string;
  /** Other lanes whose earlier entries must be applied first. */
  after?(input: Input<K>): string[];
  workOrderId(input: Input<K>, context: Record<string, unknown>): number | null;
  /** Binds money or a provider: waits out the undo window before it is sent. */
  undoable?: boolean;
  /** The change in the coordinator's words, with the names its context keeps (`entry-names.ts`). */
  summary(input: Input<K>, context: Record<string, unknown>): string;
  /** At enqueue, outside the transaction: checks against the cache, stages files; answers the entry's context. */
  prepare?(input: Input<K>, context: EnqueueContext): Promise<Record<string, unknown>> | Record<string, unknown>;
  /** The records this change shows on at once. */
  docs(input: Input<K>, context: Record<string, unknown>): DocKey[];
  /** The change applied to one of its records as the cache shows it (`null`: the record does not exist). */
  project(key: DocKey, value: unknown | null, input: Input<K>, context: Record<string, unknown>): unknown | null;
  /** The input with every record id passed through `map` (temporary ids become real ones). */
  mapIds(input: Input<K>, map: (id: number) => number): Input<K>;
  send(input: Input<K>, context: SendContext): Promise<SendOutcome>;
  /** After an uncertain attempt: the effect found on the marketplace, or undefined to send again. */
  confirm?(input: Input<K>, context: SendContext): Promise<SendOutcome | undefined>;
  /** After the entry left the queue (applied or discarded): let go of what `prepare` made (a staged file). */
  cleanup?(context: Record<string, unknown>, staging: FileStaging | undefined): Promise<void>;
  /** The values this change sets, by field, for "yours" against "theirs" on a refusal. */
  changedFields?(input: Input<K>): Record<string, unknown>;
}

export type AnyOperation = Operation<WriteChannelName>;

/** The write channels whose input has `Shape` (an order's `id`, say): operations built for many kinds take these. */
export type KindWith<Shape> = { [K in WriteChannelName]: Input<K> extends Shape ? K : never }[WriteChannelName];

/** Declares an operation with its input type checked against its channel. */
export const operation = <K extends WriteChannelName>(definition: Operation<K>): Operation<K> => definition;

export type InputSchemaOf<K extends WriteChannelName> = z.ZodType<Input<K>>;
