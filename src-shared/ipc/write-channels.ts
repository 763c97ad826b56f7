import { z } from 'zod';
import { AttachmentReviewBodySchema } from '../api/attachment';
import { EtaInputSchema } from '../api/eta';
import { ExpenseBodySchema, ExpenseUpdateBodySchema } from '../api/expense';
import { ServiceWindowInputSchema } from '../api/schedule';
import { SavedLocationCreateBodySchema, SavedLocationUpdateBodySchema } from '../api/location';
import { TalentPoolAttributeIdSchema } from '../api/talent-pool';
import { WebhookCreateBodySchema, WebhookDeliveryAttemptSchema, WebhookIdSchema, WebhookSummarySchema, WebhookUpdateBodySchema } from '../api/webhook';
import { WorkOrderCreateBodySchema, WorkOrderUpdateBodySchema } from '../api/work-order-requests';

/**
 * The write channels. Each answers at once from the outbox (never waiting on the network) with a
 * receipt; the change is applied to the cache optimistically and marked pending. The input is
 * stored as the entry's payload, so `outbox:edit` checks an edited input with the same schema.
 */

/**
 * A record id as the cache knows it: positive for records the marketplace made, negative for ones
 * created offline that it has not answered yet (later entries naming them wait for the create).
 */
export const LocalIdSchema = z
  .number()
  .int()
  .refine((id) => id !== 0, 'An id is never 0');

const PositiveIdSchema = z.number().int().positive();
/** The longest note or message a write takes: a form's `maxlength` reads it here, so the two agree. */
export const NOTE_MAX_LENGTH = 10_000;
const NoteSchema = z.string().max(NOTE_MAX_LENGTH);

/** The outbox entry's id (a uuid), also the idempotency key it carries to the marketplace. */
export const EntryIdSchema = z.uuid();

export const OutboxReceiptSchema = z.object({
  entryId: EntryIdSchema,
  /** The record's id in the cache: temporary (negative) for a create until the marketplace answers. */
  id: LocalIdSchema.optional(),
});
export type OutboxReceipt = z.infer<typeof OutboxReceiptSchema>;

const orderOnly = z.strictObject({ id: LocalIdSchema });
const orderAndProvider = z.strictObject({ id: LocalIdSchema, providerId: PositiveIdSchema });
const onOrder = <Shape extends z.ZodRawShape>(shape: Shape) => z.strictObject({ workOrderId: LocalIdSchema, ...shape });
const queued = <Input extends z.ZodType>(input: Input) => ({ input, output: OutboxReceiptSchema });

/** Where a file goes: the order, its folder (by default the Documents folder) and a note. */
export const AttachmentTargetShape = {
  workOrderId: LocalIdSchema,
  /** Defaults to the order's Documents folder. */
  folderId: PositiveIdSchema.optional(),
  notes: NoteSchema.optional(),
};

/**
 * A file already copied into the staging folder: by the web host's `POST /files` (browser mode) or
 * by the desktop's `attachments:upload-file`. The page never names a path on this channel.
 */
export const AttachmentUploadInputSchema = z.strictObject({ ...AttachmentTargetShape, stagedId: z.uuid() });
export type AttachmentUploadInput = z.infer<typeof AttachmentUploadInputSchema>;

export const AttachmentReviewInputSchema = onOrder({
  attachmentId: LocalIdSchema,
  status: AttachmentReviewBodySchema.shape.status,
  reason: NoteSchema.optional(),
}).refine((input) => input.status === 'approved' || (input.reason ?? '').trim() !== '', { path: ['reason'], message: 'A denied deliverable needs a reason the provider will see' });

export const TalentPoolMemberInputShape = { poolId: PositiveIdSchema, providerId: PositiveIdSchema };

export const writeChannels = {
  'workorders:create': queued(z.strictObject({ order: WorkOrderCreateBodySchema })),
  'workorders:update': queued(z.strictObject({ id: LocalIdSchema, changes: WorkOrderUpdateBodySchema })),
  /** The service window alone, moved on the dispatch board: unlike an edit it waits out the undo window. */
  'workorders:reschedule': queued(z.strictObject({ id: LocalIdSchema, window: ServiceWindowInputSchema })),
  'workorders:cancel': queued(
    z.strictObject({ id: LocalIdSchema, reason: PositiveIdSchema, notes: NoteSchema.optional(), messageToProvider: NoteSchema.optional() }),
  ),
  'workorders:publish': queued(orderOnly),
  'workorders:unpublish': queued(orderOnly),
  'workorders:revert': queued(orderOnly),
  'workorders:unassign': queued(orderOnly),
  'workorders:approve': queued(orderOnly),
  'workorders:unapprove': queued(orderOnly),
  'workorders:incomplete': queued(z.strictObject({ id: LocalIdSchema, reason: PositiveIdSchema })),
  'workorders:route': queued(orderAndProvider),
  'workorders:unroute': queued(orderAndProvider),
  'workorders:assign': queued(orderAndProvider),
  /** Applies a company tag (an id of `reference:get` tags); refused at once when its valid_statuses exclude the order's status. */
  'workorders:add-tag': queued(z.strictObject({ id: LocalIdSchema, tagId: PositiveIdSchema })),
  'workorders:remove-tag': queued(z.strictObject({ id: LocalIdSchema, tagId: PositiveIdSchema })),
  /** The technician's ETA; refused at once unless the order is Assigned (decisions §6). */
  'workorders:set-eta': queued(z.strictObject({ id: LocalIdSchema, eta: EtaInputSchema })),
  /** Without a rule, the best rated who does the type of work; `shouldRoute` routes to the best match instead of assigning (decisions §2). */
  'workorders:auto-dispatch': queued(
    z.strictObject({
      ids: z.array(LocalIdSchema).min(1).max(500),
      delay: z.number().int().min(0).max(86_400).optional(),
      selectionRuleId: PositiveIdSchema.optional(),
      shouldRoute: z.boolean().optional(),
    }),
  ),
  'swaps:accept': queued(onOrder({ swapId: z.string().min(1).max(200) })),
  'swaps:decline': queued(onOrder({ swapId: z.string().min(1).max(200) })),
  'attachments:upload': queued(AttachmentUploadInputSchema),
  'attachments:review': queued(AttachmentReviewInputSchema),
  'expenses:add': queued(onOrder({ expense: ExpenseBodySchema })),
  'expenses:update': queued(onOrder({ expenseId: LocalIdSchema, changes: ExpenseUpdateBodySchema })),
  'expenses:delete': queued(onOrder({ expenseId: LocalIdSchema })),
  'expenses:approve': queued(onOrder({ expenseId: LocalIdSchema })),
  'expenses:disapprove': queued(onOrder({ expenseId: LocalIdSchema, reason: NoteSchema.optional() })),
  'messages:send': queued(onOrder({ message: z.string().trim().min(1).max(NOTE_MAX_LENGTH), parentId: PositiveIdSchema.optional() })),
  'problems:report': queued(onOrder({ problemTypeId: PositiveIdSchema, comments: NoteSchema.optional() })),
  /** Marks a reported problem resolved (DELETE workorders/{id}/problems/{problem_id}); it stays listed, as resolved. */
  'problems:resolve': queued(onOrder({ problemId: PositiveIdSchema })),
  'locations:create': queued(z.strictObject({ location: SavedLocationCreateBodySchema })),
  'locations:update': queued(z.strictObject({ id: LocalIdSchema, changes: SavedLocationUpdateBodySchema })),
  'locations:delete': queued(z.strictObject({ id: LocalIdSchema })),
  /** Creates each named attribute, or changes its value when the provider has one of that name. */
  'talent-pools:set-attributes': queued(
    z.strictObject({
      ...TalentPoolMemberInputShape,
      attributes: z
        .array(z.strictObject({ name: z.string().trim().min(1).max(200), value: z.string().max(2000) }))
        .min(1)
        .max(100)
        .refine((attributes) => new Set(attributes.map((attribute) => attribute.name)).size === attributes.length, 'Attribute names must be unique'),
    }),
  ),
  'talent-pools:delete-attribute': queued(z.strictObject({ ...TalentPoolMemberInputShape, attributeId: TalentPoolAttributeIdSchema })),
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;

export type WriteChannelName = keyof typeof writeChannels;
export const WRITE_CHANNEL_NAMES = Object.keys(writeChannels) as WriteChannelName[];

/**
 * Webhooks are administration, not field work: they go straight to the webhook service and answer
 * WEBHOOKS_OFFLINE when it cannot be reached, instead of waiting in the outbox.
 */
export const webhookChannels = {
  'webhooks:list': { input: z.undefined(), output: z.array(WebhookSummarySchema) },
  'webhooks:create': { input: z.strictObject({ webhook: WebhookCreateBodySchema }), output: WebhookSummarySchema },
  'webhooks:update': { input: z.strictObject({ webhookId: WebhookIdSchema, changes: WebhookUpdateBodySchema }), output: WebhookSummarySchema },
  'webhooks:delete': { input: z.strictObject({ webhookId: WebhookIdSchema }), output: z.strictObject({ deleted: z.literal(true) }) },
  /**
   * A webhook's delivery attempts, newest first (at most the latest 100). Only the local marketplace
   * keeps such a log: another environment answers `available: false` and no attempts.
   */
  'webhooks:deliveries': {
    input: z.strictObject({ webhookId: WebhookIdSchema }),
    output: z.strictObject({ available: z.boolean(), attempts: z.array(WebhookDeliveryAttemptSchema), total: z.number().int() }),
  },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;
