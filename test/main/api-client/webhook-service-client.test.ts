import { describe, expect, it } from 'vitest';
import { HttpTransport } from '../../../src-main/api-client/http-transport';
import { WebhookServiceClient } from '../../../src-main/api-client/webhook-service-client';
import { listenMarketplace } from '../../../src-main/local-marketplace/listen';
import { createMemoryLogger } from '../../../src-main/platform/logger';

// The webhook service of a real local marketplace, authenticated by the svc-token header.

describe('webhook service client', () => {
  it('registers, reads, changes and deletes a webhook, and never logs the svc-token', async () => {
    const market = await listenMarketplace({ port: 0, db: ':memory:' });
    const logger = createMemoryLogger();
    const transport = new HttpTransport({ logger });
    try {
      const { svcToken, companyId } = market.credentials;
      const webhooks = new WebhookServiceClient({ transport, webhookUrl: market.webhookUrl, environment: market.environment, svcToken: async () => svcToken });
      const created = await webhooks.create({ url: 'https://hooks.example.test/field-desk', method: 'POST', active: true, events: ['workorder.status.published'] });
      expect((await webhooks.get(created._id)).url).toBe('https://hooks.example.test/field-desk');
      expect((await webhooks.list(companyId)).map((webhook) => webhook._id)).toContain(created._id);
      expect((await webhooks.update(created._id, { active: false })).active).toBe(false);
      await webhooks.delete(created._id);
      await expect(webhooks.get(created._id)).rejects.toMatchObject({ code: 'API_NOT_FOUND', status: 404 });

      const stranger = new WebhookServiceClient({ transport, webhookUrl: market.webhookUrl, environment: market.environment, svcToken: async () => 'wrong-token' });
      await expect(stranger.list(companyId)).rejects.toMatchObject({ code: 'API_UNAUTHENTICATED', status: 401 });
      expect(JSON.stringify(logger.records)).not.toContain(svcToken);
    } finally {
      await transport.close();
      await market.close();
    }
  });
});
