import { describe, expect, it } from 'vitest';
import { ClientListSchema, ClientSchema, ProjectSchema } from '../../src-shared/api/client';
import { listEnvelope } from '../../src-shared/api/common';
import { clientOfCompany } from '../../src-main/local-marketplace/domain/clients';
import { type TestMarketplace, testMarketplace } from './support';

/** Every field of the spec's Client table. */
const CLIENT_FIELDS = [
  'about',
  'active',
  'address1',
  'address2',
  'city',
  'client_id',
  'country',
  'id',
  'location_type',
  'logo',
  'manager',
  'name',
  'policy_procedure',
  'print_logo',
  'projects',
  'standard_instruction',
  'state',
  'website',
  'zip',
];

/** Another buyer company with one client (590) and its project (690). */
function addOtherCompany({ marketplace }: TestMarketplace): void {
  marketplace.context.db.exec(`
    INSERT INTO companies (id, name) VALUES (1002, 'Other Buyer Inc');
    INSERT INTO clients (id, company_id, name, data) VALUES (590, 1002, 'Their Client', '{"manager_id":null}');
    INSERT INTO projects (id, company_id, client_id, name) VALUES (690, 1002, 590, 'Their Project');
  `);
}

describe('GET company/clients', () => {
  it('answers every client by name with every field and its projects', async () => {
    const { rest } = await testMarketplace();
    const answer = await rest('GET', 'company/clients');
    expect(answer.status).toBe(200);
    const list = ClientListSchema.parse(answer.body);
    expect(list.metadata).toMatchObject({ total: 3, page: 1, pages: 1, per_page: 3 });
    expect(list.results.map((client) => client.id)).toEqual([501, 502, 503]);
    for (const client of answer.body.results) {
      expect(Object.keys(client).sort()).toEqual(CLIENT_FIELDS);
      expect(client.client_id).toBe(client.id);
      expect(client.projects.results).toHaveLength(3);
    }
    expect(answer.body.results[0]).toMatchObject({
      name: 'Brightline Retail Group',
      active: true,
      manager: { id: 2002, first_name: 'Marcus', last_name: 'Oyelaran', email: 'marcus.oyelaran@northwind.example', phone: '+1 312 555 0141' },
      print_logo: true,
      country: 'US',
      location_type: 1,
      projects: {
        results: [
          { id: 601, name: 'Spring POS Refresh', status: 'active' },
          { id: 602, name: 'Store Network Upgrade', status: 'active' },
          { id: 603, name: 'Digital Signage Pilot', status: 'inactive' },
        ],
      },
    });
  });

  it("leaves out another company's clients", async () => {
    const market = await testMarketplace();
    addOtherCompany(market);
    expect((await market.rest('GET', 'company/clients')).body.metadata.total).toBe(3);
  });
});

describe('GET company/clients/{client_id} (ours)', () => {
  it('answers one client as the list does', async () => {
    const { rest } = await testMarketplace();
    const answer = await rest('GET', 'company/clients/502');
    expect(answer.status).toBe(200);
    expect(ClientSchema.parse(answer.body).name).toBe('Harborview Health System');
    const listed = (await rest('GET', 'company/clients')).body.results[1];
    expect(answer.body).toEqual(listed);
  });

  it("answers 404 unknown, 400 non-numeric, 403 another company's", async () => {
    const market = await testMarketplace();
    addOtherCompany(market);
    expect((await market.rest('GET', 'company/clients/999')).body).toMatchObject({ code: 404 });
    expect((await market.rest('GET', 'company/clients/brightline')).body).toMatchObject({ code: 400, fields: 'client_id' });
    expect((await market.rest('GET', 'company/clients/590')).body).toMatchObject({ code: 403 });
  });
});

describe('POST company/clients (ours)', () => {
  it('adds a client with only a name; the caller manages it', async () => {
    const { rest } = await testMarketplace();
    const answer = await rest('POST', 'company/clients', { name: 'Cobalt Logistics' });
    expect(answer.status).toBe(200);
    const client = ClientSchema.parse(answer.body);
    expect(client).toMatchObject({ id: 504, client_id: 504, name: 'Cobalt Logistics', active: true, print_logo: false, country: '', location_type: null, projects: { results: [] } });
    expect(client.manager).toMatchObject({ id: 2001, first_name: 'Dana' });
    expect(Object.keys(answer.body).sort()).toEqual(CLIENT_FIELDS);
    expect((await rest('GET', 'company/clients')).body.metadata.total).toBe(4);
  });

  it('takes every field, as JSON or as a form', async () => {
    const { rest } = await testMarketplace();
    const full = {
      name: 'Cobalt Logistics',
      active: false,
      manager: { id: 2003 },
      logo: 'https://cobalt.example/logo.png',
      website: 'https://cobalt.example',
      about: 'Freight and warehousing.',
      print_logo: true,
      policy_procedure: 'Sign in at the guard shack.',
      standard_instruction: 'Hard hats on the dock.',
      address1: '88 Harbor Way',
      address2: 'Dock 4',
      city: 'Savannah',
      state: 'GA',
      zip: '31401',
      country: 'US',
      location_type: 1,
    };
    const json = await rest('POST', 'company/clients', full);
    expect(json.status).toBe(200);
    const { manager, ...fields } = full;
    expect(json.body).toMatchObject({ ...fields, manager: { id: manager.id, last_name: 'Raman' } });
    const form = new URLSearchParams({ name: 'Form Client', print_logo: '1', active: 'false', location_type: '4', manager: '{"id":2002}', country: 'CA' }).toString();
    const formAnswer = await rest('POST', 'company/clients', form);
    expect(formAnswer.status).toBe(200);
    expect(formAnswer.body).toMatchObject({ name: 'Form Client', print_logo: true, active: false, location_type: 4, manager: { id: 2002 }, country: 'CA' });
  });

  it('refuses a missing name, unknown keys, wrong types, a bad country and a manager who is not one', async () => {
    const { rest } = await testMarketplace();
    const cases: [unknown, string][] = [
      [{}, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 42 }, 'name'],
      [{ name: 'A', country: 'XX' }, 'country'],
      [{ name: 'A', print_logo: 'maybe' }, 'print_logo'],
      [{ name: 'A', location_type: 7 }, 'location_type'],
      [{ name: 'A', manager: { id: 3001 } }, 'manager.id'],
      [{ name: 'A', manager: { id: 'x' } }, 'manager.id'],
    ];
    for (const [body, field] of cases) {
      const answer = await rest('POST', 'company/clients', body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 400, fields: field });
    }
    expect((await rest('POST', 'company/clients', { name: 'A', vip: true })).status).toBe(400);
    expect((await rest('GET', 'company/clients')).body.metadata.total).toBe(3);
  });
});

describe('company/clients/{client_id}/projects (ours)', () => {
  it('lists and adds projects', async () => {
    const { rest } = await testMarketplace();
    const list = await rest('GET', 'company/clients/503/projects');
    expect(list.status).toBe(200);
    listEnvelope(ProjectSchema).parse(list.body);
    expect(list.body.results.map((project: { id: number }) => project.id)).toEqual([607, 608, 609]);
    expect(list.body.results[0]).toEqual({ id: 607, name: 'ATM Fleet Maintenance', status: 'active', client: { id: 503, name: 'Summit Federal Credit Union' } });

    const added = await rest('POST', 'company/clients/503/projects', { name: 'Drive-up ATM Retrofit' });
    expect(added.status).toBe(200);
    expect(ProjectSchema.parse(added.body)).toEqual({ id: 610, name: 'Drive-up ATM Retrofit', status: 'active', client: { id: 503, name: 'Summit Federal Credit Union' } });
    const inactive = await rest('POST', 'company/clients/503/projects', 'name=Old%20Rollout&status=inactive');
    expect(inactive.body).toMatchObject({ id: 611, status: 'inactive' });
    expect((await rest('GET', 'company/clients/503')).body.projects.results).toHaveLength(5);
  });

  it("refuses bad bodies, unknown and another company's clients", async () => {
    const market = await testMarketplace();
    addOtherCompany(market);
    const { rest } = market;
    expect((await rest('POST', 'company/clients/503/projects', {})).body).toMatchObject({ code: 400, fields: 'name' });
    expect((await rest('POST', 'company/clients/503/projects', { name: 'X', status: 'done' })).body).toMatchObject({ code: 400, fields: 'status' });
    expect((await rest('POST', 'company/clients/503/projects', { name: 'X', budget: 5 })).status).toBe(400);
    expect((await rest('GET', 'company/clients/999/projects')).status).toBe(404);
    expect((await rest('POST', 'company/clients/999/projects', { name: 'X' })).status).toBe(404);
    expect((await rest('GET', 'company/clients/x/projects')).status).toBe(400);
    expect((await rest('GET', 'company/clients/590/projects')).status).toBe(403);
    expect((await rest('POST', 'company/clients/590/projects', { name: 'X' })).status).toBe(403);
  });
});

describe('clientOfCompany', () => {
  it("answers the route's client, or undefined for unknown and another company's", async () => {
    const market = await testMarketplace();
    addOtherCompany(market);
    const { context } = market.marketplace;
    expect(clientOfCompany(context, 1001, 501)).toEqual((await market.rest('GET', 'company/clients/501')).body);
    expect(clientOfCompany(context, 1001, 590)).toBeUndefined();
    expect(clientOfCompany(context, 1001, 999)).toBeUndefined();
    expect(clientOfCompany(context, 1002, 590)).toMatchObject({ id: 590, name: 'Their Client', manager: null, projects: { results: [{ id: 690 }] } });
  });
});
