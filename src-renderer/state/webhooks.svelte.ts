import type { WebhookSummary, WebhookCreateBody, WebhookUpdateBody } from '../../src-shared/api/webhook';
import type { AppError, ErrorCode } from '../../src-shared/errors';
import * as service from '../services/webhooks';

/** Why the screen shows no webhooks: what is missing (a token, the network) rather than a failure. */
export interface Unavailable {
  code: ErrorCode;
  message: string;
  /** The active environment's name, to say whose token is missing. */
  environment?: string;
}

/**
 * The Webhooks screen's state: the registrations of the active environment, which one's delivery log
 * is open, and that log. Created by the screen; `start()` answers its cleanup.
 */
export class WebhooksState {
  items = $state.raw<WebhookSummary[]>([]);
  loaded = $state(false);
  loading = $state(false);
  unavailable = $state.raw<Unavailable | undefined>();
  /** The webhook whose delivery log is open. */
  selectedId = $state<string | undefined>();
  log = $state.raw<service.DeliveryLog | undefined>();
  logLoading = $state(false);
  logProblem = $state<string | undefined>();

  selected = $derived(this.items.find((webhook) => webhook._id === this.selectedId));

  start(): () => void {
    void this.load();
    return service.followEnvironment(() => {
      this.selectedId = undefined;
      this.log = undefined;
      void this.load();
    });
  }

  async load(): Promise<void> {
    this.loading = true;
    const outcome = await service.listWebhooks();
    this.loading = false;
    this.loaded = true;
    if (outcome.ok) {
      this.items = outcome.value;
      this.unavailable = undefined;
      return;
    }
    this.items = [];
    const environment = (await service.activeEnvironment())?.label;
    this.unavailable = { code: outcome.error.code, message: outcome.error.message, ...(environment ? { environment } : {}) };
  }

  /** Answers the problem in words, or undefined when the service took it. */
  async create(body: WebhookCreateBody): Promise<AppError | undefined> {
    const outcome = await service.createWebhook(body);
    if (!outcome.ok) return outcome.error;
    this.items = [...this.items, outcome.value];
    return undefined;
  }

  async update(webhookId: string, changes: WebhookUpdateBody): Promise<AppError | undefined> {
    const outcome = await service.updateWebhook(webhookId, changes);
    if (!outcome.ok) return outcome.error;
    this.items = this.items.map((webhook) => (webhook._id === webhookId ? outcome.value : webhook));
    return undefined;
  }

  async remove(webhook: WebhookSummary): Promise<boolean> {
    const outcome = await service.deleteWebhook(webhook);
    if (!outcome.ok) return false;
    this.items = this.items.filter((candidate) => candidate._id !== webhook._id);
    if (this.selectedId === webhook._id) {
      this.selectedId = undefined;
      this.log = undefined;
    }
    return true;
  }

  /** Opens a webhook's delivery log (or closes it when it is open) and reads it. */
  async showDeliveries(webhookId: string | undefined): Promise<void> {
    this.selectedId = webhookId;
    this.log = undefined;
    this.logProblem = undefined;
    if (webhookId) await this.refreshDeliveries();
  }

  async refreshDeliveries(): Promise<void> {
    const webhookId = this.selectedId;
    if (!webhookId) return;
    this.logLoading = true;
    const outcome = await service.webhookDeliveries(webhookId);
    // Another webhook was chosen meanwhile: its own read answers for it.
    if (webhookId !== this.selectedId) return;
    this.logLoading = false;
    if (outcome.ok) {
      this.log = outcome.value;
      this.logProblem = undefined;
    } else {
      this.logProblem = outcome.error.message;
    }
  }
}
