import { flushSync } from 'svelte';
import { describe, expect, it } from 'vitest';
import type { WebhookSummary } from '../../src-shared/api/webhook';
import { EVENT_GROUPS } from '../../src-renderer/views/webhooks/events';
import { WebhookForm } from '../../src-renderer/views/webhooks/webhook-form.svelte';
import { WEBHOOK_EVENTS } from '../../src-shared/api/webhook';

const STORED: WebhookSummary = {
  _id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  url: 'https://example.com/hooks',
  method: 'POST',
  active: true,
  has_secret: true,
  events: ['workorder.status.published'],
  no_retries: false,
};

describe('WebhookForm', () => {
  it('maps the shared schema’s issues to their fields, and refuses an empty choice of events', () => {
    const cleanup = $effect.root(() => {
      const form = new WebhookForm();
      form.values.url = 'ftp://example.com';
      flushSync();
      expect(form.errors.url).toBe('The webhook url must be an http or https URL');
      expect(form.errors.events).toBe('Choose at least one event, or every event');
      expect(form.createBody()).toBeUndefined();

      form.values.url = ' https://example.com/hooks ';
      form.setAll(EVENT_GROUPS[1]?.events ?? [], true);
      form.toggle('workorder.routed', false);
      flushSync();
      expect(form.createBody()).toEqual({ url: 'https://example.com/hooks', method: 'POST', active: true, no_retries: false, events: ['workorder.requested', 'workorder.declined'] });

      form.values.every = true;
      form.values.secret = 's3cret';
      flushSync();
      expect(form.createBody()).toMatchObject({ events: [], secret: 's3cret' });
    });
    cleanup();
  });

  it('edits send only what changed, and the secret only when a new one is set', () => {
    const cleanup = $effect.root(() => {
      const form = new WebhookForm(STORED);
      flushSync();
      expect(form.values.secret).toBe('');
      expect(form.settingSecret).toBe(false);
      expect(form.changes).toBeUndefined();

      form.values.active = false;
      flushSync();
      expect(form.changes).toEqual({ active: false });

      form.settingSecret = true;
      flushSync();
      expect(form.errors.secret).toBe('Type the new secret, or keep the current one');
      form.values.secret = 'rotated';
      form.toggle('workorder.status.paid', true);
      flushSync();
      expect(form.valid).toBe(true);
      expect(form.changes).toEqual({ active: false, secret: 'rotated', events: ['workorder.status.published', 'workorder.status.paid'] });
    });
    cleanup();
  });

  it('groups every event of decisions §7 exactly once', () => {
    const grouped = EVENT_GROUPS.flatMap((group) => group.events);
    expect([...grouped].sort()).toEqual([...WEBHOOK_EVENTS].sort());
  });
});
