import { describe, expect, it } from 'vitest';
import { TalentPoolAttributeSchema } from '../../src-shared/api/talent-pool';
import type { Marketplace } from '../../src-main/local-marketplace/server';
import { testMarketplace, type TestMarketplace } from './support';

// Demo pools: 811 (3001, 3002, 3004), 812 (3002, 3003, 3005, 3006), 813 (3009–3011), 814.
const ATTRIBUTES = 'talent-pools/812/providers/3003/attributes';

async function create(rest: TestMarketplace['rest'], attributes: { name: string; value: string }[], path = ATTRIBUTES) {
  const answer = await rest('POST', path, { attributes });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.results as unknown[]).map((attribute) => TalentPoolAttributeSchema.parse(attribute));
}

function anotherCompanysPool(marketplace: Marketplace): void {
  const { db } = marketplace.context;
  db.prepare(`INSERT INTO companies (id, name) VALUES (1002, 'Another Company')`).run();
  db.prepare(`INSERT INTO talent_pool_groups (id, company_id, name) VALUES (899, 1002, 'Theirs')`).run();
  db.prepare(`INSERT INTO talent_pools (id, group_id, name) VALUES (899, 899, 'Their pool')`).run();
  db.prepare('INSERT INTO talent_pool_members (pool_id, provider_id) VALUES (899, 3003)').run();
}

describe('talent pool attributes: create and list', () => {
  it('creates attributes with uuid ids and lists them sorted by name', async () => {
    const { rest } = await testMarketplace();
    const created = await create(rest, [
      { name: 'Region', value: 'North' },
      { name: 'badge', value: 'B-17' },
    ]);
    expect(created.map((attribute) => attribute.name)).toEqual(['Region', 'badge']);
    for (const attribute of created) expect(attribute.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const list = await rest('GET', ATTRIBUTES);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ metadata: { total: 2, page: 1, pages: 1, per_page: 2 }, actions: ['add'] });
    expect(list.body.results.map((attribute: { name: string }) => attribute.name)).toEqual(['badge', 'Region']);
  });

  it('sorts by sort_by and sort_direction, and pages by limit', async () => {
    const { rest } = await testMarketplace();
    await create(rest, [
      { name: 'a', value: '3' },
      { name: 'b', value: '1' },
      { name: 'c', value: '2' },
    ]);
    const names = async (query: string) => (await rest('GET', `${ATTRIBUTES}?${query}`)).body.results.map((attribute: { name: string }) => attribute.name);
    expect(await names('sort_by=value')).toEqual(['b', 'c', 'a']);
    expect(await names('sort_by=name&sort_direction=desc')).toEqual(['c', 'b', 'a']);
    expect(await names('limit=2')).toEqual(['a', 'b']);
    expect(await names('limit=2&page=2')).toEqual(['c']);
    expect((await rest('GET', `${ATTRIBUTES}?limit=2`)).body.metadata).toEqual({ total: 3, page: 1, pages: 2, per_page: 2 });
    expect((await rest('GET', `${ATTRIBUTES}?sort_by=colour`)).body.fields).toBe('sort_by');
    expect((await rest('GET', `${ATTRIBUTES}?sort_by=constructor`)).body.fields).toBe('sort_by');
    expect((await rest('GET', `${ATTRIBUTES}?sort_direction=up`)).body.fields).toBe('sort_direction');
    expect((await rest('GET', `${ATTRIBUTES}?limit=0`)).body.fields).toBe('limit');
  });

  it('refuses a name sent twice or already taken, creating none of the batch', async () => {
    const { rest } = await testMarketplace();
    await create(rest, [{ name: 'Badge', value: '1' }]);
    const twice = await rest('POST', ATTRIBUTES, { attributes: [{ name: 'x', value: '1' }, { name: 'x', value: '2' }] });
    expect(twice.status).toBe(400);
    expect(twice.body.fields).toBe('attributes');
    const taken = await rest('POST', ATTRIBUTES, { attributes: [{ name: 'Fresh', value: '1' }, { name: 'Badge', value: '2' }] });
    expect(taken.status).toBe(400);
    expect(taken.body.fields).toBe('attributes.1.name');
    expect((await rest('GET', ATTRIBUTES)).body.metadata.total).toBe(1);
    // Names are per provider and per pool: 3002 is in 811 and 812.
    await create(rest, [{ name: 'Badge', value: '3' }], 'talent-pools/811/providers/3002/attributes');
    await create(rest, [{ name: 'Badge', value: '4' }], 'talent-pools/812/providers/3002/attributes');
  });

  it('refuses bad bodies, and takes a form field of JSON', async () => {
    const { rest } = await testMarketplace();
    for (const body of [{}, { attributes: [] }, { attributes: [{ name: '', value: 'x' }] }, { attributes: [{ name: 'a', value: 5 }] }, { attributes: [{ name: 'a', value: 'x', id: 1 }] }, { attributes: [], extra: 1 }]) {
      expect((await rest('POST', ATTRIBUTES, body)).status, JSON.stringify(body)).toBe(400);
    }
    const form = new URLSearchParams({ attributes: JSON.stringify([{ name: 'Shirt size', value: 'L' }]) }).toString();
    expect((await rest('POST', ATTRIBUTES, form)).body.results[0]).toMatchObject({ name: 'Shirt size', value: 'L' });
  });

  it('answers 404 for an unknown pool or a provider not in it, 403 for another company’s pool', async () => {
    const { marketplace, rest } = await testMarketplace();
    for (const path of ['talent-pools/899/providers/3003/attributes', 'talent-pools/811/providers/3009/attributes', 'talent-pools/811/providers/99999/attributes']) {
      expect((await rest('GET', path)).status, path).toBe(404);
      expect((await rest('POST', path, { attributes: [{ name: 'a', value: 'b' }] })).status, path).toBe(404);
    }
    anotherCompanysPool(marketplace);
    expect((await rest('GET', 'talent-pools/899/providers/3003/attributes')).status).toBe(403);
    expect((await rest('POST', 'talent-pools/899/providers/3003/attributes', { attributes: [{ name: 'a', value: 'b' }] })).status).toBe(403);
  });
});

describe('talent pool attributes: update and delete', () => {
  it('updates one value by uuid, in any case of its letters', async () => {
    const { rest } = await testMarketplace();
    const [attribute] = await create(rest, [{ name: 'Badge', value: '1' }]);
    const id = attribute?.id ?? '';
    const answer = await rest('PUT', `${ATTRIBUTES}/${id.toUpperCase()}`, { value: '2' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id, name: 'Badge', value: '2' });
    expect((await rest('PUT', `${ATTRIBUTES}/${id}`, 'value=3')).body.value).toBe('3');
  });

  it('answers 404 for an unknown uuid or another provider’s, 400 for a bad one or a bad body', async () => {
    const { rest } = await testMarketplace();
    const [theirs] = await create(rest, [{ name: 'Badge', value: '1' }], 'talent-pools/812/providers/3005/attributes');
    const [mine] = await create(rest, [{ name: 'Badge', value: '1' }]);
    expect((await rest('PUT', `${ATTRIBUTES}/${theirs?.id}`, { value: '2' })).status).toBe(404);
    expect((await rest('PUT', `${ATTRIBUTES}/00000000-0000-4000-8000-000000000000`, { value: '2' })).status).toBe(404);
    expect((await rest('PUT', `${ATTRIBUTES}/not-a-uuid`, { value: '2' })).body.fields).toBe('attribute_uuid');
    expect((await rest('PUT', `${ATTRIBUTES}/${mine?.id}`, { value: 2 })).body.fields).toBe('value');
    expect((await rest('PUT', `${ATTRIBUTES}/${mine?.id}`, { value: '2', name: 'New' })).body.fields).toBe('name');
  });

  it('updates several values, all or none', async () => {
    const { rest } = await testMarketplace();
    const [first, second] = await create(rest, [
      { name: 'a', value: '1' },
      { name: 'b', value: '1' },
    ]);
    const answer = await rest('PUT', ATTRIBUTES, { attributes: [{ id: first?.id, value: '2' }, { id: second?.id, value: '3' }] });
    expect(answer.status).toBe(200);
    expect(answer.body.results.map((attribute: { value: string }) => attribute.value)).toEqual(['2', '3']);
    const unknown = await rest('PUT', ATTRIBUTES, { attributes: [{ id: first?.id, value: '9' }, { id: '00000000-0000-4000-8000-000000000000', value: '9' }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toBe('attributes.1.id');
    const twice = await rest('PUT', ATTRIBUTES, { attributes: [{ id: first?.id, value: '9' }, { id: first?.id, value: '8' }] });
    expect(twice.body.fields).toBe('attributes.1.id');
    expect((await rest('GET', ATTRIBUTES)).body.results.map((attribute: { value: string }) => attribute.value)).toEqual(['2', '3']);
  });

  it('deletes one attribute, answering it as it was', async () => {
    const { rest } = await testMarketplace();
    const [attribute] = await create(rest, [{ name: 'Badge', value: '1' }]);
    const answer = await rest('DELETE', `${ATTRIBUTES}/${attribute?.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: attribute?.id, name: 'Badge', value: '1' });
    expect((await rest('DELETE', `${ATTRIBUTES}/${attribute?.id}`)).status).toBe(404);
    expect((await rest('GET', ATTRIBUTES)).body.results).toEqual([]);
    // The name is free again.
    await create(rest, [{ name: 'Badge', value: '2' }]);
  });

  it('refuses another company’s pool for every change', async () => {
    const { marketplace, rest } = await testMarketplace();
    anotherCompanysPool(marketplace);
    const id = '00000000-0000-4000-8000-000000000000';
    const path = 'talent-pools/899/providers/3003/attributes';
    expect((await rest('PUT', path, { attributes: [{ id, value: '1' }] })).status).toBe(403);
    expect((await rest('PUT', `${path}/${id}`, { value: '1' })).status).toBe(403);
    expect((await rest('DELETE', `${path}/${id}`)).status).toBe(403);
  });
});
