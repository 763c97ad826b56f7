import { flushSync } from 'svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WebhooksState } from '../../src-renderer/state/webhooks.svelte';
import { api } from './support/fake-api';

vi.mock('../../src-renderer/lib/api', () => import('./support/fake-api'));

const WEBHOOK_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

// Main: one webhook, the sandbox active; the delivery log is one another environment does not keep.
beforeEach(() => {
  api.reset();
  api.answer('webhooks:list', () => [{ _id: WEBHOOK_ID, url: 'https://example.com/a', active: true, events: [], has_secret: false }]);
  api.answer('environments:list', () => [
    { id: 'sandbox', label: 'Sandbox', urls: null, editable: true, configured: false, credentialsStored: false, signedIn: false, active: true, cacheFile: 'sandbox.sqlite' },
  ]);
  api.answer('webhooks:deliveries', () => ({ available: false, attempts: [], total: 0 }));
});

describe('WebhooksState', () => {
  it('says what is missing, and whose, when the environment has no webhook service token', async () => {
    api.refuse('webhooks:list', 'WEBHOOKS_NOT_CONFIGURED');
    const state = new WebhooksState();
    await state.load();
    flushSync();
    expect(state.items).toEqual([]);
    expect(state.unavailable).toMatchObject({ code: 'WEBHOOKS_NOT_CONFIGURED', environment: 'Sandbox' });
  });

  it('lists the webhooks and opens a log that another environment does not keep', async () => {
    const state = new WebhooksState();
    await state.load();
    expect(state.unavailable).toBeUndefined();
    await state.showDeliveries(WEBHOOK_ID);
    flushSync();
    expect(state.selected?.url).toBe('https://example.com/a');
    expect(state.log).toEqual({ available: false, attempts: [], total: 0 });
    expect(api.inputsOf('webhooks:deliveries')).toEqual([{ webhookId: WEBHOOK_ID }]);
  });
});
