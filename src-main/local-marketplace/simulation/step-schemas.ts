import { z } from 'zod';
import { ATTACHMENT_MAX_BYTES } from '../../../src-shared/api/attachment';
import { UtcDateTimeSchema } from '../../../src-shared/api/common';
import { booleanField, integerField, jsonField } from '../../../src-shared/api/form-fields';
import { PayInputSchema } from '../../../src-shared/api/pay';
import { SHIPMENT_DIRECTIONS, SHIPMENT_STATUSES } from '../../../src-shared/api/shipment';
import { SubStatusSchema } from '../../../src-shared/api/status';
import { isRealUtc } from '../domain/work-order-references';
import { parseUtc } from '../http/timestamp';

// Bodies of `/__local/simulate/*`: JSON or form alike (decisions §5, so ids may be text and
// nested values JSON text), every key checked, unknown keys refused.

const Id = integerField(z.number().int().positive().max(2_147_483_647));
const WEEK_SECONDS = 7 * 24 * 3600;

/** A UTC moment as the API writes it, read into epoch milliseconds; the round trip refuses 31 February. */
const UtcMoment = UtcDateTimeSchema.refine(isRealUtc, 'Not a real date and time').transform(parseUtc);

/** A decimal that may arrive as text in a form. */
function decimalField<Schema extends z.ZodType<number>>(schema: Schema) {
  return z.preprocess((value) => (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value.trim()) : value), schema);
}

const Text = (max: number) => z.string().trim().min(1).max(max);

/** Who acts on which order: every provider step names both. */
const ProviderStepShape = { work_order_id: Id, provider_id: Id };

export const ProviderStepBodySchema = z.strictObject(ProviderStepShape);

const EtaSchema = z
  .strictObject({
    start: UtcMoment.optional(),
    end: UtcMoment.optional(),
    hour_estimate: z.number().positive().max(1000).optional(),
  })
  .refine((eta) => eta.end === undefined || (eta.start !== undefined && eta.end >= eta.start), { message: 'An arrival window needs a start before its end', path: ['end'] });

const CounterOfferSchema = z
  .strictObject({
    pay: PayInputSchema.optional(),
    expenses: z.array(z.strictObject({ description: Text(200), amount: z.number().positive().max(1_000_000) })).max(20).optional(),
    notes: z.string().max(2000).optional(),
  })
  .refine((counter) => Object.keys(counter).length > 0, 'A counter-offer proposes pay, expenses or notes');

export const RequestBodySchema = z.strictObject({
  ...ProviderStepShape,
  notes: z.string().max(2000).optional(),
  /** How long the request stays open *(ours: a day unless said)*. */
  expires_in_seconds: integerField(z.number().int().positive().max(30 * 24 * 3600)).default(24 * 3600),
  eta: jsonField(EtaSchema).optional(),
  counter: jsonField(CounterOfferSchema).optional(),
});
export type RequestBody = z.output<typeof RequestBodySchema>;

export const DelayBodySchema = z.strictObject({ ...ProviderStepShape, delay_seconds: integerField(z.number().int().positive().max(WEEK_SECONDS)) });

export const LogTimeBodySchema = z.strictObject({
  ...ProviderStepShape,
  hours: decimalField(z.number().positive().max(24)),
  /** When the work began; `hours` before now when absent. */
  in: UtcMoment.optional(),
  verified: booleanField().optional(),
});

/** Any sub-status, or `""` to clear it: `at_risk` and `on_hold` are not the provider's to set. */
export const SubStatusBodySchema = z.strictObject({
  work_order_id: Id,
  sub_status: z.union([SubStatusSchema, z.literal('')]),
  delay_seconds: integerField(z.number().int().positive().max(WEEK_SECONDS)).optional(),
});

export const SwapBodySchema = z.strictObject({ ...ProviderStepShape, to_provider_id: Id, notes: z.string().max(2000).optional() });

export const ProviderMessageBodySchema = z.strictObject({ ...ProviderStepShape, message: Text(5000), parent_id: Id.optional() });

export const ShipmentBodySchema = z.strictObject({
  ...ProviderStepShape,
  name: Text(200),
  carrier: Text(50),
  tracking_number: Text(100),
  direction: z.enum(SHIPMENT_DIRECTIONS).default('to site'),
  status: z.enum(SHIPMENT_STATUSES).default('new'),
});

export const ShipmentStatusBodySchema = z.strictObject({ ...ProviderStepShape, shipment_id: Id, status: z.enum(SHIPMENT_STATUSES) });

/** Base64 as RFC 4648 writes it (padding included); `Buffer.from` would skip any other character silently. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The longest base64 text whose bytes fit the upload limit (decisions §6: 100 MiB). */
export const MAX_BASE64_LENGTH = Math.ceil(ATTACHMENT_MAX_BYTES / 3) * 4;

export const UploadBodySchema = z
  .strictObject({
    ...ProviderStepShape,
    /** The file's name; `deliverable-{work order}.txt` when absent. */
    name: Text(200).optional(),
    /** Required with `content_base64`: binary bytes say nothing of their type. */
    mime: Text(100).optional(),
    /** The file's text; a short report when absent. */
    content: z.string().max(1_000_000).optional(),
    /** The file's bytes, base64: a photo or any binary deliverable (ours). */
    content_base64: z.string().min(1).max(MAX_BASE64_LENGTH).optional(),
    notes: z.string().max(2000).optional(),
  })
  .superRefine((body, issues) => {
    if (body.content !== undefined && body.content_base64 !== undefined) {
      issues.addIssue({ code: 'custom', path: ['content_base64'], message: 'Give content or content_base64, not both' });
    }
    if (body.content_base64 === undefined) return;
    if (!BASE64.test(body.content_base64)) issues.addIssue({ code: 'custom', path: ['content_base64'], message: 'Not base64 text' });
    else if (base64Size(body.content_base64) > ATTACHMENT_MAX_BYTES) issues.addIssue({ code: 'custom', path: ['content_base64'], message: 'Larger than the 100 MiB upload limit' });
    if (body.mime === undefined) issues.addIssue({ code: 'custom', path: ['mime'], message: 'A binary deliverable needs its mime type' });
  })
  .transform((body) => ({ ...body, mime: body.mime ?? 'text/plain' }));

/** Decoded size of valid base64 text, without decoding it. */
function base64Size(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return (text.length / 4) * 3 - padding;
}

export const TickBodySchema = z.strictObject({
  /** How many orders move one step; they are chosen by the simulation's seeded random numbers. */
  orders: integerField(z.number().int().positive().max(100)).default(1),
});
