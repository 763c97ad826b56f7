import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PageNumberSchema, integerField } from '../../../src-shared/api/form-fields';
import {
  TalentPoolAttributeIdSchema,
  TalentPoolAttributeListQuerySchema,
  TalentPoolAttributeListSchema,
  TalentPoolAttributeSchema,
  TalentPoolAttributesCreateBodySchema,
  TalentPoolAttributesUpdateBodySchema,
  TalentPoolAttributeUpdateBodySchema,
} from '../../../src-shared/api/talent-pool';
import type { AuthInfo } from '../auth/require-token';
import type { MarketplaceContext } from '../context';
import { createAttributes, deleteAttribute, listAttributes, type Membership, updateAttribute, updateAttributes } from '../domain/talent-pool-attributes';
import { acceptingForms } from '../http/form-body';
import { IdParam, route } from '../http/route';

const tag = 'Talent pools';
const base = '/talent-pools/:talent_pool_id/providers/:provider_id/attributes';
const MemberParams = z.object({ talent_pool_id: IdParam, provider_id: IdParam });
const AttributeParams = MemberParams.extend({ attribute_uuid: TalentPoolAttributeIdSchema });

/**
 * Bounded here, so `(page - 1) × limit` stays a safe SQLite offset; `page` is ours (the spec names
 * only `limit`, which alone could not reach past the first page).
 */
const AttributeListQuery = TalentPoolAttributeListQuerySchema.extend({
  limit: integerField(z.number().int().positive().max(1000)).optional(),
  page: PageNumberSchema.optional(),
});

const membership = (auth: AuthInfo, params: z.output<typeof MemberParams>): Membership => ({
  companyId: auth.companyId,
  poolId: params.talent_pool_id,
  providerId: params.provider_id,
});

/** Attributes of a provider in one of the company's talent pools (spec, talent pools; decisions §6). */
export function registerTalentPoolRoutes(app: FastifyInstance, context: MarketplaceContext): void {
  route(app, context.routes, {
    method: 'GET',
    url: base,
    summary: 'List the attributes of a provider in a talent pool; sort_by name (default), value, created, updated or id; limit per page',
    tag,
    params: MemberParams,
    query: AttributeListQuery,
    response: TalentPoolAttributeListSchema,
    handler: ({ params, query, auth }) => listAttributes(context, membership(auth, params), query),
  });

  route(app, context.routes, {
    method: 'POST',
    url: base,
    summary: 'Create attributes {attributes: [{name, value}]}, all or none; a name the provider already has in the pool is a 400',
    tag,
    params: MemberParams,
    body: acceptingForms(TalentPoolAttributesCreateBodySchema),
    response: TalentPoolAttributeListSchema,
    handler: ({ params, body, auth }) => createAttributes(context, membership(auth, params), body.attributes),
  });

  route(app, context.routes, {
    method: 'PUT',
    url: base,
    summary: 'Update several attribute values {attributes: [{id, value}]}, all or none',
    tag,
    params: MemberParams,
    body: acceptingForms(TalentPoolAttributesUpdateBodySchema),
    response: TalentPoolAttributeListSchema,
    handler: ({ params, body, auth }) => updateAttributes(context, membership(auth, params), body.attributes),
  });

  route(app, context.routes, {
    method: 'PUT',
    url: `${base}/:attribute_uuid`,
    summary: 'Update the value of one attribute',
    tag,
    params: AttributeParams,
    body: TalentPoolAttributeUpdateBodySchema,
    response: TalentPoolAttributeSchema,
    handler: ({ params, body, auth }) => updateAttribute(context, membership(auth, params), params.attribute_uuid, body.value),
  });

  route(app, context.routes, {
    method: 'DELETE',
    url: `${base}/:attribute_uuid`,
    summary: 'Delete one attribute; answers it as it was',
    tag,
    params: AttributeParams,
    response: TalentPoolAttributeSchema,
    handler: ({ params, auth }) => deleteAttribute(context, membership(auth, params), params.attribute_uuid),
  });
}
