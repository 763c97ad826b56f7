import { describe, expect, it } from 'vitest';
import { outboxApp } from './support';

interface Webhook {
  _id: string;
  url: string;
  active: boolean;
}

describe('webhooks: straight to the webhook service, never queued', () => {
  it('registers, lists, changes and deletes a webhook of the local marketplace with its demo service token', async () => {
    const { call, entries } = await outboxApp();
    const created = await call<Webhook>('webhooks:create', { webhook: { url: 'https://example.com/hooks/field-desk', method: 'POST', active: true, events: ['workorder.status.published'] } });
    expect(created).toMatchObject({ url: 'https://example.com/hooks/field-desk', active: true });
    expect((await call<Webhook[]>('webhooks:list')).map((webhook) => webhook._id)).toContain(created._id);
    expect(await call<Webhook>('webhooks:update', { webhookId: created._id, changes: { active: false } })).toMatchObject({ active: false });
    expect(await call('webhooks:delete', { webhookId: created._id })).toEqual({ deleted: true });
    expect((await call<Webhook[]>('webhooks:list')).map((webhook) => webhook._id)).not.toContain(created._id);
    expect(await entries()).toEqual([]);
  });

  it('never hands a webhook\'s secret to the renderer, only that one is set', async () => {
    const { call } = await outboxApp();
    const created = await call<Webhook & { has_secret?: boolean }>('webhooks:create', {
      webhook: { url: 'https://example.com/hooks/signed', method: 'POST', active: true, events: [], secret: 'not-for-the-screen' },
    });
    expect(created.has_secret).toBe(true);
    expect(created).not.toHaveProperty('secret');
    const listed = (await call<(Webhook & { has_secret?: boolean })[]>('webhooks:list')).find((webhook) => webhook._id === created._id);
    expect(listed).toMatchObject({ has_secret: true });
    expect(JSON.stringify(listed)).not.toContain('not-for-the-screen');
    expect(await call('webhooks:update', { webhookId: created._id, changes: { active: false } })).not.toHaveProperty('secret');
  });

  it('says plainly that it cannot while working offline, and when the service cannot be reached', async () => {
    const { call, invoke, marketplace } = await outboxApp();
    await call('connectivity:set-offline', { offline: true });
    expect(await invoke('webhooks:list')).toMatchObject({ ok: false, error: { code: 'WEBHOOKS_OFFLINE' } });
    await call('connectivity:set-offline', { offline: false });
    await (await marketplace()).close();
    expect(await invoke('webhooks:create', { webhook: { url: 'https://example.com/h', method: 'POST', active: true, events: [] } })).toMatchObject({ ok: false, error: { code: 'WEBHOOKS_OFFLINE' } });
  });
});
