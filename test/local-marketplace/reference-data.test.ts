import { describe, expect, it } from 'vitest';
import { NamedReferenceSchema, listEnvelope } from '../../src-shared/api/common';
import {
  CompanyExpenseCategoryListSchema,
  IncompleteReasonListSchema,
  PreferredProviderGroupListSchema,
  TagListSchema,
  TypeOfWorkListSchema,
} from '../../src-shared/api/company';
import { LOCATION_TYPES, LocationTypesAnswerSchema } from '../../src-shared/api/location';
import { INCOMPLETE_REASONS, SERVICE_TYPES_BY_TYPE_OF_WORK, TYPES_OF_WORK } from '../../src-shared/api/reference-data';
import { STATUS_SLUGS } from '../../src-shared/api/status';
import { testMarketplace } from './support';
import { PreferredProviderGroupDetailSchema } from '../../src-shared/api/talent-pool';

describe('GET types-of-work', () => {
  it('answers the 27 types of work whole, with the list metadata', async () => {
    const { rest } = await testMarketplace();
    const answer = await rest('GET', 'types-of-work');
    expect(answer.status).toBe(200);
    const list = TypeOfWorkListSchema.parse(answer.body);
    expect(list.results).toHaveLength(27);
    expect(list.results).toEqual(TYPES_OF_WORK.map(({ id, name, industry }) => ({ id, name, industry })));
    expect(answer.body.metadata).toMatchObject({ total: 27, page: 1, pages: 1, per_page: 5000, columns: 'id,name,industry', view: 'list', sort: 'name', order: 'asc', available_filters: [] });
    const items = answer.body.metadata.available_columns.flatMap((group: { items: unknown[] }) => group.items);
    expect(items.map((item: { id: string }) => item.id)).toEqual(['id', 'name', 'industry']);
    for (const item of items) expect(Object.keys(item).sort()).toEqual(['can_sort', 'group', 'icon', 'id', 'label', 'order', 'selected', 'sort_dir']);
  });

  it('answers 401 without an access token', async () => {
    const { marketplace } = await testMarketplace();
    const answer = await marketplace.app.inject({ method: 'GET', url: '/api/rest/v2/types-of-work' });
    expect(answer.statusCode).toBe(401);
  });
});

describe('GET types-of-work/{id}/service-types (ours)', () => {
  it('answers the service types of a type of work, in the table order', async () => {
    const { rest } = await testMarketplace();
    const desktop = await rest('GET', 'types-of-work/61/service-types');
    expect(desktop.status).toBe(200);
    const list = listEnvelope(NamedReferenceSchema).parse(desktop.body);
    expect(list.results).toEqual(SERVICE_TYPES_BY_TYPE_OF_WORK[61]);
    expect(list.results).toHaveLength(8);
    expect(desktop.body.metadata).toMatchObject({ total: 8, page: 1, pages: 1, per_page: 5000 });
    const hvac = await rest('GET', 'types-of-work/8/service-types');
    expect(hvac.body.results.map((type: { id: number }) => type.id)).toEqual([15, 18, 17, 19, 16]);
  });

  it('answers an empty list for a type of work without service types', async () => {
    const { rest } = await testMarketplace();
    for (const id of [74, 75, 1]) {
      const answer = await rest('GET', `types-of-work/${id}/service-types`);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ metadata: { total: 0 }, results: [] });
    }
  });

  it('answers 404 for an unknown type of work and 400 for a non-numeric id', async () => {
    const { rest } = await testMarketplace();
    const unknown = await rest('GET', 'types-of-work/999/service-types');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 404, trace: [], fields: '' });
    const text = await rest('GET', 'types-of-work/hvac/service-types');
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ code: 400, fields: 'type_of_work_id' });
  });
});

describe('GET company/expenses', () => {
  it('answers the system categories, then the custom ones, with the add action', async () => {
    const { rest } = await testMarketplace();
    const answer = await rest('GET', 'company/expenses');
    expect(answer.status).toBe(200);
    const list = CompanyExpenseCategoryListSchema.parse(answer.body);
    expect(list.actions).toEqual(['add']);
    expect(list.metadata).toMatchObject({ total: 11, page: 1, pages: 1, per_page: 5000 });
    const system = list.results.filter((category) => category.type === 'system');
    const custom = list.results.filter((category) => category.type === 'custom');
    expect(system).toHaveLength(7);
    expect(custom).toHaveLength(4);
    for (const category of system) {
      expect(category).toMatchObject({ company_expense_id: 0, actions: [] });
      expect(category.amount).toBeUndefined();
    }
    expect(custom[0]).toEqual({
      uid: 951,
      id: 2,
      company_expense_id: 951,
      label: 'Cable drop (per run)',
      description: 'Cat6 run up to 150 ft, terminated and tested',
      amount: 45,
      api_code: 'CBL-DROP',
      type: 'custom',
      actions: ['edit', 'delete'],
    });
    expect(new Set(list.results.map((category) => category.uid)).size).toBe(11);
  });
});

describe('GET company/tags', () => {
  it('answers the tags with the model view metadata', async () => {
    const { rest } = await testMarketplace();
    const answer = await rest('GET', 'company/tags');
    expect(answer.status).toBe(200);
    const list = TagListSchema.parse(answer.body);
    expect(list.metadata).toMatchObject({ total: 6, per_page: 5000, columns: 'id,label,hex_color,valid_statuses,types', view: 'model' });
    expect(list.results.map((tag) => tag.id)).toEqual([901, 902, 903, 904, 905, 906]);
    for (const tag of answer.body.results) {
      expect(Object.keys(tag).sort()).toEqual(['actions', 'hex_color', 'id', 'label', 'types', 'valid_statuses']);
      expect(tag.hex_color).toMatch(/^#[0-9A-F]{6}$/);
      for (const status of tag.valid_statuses) expect(STATUS_SLUGS).toContain(status);
    }
  });
});

describe('GET company/incomplete-reasons', () => {
  it('answers a bare array of the 5 reasons', async () => {
    const { rest } = await testMarketplace();
    const answer = await rest('GET', 'company/incomplete-reasons');
    expect(answer.status).toBe(200);
    expect(Array.isArray(answer.body)).toBe(true);
    expect(IncompleteReasonListSchema.parse(answer.body)).toEqual(INCOMPLETE_REASONS);
    expect(answer.body).toHaveLength(5);
  });
});

describe('GET locations/location-types', () => {
  it('answers the 5 location types of decisions §6 in an envelope', async () => {
    const { rest } = await testMarketplace();
    const answer = await rest('GET', 'locations/location-types');
    expect(answer.status).toBe(200);
    LocationTypesAnswerSchema.parse(answer.body);
    expect(answer.body.results).toEqual(LOCATION_TYPES);
    expect(answer.body.metadata).toEqual({ total: 5, page: 1, pages: 1, per_page: 5, columns: 'id,name' });
  });
});

describe('GET company/preferred-providers', () => {
  it('answers the talent pool groups with distinct provider counts', async () => {
    const { rest } = await testMarketplace();
    const answer = await rest('GET', 'company/preferred-providers');
    expect(answer.status).toBe(200);
    const list = PreferredProviderGroupListSchema.parse(answer.body);
    expect(list.metadata).toMatchObject({ total: 2, page: 1, pages: 1, per_page: 5000 });
    expect(list.results).toEqual([
      { id: 801, name: 'Chicagoland Preferred', providers: 6, actions: ['edit', 'delete'] },
      { id: 802, name: 'Sun Belt Partners', providers: 7, actions: ['edit', 'delete'] },
    ]);
  });

  it("lists only the caller's company's groups", async () => {
    const { rest, marketplace } = await testMarketplace();
    marketplace.context.db.exec(`INSERT INTO companies (id, name) VALUES (1002, 'Other Co'); INSERT INTO talent_pool_groups (id, company_id, name) VALUES (890, 1002, 'Theirs')`);
    const answer = await rest('GET', 'company/preferred-providers');
    expect(answer.body.results.map((group: { id: number }) => group.id)).toEqual([801, 802]);
  });
});

describe('GET company/preferred-providers/{group_id} (ours)', () => {
  it('answers the group with its pools and the provider profiles of each', async () => {
    const { rest } = await testMarketplace();
    const answer = await rest('GET', 'company/preferred-providers/801');
    expect(answer.status).toBe(200);
    const group = PreferredProviderGroupDetailSchema.parse(answer.body);
    expect(group).toMatchObject({ id: 801, name: 'Chicagoland Preferred', providers: 6 });
    expect(group.pools?.map((pool) => [pool.id, pool.name, pool.providers?.results.map((provider) => provider.id)])).toEqual([
      [811, 'POS Specialists', [3001, 3002, 3004]],
      [812, 'Network and Cabling', [3002, 3003, 3005, 3006]],
    ]);
    expect(group.pools?.[0]?.providers?.results[0]).toMatchObject({ id: 3001, first_name: expect.any(String) });
  });

  it("answers 404 for an unknown group and 403 for another company's", async () => {
    const { rest, marketplace } = await testMarketplace();
    expect((await rest('GET', 'company/preferred-providers/899')).status).toBe(404);
    marketplace.context.db.exec(`INSERT INTO companies (id, name) VALUES (1002, 'Other Co'); INSERT INTO talent_pool_groups (id, company_id, name) VALUES (890, 1002, 'Theirs')`);
    expect((await rest('GET', 'company/preferred-providers/890')).status).toBe(403);
  });
});
