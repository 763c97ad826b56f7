import { z } from 'zod';
import { ActionsSchema, knownString, listEnvelope } from './common';
import { STATUS_SLUGS } from './status';

export const TypeOfWorkSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  industry: z.string().nullish(),
});
export type TypeOfWork = z.infer<typeof TypeOfWorkSchema>;

/** Answer of GET types-of-work. */
export const TypeOfWorkListSchema = listEnvelope(TypeOfWorkSchema);
export type TypeOfWorkList = z.infer<typeof TypeOfWorkListSchema>;

export const COMPANY_EXPENSE_CATEGORY_TYPES = ['system', 'custom'] as const;

/** An entry of GET company/expenses; system categories have `company_expense_id` 0. */
export const CompanyExpenseCategorySchema = z.looseObject({
  uid: z.number().int().nullish(),
  id: z.number().int(),
  company_expense_id: z.number().int().nullish(),
  label: z.string(),
  description: z.string().nullish(),
  /** Present on custom categories only. */
  amount: z.number().nullish(),
  type: knownString(COMPANY_EXPENSE_CATEGORY_TYPES).nullish(),
  actions: ActionsSchema.nullish(),
});
export type CompanyExpenseCategory = z.infer<typeof CompanyExpenseCategorySchema>;

export const CompanyExpenseCategoryListSchema = listEnvelope(CompanyExpenseCategorySchema);
export type CompanyExpenseCategoryList = z.infer<typeof CompanyExpenseCategoryListSchema>;

/**
 * Tag types: the spec names the first three; the real service's client also
 * knows the rest, and a tag carrying one must still be readable. Read with
 * `knownString`: every work order embeds its tags, so one tag of a type not
 * listed here would otherwise make the whole order (and its list page) unreadable.
 */
export const TAG_TYPES = [
  'custom_company',
  'hide_from_provider',
  'show_in_dashboard',
  'hold',
  'problem',
  'provider_can_edit',
  'substatus',
] as const;
export type TagType = (typeof TAG_TYPES)[number];

export const TagSchema = z.looseObject({
  id: z.number().int(),
  label: z.string(),
  hex_color: z.string().nullish(),
  valid_statuses: z.array(knownString(STATUS_SLUGS)).nullish(),
  types: z.array(knownString(TAG_TYPES)).nullish(),
  actions: ActionsSchema.nullish(),
});
export type Tag = z.infer<typeof TagSchema>;

/** Answer of GET company/tags (and the `tags` of a work order). */
export const TagListSchema = listEnvelope(TagSchema);
export type TagList = z.infer<typeof TagListSchema>;

export const IncompleteReasonSchema = z.looseObject({
  id: z.number().int(),
  label: z.string(),
});
export type IncompleteReason = z.infer<typeof IncompleteReasonSchema>;

/** GET company/incomplete-reasons answers a bare array, not an envelope. */
export const IncompleteReasonListSchema = z.array(IncompleteReasonSchema);
export type IncompleteReasonList = z.infer<typeof IncompleteReasonListSchema>;

/** A talent pool group as GET company/preferred-providers lists it; `providers` is a count. */
export const PreferredProviderGroupSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  providers: z.number().int().nullish(),
  actions: ActionsSchema.nullish(),
});
export type PreferredProviderGroup = z.infer<typeof PreferredProviderGroupSchema>;

export const PreferredProviderGroupListSchema = listEnvelope(PreferredProviderGroupSchema);
export type PreferredProviderGroupList = z.infer<typeof PreferredProviderGroupListSchema>;
