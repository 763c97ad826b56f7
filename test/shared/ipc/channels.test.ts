import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_CODES } from '../../../src-shared/errors';
import { CachedSortFieldSchema, ErrorBodySchema, RemoteEnvironmentIdSchema, channels, events } from '../../../src-shared/ipc/channels';
import { IPC_NAME_PATTERN } from '../../../src-shared/ipc/names';

const inputOf = <C extends keyof typeof channels>(channel: C) => channels[channel].input as z.ZodType;
const accepts = (channel: keyof typeof channels, input: unknown) => inputOf(channel).safeParse(input).success;

describe('channel and event names', () => {
  // The preload refuses any other name before it reaches main, so a misnamed channel would fail silently.
  it.each([...Object.keys(channels), ...Object.keys(events)])('%s has the domain:verb shape the preload lets through', (name) => {
    expect(name).toMatch(IPC_NAME_PATTERN);
  });
});

describe('channel inputs', () => {
  it.each(Object.keys(channels) as (keyof typeof channels)[])('%s refuses a key it does not know', (channel) => {
    const result = inputOf(channel).safeParse({ unexpected: 1 });
    expect(result.success).toBe(false);
    const codes = result.error?.issues.map((issue) => issue.code);
    // A channel taking nothing refuses any argument; the others name the stray key.
    expect(codes).toContain(channels[channel].input instanceof z.ZodUndefined ? 'invalid_type' : 'unrecognized_keys');
  });

  it('reads cached orders by any id, drafts made offline included, but refreshes only ids the marketplace made', () => {
    expect(accepts('workorders:get', { id: -3 })).toBe(true);
    expect(accepts('workorders:detail', { id: -3 })).toBe(true);
    expect(accepts('workorders:get', { id: 1.5 })).toBe(false);
    expect(accepts('workorders:refresh', { id: 101 })).toBe(true);
    expect(accepts('workorders:refresh', { id: -3 })).toBe(false);
  });

  it('bounds the list request: positive filter ids, capped text and paging', () => {
    expect(accepts('workorders:list', { search: 'Acme', client: 4, statusIds: [1, 9], page: 2, per_page: 100 })).toBe(true);
    expect(accepts('workorders:list', { client: 0 })).toBe(false);
    expect(accepts('workorders:list', { statusIds: [0] })).toBe(false);
    expect(accepts('workorders:list', { search: 'x'.repeat(201) })).toBe(false);
    expect(accepts('workorders:list', { per_page: 101 })).toBe(false);
    expect(accepts('workorders:list', { page: 0 })).toBe(false);
    expect(accepts('workorders:list', { sort: 'created_date' })).toBe(false);
  });

  it('sorts the cache by the service sorts it keeps, plus the last change and the triage queue’s urgency', () => {
    expect(CachedSortFieldSchema.options).toEqual(['id', 'title', 'schedule', 'status', 'pay', 'updated', 'urgency']);
  });

  it('edits the addresses of the remote environments only, within the cap', () => {
    const urls = { baseUrl: 'https://api.example/api/rest/v2', authUrl: 'https://api.example', webhookUrl: 'https://hooks.example' };
    expect(RemoteEnvironmentIdSchema.options).toEqual(['sandbox', 'production', 'custom']);
    expect(accepts('environments:update-urls', { id: 'custom', ...urls })).toBe(true);
    expect(accepts('environments:update-urls', { id: 'local', ...urls })).toBe(false);
    expect(accepts('environments:update-urls', { id: 'custom', ...urls, baseUrl: `https://a.example/${'x'.repeat(2048)}` })).toBe(false);
    const { webhookUrl: _webhookUrl, ...withoutWebhook } = urls;
    expect(accepts('environments:update-urls', { id: 'custom', ...withoutWebhook })).toBe(false);
  });

  it('takes credentials whole and non-empty', () => {
    const credentials = { environment: 'sandbox', clientId: 'id', clientSecret: 'secret', username: 'u', password: 'p' };
    expect(accepts('credentials:set', credentials)).toBe(true);
    expect(accepts('credentials:set', { ...credentials, password: '' })).toBe(false);
    expect(accepts('credentials:set', { ...credentials, password: 'x'.repeat(4097) })).toBe(false);
    // The webhook pair goes together or not at all: one half alone would be dropped.
    expect(accepts('credentials:set', { ...credentials, svcToken: 'token', companyId: 1001 })).toBe(true);
    expect(accepts('credentials:set', { ...credentials, svcToken: 'token' })).toBe(false);
    expect(accepts('credentials:set', { ...credentials, companyId: 1001 })).toBe(false);
  });

  it('updates settings by any subset of their keys', () => {
    expect(accepts('settings:update', { theme: 'dark' })).toBe(true);
    expect(accepts('settings:update', { theme: 'sepia' })).toBe(false);
  });
});

describe('ErrorBodySchema', () => {
  it('carries every registered code and no other', () => {
    for (const code of Object.keys(ERROR_CODES)) {
      expect(ErrorBodySchema.safeParse({ code, message: 'm' }).success).toBe(true);
    }
    expect(ErrorBodySchema.safeParse({ code: 'ENOENT', message: 'm' }).success).toBe(false);
  });
});

describe('events', () => {
  it('tells the renderer which cached orders changed, drafts made offline included, or that all did', () => {
    const change = events['workorders:did-change'];
    expect(change.safeParse({ ids: [101, -3] }).success).toBe(true);
    expect(change.safeParse({ all: true }).success).toBe(true);
    expect(change.safeParse({ all: false }).success).toBe(false);
    expect(change.safeParse({ ids: [1], all: true }).success).toBe(false);
  });
});

describe('reference:get', () => {
  it('checks each kind\'s entries against that kind\'s shape, not any reference shape', () => {
    const output = channels['reference:get'].output;
    const category = { id: 3, label: 'Mileage', description: 'Per mile' };
    expect(output.safeParse({ kind: 'expense-categories', entries: [category] }).success).toBe(true);
    // A category has no `name`: it is not a type of work, though it would pass as a tag.
    expect(output.safeParse({ kind: 'types-of-work', entries: [category] }).success).toBe(false);
    expect(output.safeParse({ kind: 'types-of-work', entries: [{ id: 62, name: 'Point of Sale (POS)' }] }).success).toBe(true);
    expect(output.safeParse({ kind: 'colours', entries: [] }).success).toBe(false);
  });
});
