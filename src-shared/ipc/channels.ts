import { z } from 'zod';
import { CacheProgressSchema } from './cache-progress';
import { AttachmentFolderSchema, AttachmentSchema } from '../api/attachment';
import { ClientSchema, ProjectSchema } from '../api/client';
import { ExpenseSchema, ExpenseSumSchema } from '../api/expense';
import { SavedLocationSchema } from '../api/location';
import { ProviderProfileSchema, ProviderRequestSchema } from '../api/provider';
import { TalentPoolAttributeSchema } from '../api/talent-pool';
import { WorkOrderSchema } from '../api/work-order';
import { AttentionReasonSchema } from '../domain/attention';
import { ERROR_CODES, type ErrorBody, type ErrorCode } from '../errors';
import { isTileTemplate } from '../domain/map-tiles';
import { NoticeKindsSchema } from '../domain/notice-kinds';
import { NoticeSchema } from './notices';
import { insightsChannels } from './insights';
import { attachmentFileChannels } from './attachment-files';
import { deliverableChannels } from './deliverables';
import { exportFileChannels } from './export-files';
import { workOrderExportChannels } from './work-order-export';
import { inboxChannels } from './inbox';
import { dispatchChannels } from './dispatch';
import { mapChannels } from './map';
import { geoChannels } from './geo';
import { printChannels } from './print';
import { findProviderChannels } from './find-provider';
import { historyChannels } from './order-history';
import { OutboxEntrySchema, outboxChannels, outboxEvents } from './outbox-channels';
import { importChannels } from './import-channels';
import { webhookChannels, writeChannels } from './write-channels';

import {
  CredentialTextSchema,
  EnvironmentIdSchema,
  EnvironmentListSchema,
  EnvironmentUrlsSchema,
  RemoteEnvironmentIdSchema,
  SignInStateSchema,
} from './environments';

export {
  EnvironmentIdSchema,
  EnvironmentSummarySchema,
  EnvironmentUrlsSchema,
  RemoteEnvironmentIdSchema,
  SignInStateSchema,
  type EnvironmentId,
  type EnvironmentSummary,
  type EnvironmentUrls,
  type RemoteEnvironmentId,
  type SignInState,
} from './environments';

import { ReferenceKindSchema, ReferenceListSchema } from './reference';

export { REFERENCE_KINDS, ReferenceKindSchema, ReferenceListSchema, type ReferenceKind, type ReferenceList } from './reference';

import {
  CachedWorkOrderIdSchema,
  RecordIdSchema,
  SavedViewSchema,
  SavedViewQuerySchema,
  SearchTextSchema,
  WorkOrderListRequestSchema,
  WorkOrderPageSchema,
} from './work-order-list';

export { CachedSortFieldSchema, SavedViewQuerySchema, SavedViewSchema, WorkOrderListRequestSchema, WorkOrderPageSchema, type SavedView, type WorkOrderListRequest, type WorkOrderPage } from './work-order-list';

export const AppInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  environment: EnvironmentIdSchema,
  dataDir: z.string(),
  logDir: z.string(),
  /** `electron` in the desktop shell, `web` when served to a browser by the web host. */
  host: z.enum(['electron', 'web']),
  /** Where credentials live: false when no keychain answered and they last for this session only. */
  keychain: z.object({ persistent: z.boolean(), reason: z.string().optional() }),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

export const ThemeSchema = z.enum(['system', 'light', 'dark']);
export type Theme = z.infer<typeof ThemeSchema>;

export const SettingsSchema = z.object({
  theme: ThemeSchema,
  /** How long an assign, approve or cancel waits in the outbox before it is sent: the Undo window. */
  undoSeconds: z.number().int().min(0).max(60),
  /** Desktop notifications for refusals, finished uploads and new Inbox items, shown when the app is out of sight. */
  notifications: z.boolean(),
  /** Which Inbox items earn a notification, by group; absent (or a group left out): every one. */
  noticeKinds: NoticeKindsSchema.optional(),
  /** Bulk import: the job field each column heading was last matched to ('ignore' for none), by the heading as normalised. */
  importMapping: z
    .record(z.string().max(200), z.string().max(40))
    .refine((mapping) => Object.keys(mapping).length <= 500, 'At most 500 remembered column headings')
    .optional(),
  /** The map's online tile source (src-shared/domain/map-tiles.ts); empty or absent: off, and nothing is fetched. */
  mapTiles: z
    .string()
    .max(500)
    .refine((text) => text === '' || isTileTemplate(text), 'An https:// address with {z}, {x} and {y} once each')
    .optional(),
});
export type Settings = z.infer<typeof SettingsSchema>;

/** What a new install starts with; the renderer shows these until main answers. */
export const DEFAULT_SETTINGS: Settings = { theme: 'system', undoSeconds: 10, notifications: true };

/** Any subset of the settings; a key the settings do not have is a caller bug. */
export const SettingsUpdateSchema = z.strictObject(SettingsSchema.partial().shape);
export type SettingsUpdate = z.infer<typeof SettingsUpdateSchema>;

/** Channels that take nothing refuse anything: a stray argument is a caller bug worth hearing about. */
const NoInput = z.undefined();



const errorCodes = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/**
 * The only shape of an error that crosses IPC. `ErrorBody` itself lives in errors.ts, which must
 * stay free of zod for the sandboxed preload; `satisfies` keeps the two in step.
 */
export const ErrorBodySchema = z.object({ code: z.enum(errorCodes), message: z.string() }) satisfies z.ZodType<ErrorBody>;

/** The steps of a pull, in order. */
export const SyncPhaseSchema = z.enum(['reference', 'directory', 'work-orders', 'details', 'done']);
export type SyncPhase = z.infer<typeof SyncPhaseSchema>;

export const SyncStatusSchema = z.object({
  environment: EnvironmentIdSchema,
  /** `paused` while the coordinator works offline: the cache is not refreshed until they go back online. */
  state: z.enum(['idle', 'syncing', 'error', 'paused']),
  lastSyncedAt: z.number().nullable(),
  lastError: ErrorBodySchema.optional(),
  progress: z.object({ phase: SyncPhaseSchema, done: z.number(), total: z.number() }).nullable(),
});
export type SyncStatusPayload = z.infer<typeof SyncStatusSchema>;

/** An order with what hangs off it, all from the cache. */
export const WorkOrderDetailSchema = z.object({
  order: WorkOrderSchema,
  attachments: z.array(AttachmentSchema),
  expenses: z.array(ExpenseSchema),
  expenseSum: ExpenseSumSchema.nullable(),
  requests: z.array(ProviderRequestSchema),
  /**
   * False while the cache holds only the order's list item: its folders, tasks and description are
   * not known yet (the pull, or a refresh, fetches its full answer).
   */
  complete: z.boolean(),
  /**
   * The order's folders as its parts' pull stored them (without their files, which are
   * `attachments`): known with the parts, even while the document is only the list item.
   */
  folders: z.array(AttachmentFolderSchema),
  /** When the pull last fetched the parts; null before it did, so empty lists mean "not known yet". */
  partsFetchedAt: z.number().nullable(),
  /** The order's changes waiting in the outbox, oldest first: what "Pending" and a refusal are made of. */
  outbox: z.array(OutboxEntrySchema),
  /** Why the order needs attention now, as the list says it (the reason banner's). */
  attention: z.array(AttentionReasonSchema),
});
export type WorkOrderDetail = z.infer<typeof WorkOrderDetailSchema>;

export const CachedProjectSchema = ProjectSchema.extend({ client_id: z.number().int() });

/** A manager named on cached orders: the id and a name to show. */
export const CachedManagerSchema = z.object({ id: z.number().int(), name: z.string() });
export type CachedManager = z.infer<typeof CachedManagerSchema>;

export const TalentPoolSummarySchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  /** The preferred provider group the pool belongs to. */
  group: z.object({ id: z.number().int(), name: z.string().nullable() }),
  providerCount: z.number().int(),
});
export type TalentPoolSummary = z.infer<typeof TalentPoolSummarySchema>;

export const TalentPoolMemberSchema = z.object({
  provider: ProviderProfileSchema,
  attributes: z.array(TalentPoolAttributeSchema),
});
export type TalentPoolMember = z.infer<typeof TalentPoolMemberSchema>;

/**
 * This company's own record with one provider, worked out from the cached orders (so it holds
 * offline). The cache knows an order's current assignee only: an order a provider was taken off
 * counts for whoever holds it now.
 */
export const ProviderHistorySchema = z.object({
  providerId: z.number().int(),
  /** The provider's profile (ratings, checks) when a pull stored it; null when the cache has none. */
  profile: ProviderProfileSchema.nullable(),
  /** Orders with the provider assigned now, not finished yet. */
  active: z.number().int(),
  /** Orders the provider finished: Work Done, Approved or Paid. */
  ordersDone: z.number().int(),
  /** Of those, the ones whose first check-in is known (the order's time logs are cached). */
  onTimeKnown: z.number().int(),
  /** Of those, checked in by the end of the service window (an exact start: within 15 minutes of it). */
  onTime: z.number().int(),
  /** Orders of the provider marked incomplete at least once (`site_revisit`). */
  incompletes: z.number().int(),
  /** Problems reported on the provider's orders, open or resolved. */
  problems: z.number().int(),
  /** Epoch ms of the latest scheduled start among the provider's started or finished orders. */
  lastWorkedAt: z.number().nullable(),
});
export type ProviderHistory = z.infer<typeof ProviderHistorySchema>;

const CredentialFieldsShape = {
  clientId: CredentialTextSchema,
  clientSecret: CredentialTextSchema,
  username: CredentialTextSchema,
  password: CredentialTextSchema,
  /** The webhook service's own token and the company it lists webhooks of; only needed for webhooks. */
  svcToken: CredentialTextSchema.optional(),
  companyId: RecordIdSchema.optional(),
};

/** One of the webhook pair without the other would be dropped: webhooks need both. */
const webhookPairGiven = (input: { svcToken?: string; companyId?: number }) => (input.svcToken === undefined) === (input.companyId === undefined);
const WEBHOOK_PAIR_ISSUE = { path: ['companyId'], message: 'Give the webhook service token and the company id together, or neither' };

/** An environment's credentials as stored: the sign-in four, and the webhook pair when given. */
export const CredentialsInputSchema = z.strictObject(CredentialFieldsShape).refine(webhookPairGiven, WEBHOOK_PAIR_ISSUE);
export type CredentialsInput = z.infer<typeof CredentialsInputSchema>;

/** An order created offline that the marketplace has now answered: its temporary id became `to`. */
const RenamedIdSchema = z.strictObject({ from: CachedWorkOrderIdSchema, to: RecordIdSchema });

export const WorkOrdersChangeSchema = z.union([
  z.strictObject({ ids: z.array(CachedWorkOrderIdSchema), renamed: z.array(RenamedIdSchema).optional() }),
  z.strictObject({ all: z.literal(true) }),
]);

/**
 * Every request the renderer can make of main: `domain:verb`, input and output schemas.
 * Main parses the input before a handler sees it, and the output before it leaves.
 */
export const channels = {
  'app:info': { input: NoInput, output: AppInfoSchema },
  'settings:get': { input: NoInput, output: SettingsSchema },
  'settings:update': { input: SettingsUpdateSchema, output: SettingsSchema },
  'workorders:list': { input: WorkOrderListRequestSchema, output: WorkOrderPageSchema },
  'views:list': { input: NoInput, output: z.array(SavedViewSchema) },
  /** Saves a named filter; a name in use is replaced (names are unique, case aside). */
  'views:save': { input: z.strictObject({ name: z.string().trim().min(1).max(80), query: SavedViewQuerySchema }), output: SavedViewSchema },
  'views:delete': { input: z.strictObject({ id: z.number().int().positive() }), output: z.strictObject({ deleted: z.boolean() }) },
  'workorders:get': { input: z.strictObject({ id: CachedWorkOrderIdSchema }), output: WorkOrderSchema },
  'workorders:detail': { input: z.strictObject({ id: CachedWorkOrderIdSchema }), output: WorkOrderDetailSchema },
  /** Fetches the order and its parts from the marketplace into the cache, then answers as `workorders:detail`. */
  'workorders:refresh': { input: z.strictObject({ id: RecordIdSchema }), output: WorkOrderDetailSchema },
  'clients:list': { input: NoInput, output: z.array(ClientSchema) },
  'projects:list': { input: z.strictObject({ clientId: RecordIdSchema.optional() }), output: z.array(CachedProjectSchema) },
  'talent-pools:list': { input: NoInput, output: z.array(TalentPoolSummarySchema) },
  'talent-pools:providers': { input: z.strictObject({ poolId: RecordIdSchema }), output: z.array(TalentPoolMemberSchema) },
  /** The managers named on cached orders (the contract lists no company users), for the manager filter. */
  'managers:list': { input: NoInput, output: z.array(CachedManagerSchema) },
  /** This company's history with a provider, from the cache only. */
  'providers:history': { input: z.strictObject({ providerId: RecordIdSchema }), output: ProviderHistorySchema },
  'reference:get': { input: z.strictObject({ kind: ReferenceKindSchema }), output: ReferenceListSchema },
  'locations:search': { input: z.strictObject({ text: SearchTextSchema }), output: z.array(SavedLocationSchema) },
  'environments:list': { input: NoInput, output: EnvironmentListSchema },
  'environments:select': { input: z.strictObject({ id: EnvironmentIdSchema }), output: EnvironmentListSchema },
  /** Moving any address to another origin removes the environment's credentials and session; `credentialsRemoved` says it did. */
  'environments:update-urls': {
    input: z.strictObject({ id: RemoteEnvironmentIdSchema, ...EnvironmentUrlsSchema.shape }),
    output: z.object({ environments: EnvironmentListSchema, credentialsRemoved: z.boolean() }),
  },
  'credentials:set': {
    input: z.strictObject({ environment: EnvironmentIdSchema, ...CredentialFieldsShape }).refine(webhookPairGiven, WEBHOOK_PAIR_ISSUE),
    // The values go one way: nothing the renderer could read them back through.
    output: z.strictObject({ stored: z.literal(true) }),
  },
  'session:sign-in': { input: z.strictObject({ environment: EnvironmentIdSchema.optional() }), output: SignInStateSchema },
  'session:sign-out': { input: NoInput, output: SignInStateSchema },
  'sync:status': { input: NoInput, output: SyncStatusSchema },
  'sync:now': { input: NoInput, output: SyncStatusSchema },
  /** Stops the pull under way, keeping what it wrote; its end goes out as `sync:progress` with SYNC_CANCELLED. */
  'sync:cancel': { input: NoInput, output: SyncStatusSchema },
  ...writeChannels,
  ...importChannels,
  ...webhookChannels,
  ...insightsChannels,
  ...outboxChannels,
  ...attachmentFileChannels,
  ...deliverableChannels,
  ...exportFileChannels,
  ...workOrderExportChannels,
  ...inboxChannels,
  ...dispatchChannels,
  ...mapChannels,
  ...geoChannels,
  ...printChannels,
  ...findProviderChannels,
  ...historyChannels,
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;

/** Everything main pushes to the renderer: `domain:did-change` and progress events. */
export const events = {
  'settings:did-change': SettingsSchema,
  'sync:progress': SyncStatusSchema,
  /** Opening the cache after an update that rewrites every order: how far it is. */
  'cache:did-progress': CacheProgressSchema,
  /** The cache changed: re-read these orders, or everything after a pull or an environment switch. */
  'workorders:did-change': WorkOrdersChangeSchema,
  'environments:did-change': EnvironmentListSchema,
  /** A saved location changed (queued, applied or undone): re-read `locations:search`. */
  'locations:did-change': z.strictObject({ ids: z.array(CachedWorkOrderIdSchema), renamed: z.array(RenamedIdSchema).optional() }),
  /** A desktop notification's words: Electron shows them itself; a browser page shows them with its own. */
  'notices:did-arrive': NoticeSchema,
  /** The desktop shell's notification of that notice was clicked: the window opens what it is about. */
  'notices:did-click': NoticeSchema,
  ...outboxEvents,
} as const satisfies Record<string, z.ZodType>;
