import { z } from 'zod';
import { ActionsSchema, SortOrderSchema, flexibleList, listEnvelope } from './common';
import { PreferredProviderGroupSchema } from './company';
import { integerField } from './form-fields';
import { ProviderProfileSchema } from './provider';

/** A talent pool belongs to a group (preferred providers) and lists providers. */
export const TalentPoolSchema = z.looseObject({
  id: z.number().int(),
  name: z.string().nullish(),
  actions: ActionsSchema.nullish(),
});
export type TalentPool = z.infer<typeof TalentPoolSchema>;

/** A pool with the providers it lists, as a group's answer embeds it. */
export const TalentPoolWithProvidersSchema = TalentPoolSchema.extend({
  providers: listEnvelope(ProviderProfileSchema).nullish(),
});
export type TalentPoolWithProviders = z.infer<typeof TalentPoolWithProvidersSchema>;

/**
 * Answer of GET company/preferred-providers/{group_id} *(ours)*: the group with its pools and their
 * providers. The real service has no documented way to list a pool's providers; a client must
 * tolerate this answer missing (404) and keep the group alone.
 */
export const PreferredProviderGroupDetailSchema = PreferredProviderGroupSchema.extend({
  pools: z.array(TalentPoolWithProvidersSchema).nullish(),
});
export type PreferredProviderGroupDetail = z.infer<typeof PreferredProviderGroupDetailSchema>;

/** Attribute ids are uuids; any 8-4-4-4-12 hex form is taken, as the service's may not be RFC 9562. */
export const TalentPoolAttributeIdSchema = z.guid();

export const TalentPoolAttributeSchema = z.looseObject({
  id: TalentPoolAttributeIdSchema,
  name: z.string(),
  value: z.string().nullish(),
});
export type TalentPoolAttribute = z.infer<typeof TalentPoolAttributeSchema>;

/** Answer of GET talent-pools/{pool}/providers/{provider}/attributes; its shape is not fixed anywhere. */
export const TalentPoolAttributeListSchema = flexibleList(TalentPoolAttributeSchema);
export type TalentPoolAttributeList = z.infer<typeof TalentPoolAttributeListSchema>;

export const TalentPoolAttributeListQuerySchema = z.object({
  limit: integerField(z.number().int().positive()).optional(),
  sort_by: z.string().optional(),
  sort_direction: SortOrderSchema.optional(),
});
export type TalentPoolAttributeListQuery = z.infer<typeof TalentPoolAttributeListQuerySchema>;

function hasUniqueNames(attributes: readonly { name: string }[]): boolean {
  return new Set(attributes.map((attribute) => attribute.name)).size === attributes.length;
}

/** Body of POST …/attributes. Names are unique per provider in a pool; the service answers 400 to a duplicate. */
export const TalentPoolAttributesCreateBodySchema = z.strictObject({
  attributes: z
    .array(z.strictObject({ name: z.string().trim().min(1), value: z.string() }))
    .min(1)
    .refine(hasUniqueNames, 'Attribute names must be unique'),
});
export type TalentPoolAttributesCreateBody = z.infer<typeof TalentPoolAttributesCreateBodySchema>;

/** Body of PUT …/attributes/{attribute_uuid}. */
export const TalentPoolAttributeUpdateBodySchema = z.strictObject({ value: z.string() });
export type TalentPoolAttributeUpdateBody = z.infer<typeof TalentPoolAttributeUpdateBodySchema>;

/** Body of PUT …/attributes: several values at once, by id. */
export const TalentPoolAttributesUpdateBodySchema = z.strictObject({
  attributes: z.array(z.strictObject({ id: TalentPoolAttributeIdSchema, value: z.string() })).min(1),
});
export type TalentPoolAttributesUpdateBody = z.infer<typeof TalentPoolAttributesUpdateBodySchema>;
