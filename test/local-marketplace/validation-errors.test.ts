import { describe, expect, it } from 'vitest';
import { testMarketplace } from './support';

// A 400 names the bad fields, but a body of 50,000 unknown keys must not make an error body of
// almost a megabyte: the first 20 are named, the rest counted.

const manyKeys = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, index) => [`k${String(index).padStart(5, '0')}`, 0]));

describe('validation errors', () => {
  it('names the first 20 of 50,000 unknown keys and counts the rest, in a small body', async () => {
    const { marketplace } = await testMarketplace();
    const answer = await marketplace.app.inject({ method: 'POST', url: '/__local/reset', payload: manyKeys(50_000) });
    expect(answer.statusCode).toBe(400);
    expect(answer.body.length).toBeLessThan(2000);
    const body = answer.json();
    expect(body.code).toBe(400);
    expect(body.fields.split(',')).toEqual(Array.from({ length: 20 }, (_, index) => `k${String(index).padStart(5, '0')}`));
    expect(body.message).toContain('"k00000", "k00001"');
    expect(body.message).toContain('and 49980 more');
    expect(body.message).not.toContain('k00020');
  });

  it('names a few unknown keys all, as before', async () => {
    const { marketplace } = await testMarketplace();
    const answer = await marketplace.app.inject({ method: 'POST', url: '/__local/reset', payload: { seed: 'demo', colour: 'red', size: 2 } });
    expect(answer.json()).toMatchObject({ code: 400, fields: 'colour,size', message: expect.stringContaining('Unrecognized keys: "colour", "size"') });
    expect(answer.json().message).not.toContain('more');
  });

  it('names a very long key by its first 100 characters', async () => {
    const { marketplace } = await testMarketplace();
    const key = 'x'.repeat(500_000);
    const answer = await marketplace.app.inject({ method: 'POST', url: '/__local/reset', payload: { [key]: 1 } });
    expect(answer.statusCode).toBe(400);
    expect(answer.body.length).toBeLessThan(1000);
    expect(answer.json().fields).toBe(`${'x'.repeat(100)}…`);
  });
});
