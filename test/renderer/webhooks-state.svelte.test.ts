import { flushSync } from 'svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The renderer's one door to main, faked: webhooks:list refuses with a chosen code; the log answers per webhook.
const fake = vi.hoisted(() => ({ listError: undefined as string | undefined, calls: [] as [string, unknown][] }));
vi.mock('../../src-renderer/lib/api', () => ({
  invoke: async (channel: string, input?: unknown) => {
    fake.calls.push([channel, input]);
    const { AppError } = await import('../../src-shared/errors');
    if (channel === 'webhooks:list') {
      if (fake.listError) throw new AppError(fake.listError as never);
      return [{ _id: 'aaaaaaaaaaaaaaaaaaaaaaaa', url: 'https://example.com/a', active: true, events: [] }];
    }
    if (channel === 'environments:list') return [{ id: 'sandbox', label: 'Sandbox', active: true }];
    if (channel === 'webhooks:deliveries') return { available: false, attempts: [], total: 0 };
    throw new AppError('IPC_UNKNOWN_CHANNEL');
  },
  on: () => () => undefined,
}));

const { WebhooksState } = await import('../../src-renderer/state/webhooks.svelte');

beforeEach(() => {
  fake.listError = undefined;
  fake.calls = [];
});

describe('WebhooksState', () => {
  it('says what is missing, and whose, when the environment has no webhook service token', async () => {
    fake.listError = 'WEBHOOKS_NOT_CONFIGURED';
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
    await state.showDeliveries('aaaaaaaaaaaaaaaaaaaaaaaa');
    flushSync();
    expect(state.selected?.url).toBe('https://example.com/a');
    expect(state.log).toEqual({ available: false, attempts: [], total: 0 });
    expect(fake.calls).toContainEqual(['webhooks:deliveries', { webhookId: 'aaaaaaaaaaaaaaaaaaaaaaaa' }]);
  });
});
