import { WebhookCreateBodySchema, WebhookUpdateBodySchema, type WebhookSummary, type WebhookCreateBody, type WebhookEvent, type WebhookMethod, type WebhookUpdateBody } from '../../../src-shared/api/webhook';
import { issueMessage } from '../../lib/form-issues';

export type FieldName = 'url' | 'method' | 'events' | 'secret';

interface Values {
  url: string;
  method: WebhookMethod;
  active: boolean;
  no_retries: boolean;
  /** Every event, now and later (`events: []`), or only the chosen ones. */
  every: boolean;
  events: WebhookEvent[];
  /** Write-only: empty unless the coordinator types a new one. */
  secret: string;
}

/**
 * A webhook's form: values as typed, the shared schema's verdict mapped to fields, and for an edit
 * only what changed. The secret is never read back: an edit sends one only when "Set a new secret"
 * is chosen and something is typed.
 */
export class WebhookForm {
  values = $state<Values>({ url: 'https://', method: 'POST', active: true, no_retries: false, every: false, events: [], secret: '' });
  /** An edit: whether the coordinator chose to replace the secret. A create always offers it. */
  settingSecret = $state(false);
  touched = $state<Partial<Record<FieldName, true>>>({});
  readonly editing: boolean;
  readonly hadSecret: boolean;
  #original: Values | undefined;

  constructor(webhook?: WebhookSummary) {
    this.editing = webhook !== undefined;
    this.hadSecret = webhook?.has_secret === true;
    if (!webhook) {
      this.settingSecret = true;
      return;
    }
    const events = (webhook.events ?? []).filter((event): event is WebhookEvent => typeof event === 'string');
    this.values = {
      url: webhook.url,
      method: webhook.method === 'PUT' ? 'PUT' : 'POST',
      active: webhook.active ?? true,
      no_retries: webhook.no_retries ?? false,
      every: events.length === 0,
      events,
      secret: '',
    };
    this.#original = { ...this.values, events: [...events] };
  }

  /** The body of a create; the edit's changes come from it. */
  body = $derived.by(() => {
    const { url, method, active, no_retries, every, events, secret } = this.values;
    return { url: url.trim(), method, active, no_retries, events: every ? [] : events, ...(this.settingSecret && secret !== '' ? { secret } : {}) };
  });

  checked = $derived(WebhookCreateBodySchema.safeParse(this.body));

  errors = $derived.by(() => {
    const errors: Partial<Record<FieldName, string>> = {};
    // `[]` means every event to the service: an empty choice would silently mean all of them.
    if (!this.values.every && this.values.events.length === 0) errors.events = 'Choose at least one event, or every event';
    if (this.settingSecret && this.editing && this.values.secret === '') errors.secret = 'Type the new secret, or keep the current one';
    if (this.checked.success) return errors;
    for (const issue of this.checked.error.issues) {
      const field = issue.path[0] as FieldName | undefined;
      if (field && !errors[field]) errors[field] = issueMessage(issue);
    }
    return errors;
  });

  valid = $derived(Object.keys(this.errors).length === 0);

  /** An edit's changes, checked by the update schema; undefined while nothing changed. */
  changes = $derived.by((): WebhookUpdateBody | undefined => {
    const original = this.#original;
    if (!original || !this.checked.success) return undefined;
    const body = this.checked.data;
    const changed: Record<string, unknown> = {};
    if (body.url !== original.url) changed.url = body.url;
    if (body.method !== original.method) changed.method = body.method;
    if (body.active !== original.active) changed.active = body.active;
    if (body.no_retries !== original.no_retries) changed.no_retries = body.no_retries;
    const before = original.every ? [] : original.events;
    if (body.events.length !== before.length || body.events.some((event) => !before.includes(event))) changed.events = body.events;
    if (body.secret !== undefined) changed.secret = body.secret;
    if (Object.keys(changed).length === 0) return undefined;
    const parsed = WebhookUpdateBodySchema.safeParse(changed);
    return parsed.success ? parsed.data : undefined;
  });

  createBody(): WebhookCreateBody | undefined {
    return this.valid && this.checked.success ? this.checked.data : undefined;
  }

  touchAll(): void {
    this.touched = { url: true, method: true, events: true, secret: true };
  }

  toggle(event: WebhookEvent, on: boolean): void {
    const rest = this.values.events.filter((candidate) => candidate !== event);
    this.values.events = on ? [...rest, event] : rest;
    this.touched.events = true;
  }

  /** Select all or none of a group's events. */
  setAll(events: readonly WebhookEvent[], on: boolean): void {
    const rest = this.values.events.filter((candidate) => !events.includes(candidate));
    this.values.events = on ? [...rest, ...events] : rest;
    this.touched.events = true;
  }
}
