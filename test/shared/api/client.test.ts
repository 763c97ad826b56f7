import { describe, expect, it } from 'vitest';
import { ClientListSchema, ClientSchema } from '../../../src-shared/api/client';

describe('ClientSchema', () => {
  it('reads every field of the spec', () => {
    const client = ClientSchema.parse({
      id: 3,
      client_id: 3,
      name: 'Acme',
      active: true,
      manager: { id: 12, first_name: 'Pat' },
      logo: 'https://img.example/acme.png',
      website: 'https://acme.example',
      about: 'Retail chain',
      print_logo: true,
      policy_procedure: 'Wear a badge',
      standard_instruction: 'Call on arrival',
      address1: '1 Main St',
      address2: '',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      country: 'US',
      location_type: 1,
      projects: { results: [{ id: 9, name: 'Rollout', status: 'active' }] },
      tier: 'gold',
    });
    expect(client.projects?.results[0]?.name).toBe('Rollout');
    expect(client).toMatchObject({ tier: 'gold' });
  });

  it('reads a list of clients', () => {
    expect(
      ClientListSchema.safeParse({ metadata: { total: 1, page: 1, pages: 1, per_page: 1 }, results: [{ id: 3, name: 'Acme' }] }).success,
    ).toBe(true);
  });
});
