import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { NamedReferenceSchema, listEnvelope } from '../../../src-shared/api/common';
import {
  CompanyExpenseCategoryListSchema,
  IncompleteReasonListSchema,
  PreferredProviderGroupListSchema,
  TagListSchema,
  TypeOfWorkListSchema,
} from '../../../src-shared/api/company';
import { LOCATION_TYPES, LocationTypesAnswerSchema } from '../../../src-shared/api/location';
import { PreferredProviderGroupDetailSchema } from '../../../src-shared/api/talent-pool';
import { INCOMPLETE_REASONS, TYPES_OF_WORK, isKnownTypeOfWork, serviceTypesFor } from '../../../src-shared/api/reference-data';
import type { MarketplaceContext } from '../context';
import { listCompanyExpenseCategories, listTags, referenceListMetadata } from '../domain/company';
import { listPreferredProviderGroups, preferredProviderGroup } from '../domain/talent-pools';
import { notFound } from '../http/errors';
import { IdParam, route } from '../http/route';

const TAG = 'Reference data';

const TYPE_OF_WORK_COLUMNS = [
  { id: 'id', label: 'ID' },
  { id: 'name', label: 'Name' },
  { id: 'industry', label: 'Industry' },
] as const;

/** The list view's column picker, in the service's shape; every column is shown and sortable. */
const TYPE_OF_WORK_AVAILABLE_COLUMNS = [
  {
    group: 'Type of work',
    items: TYPE_OF_WORK_COLUMNS.map((column, index) => ({
      ...column,
      group: 'Type of work',
      order: index + 1,
      icon: '',
      selected: true,
      can_sort: true,
      sort_dir: 'asc',
    })),
  },
];

export function registerReferenceDataRoutes(app: FastifyInstance, context: MarketplaceContext): void {
  route(app, context.routes, {
    method: 'GET',
    url: '/types-of-work',
    summary: 'List the 27 types of work',
    tag: TAG,
    response: TypeOfWorkListSchema,
    handler: () => ({
      metadata: referenceListMetadata(TYPES_OF_WORK.length, TYPE_OF_WORK_COLUMNS.map((column) => column.id).join(','), {
        view: 'list',
        sort: 'name',
        order: 'asc',
        available_columns: TYPE_OF_WORK_AVAILABLE_COLUMNS,
        available_filters: [],
      }),
      results: TYPES_OF_WORK.map(({ id, name, industry }) => ({ id, name, industry })),
    }),
  });

  route(app, context.routes, {
    method: 'GET',
    url: '/types-of-work/:type_of_work_id/service-types',
    summary: 'List the service types of a type of work (ours: the spec gives them as a table only)',
    tag: TAG,
    params: z.object({ type_of_work_id: IdParam }),
    response: listEnvelope(NamedReferenceSchema),
    handler: ({ params }) => {
      if (!isKnownTypeOfWork(params.type_of_work_id)) throw notFound(`Type of work ${params.type_of_work_id}`);
      const serviceTypes = serviceTypesFor(params.type_of_work_id).map(({ id, name }) => ({ id, name }));
      return { metadata: referenceListMetadata(serviceTypes.length, 'id,name'), results: serviceTypes };
    },
  });

  route(app, context.routes, {
    method: 'GET',
    url: '/company/expenses',
    summary: 'List the company expense categories: system ones, then custom ones',
    tag: TAG,
    response: CompanyExpenseCategoryListSchema,
    handler: ({ auth }) => {
      const categories = listCompanyExpenseCategories(context, auth.companyId);
      return {
        metadata: referenceListMetadata(categories.length, 'uid,id,company_expense_id,label,description,amount,type'),
        results: categories,
        actions: ['add'],
      };
    },
  });

  route(app, context.routes, {
    method: 'GET',
    url: '/company/tags',
    summary: 'List the work order tags of the company',
    tag: TAG,
    response: TagListSchema,
    handler: ({ auth }) => {
      const tags = listTags(context, auth.companyId);
      return {
        metadata: referenceListMetadata(tags.length, 'id,label,hex_color,valid_statuses,types', { view: 'model' }),
        results: tags,
        actions: ['add'],
      };
    },
  });

  route(app, context.routes, {
    method: 'GET',
    url: '/company/incomplete-reasons',
    summary: 'List the reasons for marking work incomplete (a bare array)',
    tag: TAG,
    response: IncompleteReasonListSchema,
    handler: () => INCOMPLETE_REASONS.map(({ id, label }) => ({ id, label })),
  });

  route(app, context.routes, {
    method: 'GET',
    url: '/locations/location-types',
    summary: 'List the location types (an envelope; our choice, the spec does not show it)',
    tag: TAG,
    response: LocationTypesAnswerSchema,
    handler: () => ({
      metadata: { total: LOCATION_TYPES.length, page: 1, pages: 1, per_page: LOCATION_TYPES.length, columns: 'id,name' },
      results: LOCATION_TYPES.map(({ id, name }) => ({ id, name })),
    }),
  });

  route(app, context.routes, {
    method: 'GET',
    url: '/company/preferred-providers',
    summary: 'List the talent pool groups of the company with their provider counts',
    tag: TAG,
    response: PreferredProviderGroupListSchema,
    handler: ({ auth }) => {
      const groups = listPreferredProviderGroups(context, auth.companyId);
      return { metadata: referenceListMetadata(groups.length, 'id,name,providers'), results: groups, actions: ['add'] };
    },
  });

  route(app, context.routes, {
    method: 'GET',
    url: '/company/preferred-providers/:group_id',
    summary: 'Get a talent pool group with its pools and the providers of each (ours)',
    tag: TAG,
    params: z.object({ group_id: IdParam }),
    response: PreferredProviderGroupDetailSchema,
    handler: ({ auth, params }) => preferredProviderGroup(context, auth.companyId, params.group_id),
  });
}
