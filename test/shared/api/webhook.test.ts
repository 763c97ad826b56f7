import { describe, expect, it } from 'vitest';
import {
  WEBHOOK_EVENTS,
  WebhookCreateBodySchema,
  WebhookDeliverySchema,
  WebhookListSchema,
  WebhookSchema,
  WebhookUpdateBodySchema,
} from '../../../src-shared/api/webhook';

const body = {
  url: 'https://receiver.example/hooks',
  method: 'POST',
  active: true,
  events: ['workorder.created', 'workorder.status.published'],
  secret: 's3cret',
};

describe('webhook events', () => {
  it('has the 28 full names of decisions §7', () => {
    expect(WEBHOOK_EVENTS).toHaveLength(28);
    expect(new Set(WEBHOOK_EVENTS).size).toBe(28);
    expect(WEBHOOK_EVENTS.every((event) => event.startsWith('workorder.'))).toBe(true);
    expect(WEBHOOK_EVENTS).toContain('workorder.status.deleted');
    expect(WEBHOOK_EVENTS).toContain('workorder.custom_field_value_updated');
  });
});

describe('WebhookCreateBodySchema', () => {
  it('accepts a full body, a local receiver and every-event registration', () => {
    expect(WebhookCreateBodySchema.safeParse(body).success).toBe(true);
    expect(
      WebhookCreateBodySchema.safeParse({ ...body, url: 'http://127.0.0.1:8123/in', events: [], no_retries: true }).success,
    ).toBe(true);
  });

  it('rejects a url that is not http(s)', () => {
    for (const url of ['ftp://receiver.example/hooks', 'receiver.example/hooks', 'javascript:alert(1)', '']) {
      expect(WebhookCreateBodySchema.safeParse({ ...body, url }).success).toBe(false);
    }
  });

  it('rejects other methods, unknown or repeated events and unknown keys', () => {
    expect(WebhookCreateBodySchema.safeParse({ ...body, method: 'GET' }).success).toBe(false);
    expect(WebhookCreateBodySchema.safeParse({ ...body, method: 'post' }).success).toBe(false);
    expect(WebhookCreateBodySchema.safeParse({ ...body, events: ['created'] }).success).toBe(false);
    expect(WebhookCreateBodySchema.safeParse({ ...body, events: ['workorder.created', 'workorder.created'] }).success).toBe(false);
    expect(WebhookCreateBodySchema.safeParse({ ...body, retries: 5 }).success).toBe(false);
  });

  it('requires url, method, active and events', () => {
    expect(WebhookCreateBodySchema.safeParse({ url: body.url, method: 'PUT', active: false }).success).toBe(false);
  });
});

describe('WebhookUpdateBodySchema', () => {
  it('is partial but checks what it gets', () => {
    expect(WebhookUpdateBodySchema.safeParse({ active: false }).success).toBe(true);
    expect(WebhookUpdateBodySchema.safeParse({ events: ['workorder.paid'] }).success).toBe(false);
    expect(WebhookUpdateBodySchema.safeParse({ url: 'mailto:a@b.c' }).success).toBe(false);
    expect(WebhookUpdateBodySchema.safeParse({}).success).toBe(false);
  });
});

describe('webhook answers', () => {
  const webhook = {
    _id: '65f1c2a9e4b0a1b2c3d4e5f6',
    company_id: 1,
    url: body.url,
    method: 'POST',
    active: true,
    secret: 's3cret',
    events: [],
    no_retries: false,
    created: '2025-04-01T15:00:00Z',
    updated: '2025-04-01T15:00:00Z',
  };

  it('reads a webhook, keeping unknown keys', () => {
    expect(WebhookSchema.parse({ ...webhook, version: 2 })).toMatchObject({ version: 2 });
    expect(WebhookListSchema.safeParse([webhook]).success).toBe(true);
    expect(WebhookListSchema.safeParse({ results: [webhook] }).success).toBe(true);
    expect(WebhookListSchema.safeParse({ results: [{ ...webhook, _id: '42' }] }).success).toBe(false);
  });

  it('expects a 24-hex-character id', () => {
    expect(WebhookSchema.safeParse({ ...webhook, _id: '42' }).success).toBe(false);
  });

  it('reads a delivery with the full work order', () => {
    const delivery = WebhookDeliverySchema.parse({
      event: { name: 'workorder.status.published', params: { work_order_id: 101, status_id: 2, previous_status_id: 1 } },
      timestamp: '2025-04-01T15:00:00.000Z',
      triggered_by_user: { id: 12 },
      workorder: { id: 101, title: 'Replace POS terminal', status: { id: 2, name: 'Published' } },
    });
    expect(delivery.workorder?.status?.name).toBe('Published');
  });
});
