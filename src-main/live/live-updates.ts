import { createHash } from 'node:crypto';
import type { WebhookEvent } from '../../src-shared/api/webhook';
import type { WebhookServiceClient } from '../api-client/webhook-service-client';
import type { Logger } from '../platform/logger';
import { LOOPBACK_HOSTNAMES } from '../platform/loopback-hosts';
import { isLiveWebhook, LIVE_PATH_PREFIX, startDeliveryReceiver, type DeliveryReceiver, type LiveDelivery } from './delivery-receiver';

/**
 * What providers (and the marketplace on their behalf) do: the events that bring something to the
 * Inbox or move an order the coordinator follows. The coordinator's own changes come back in their
 * answers through the outbox, so their events are not asked for.
 */
export const LIVE_EVENTS: readonly WebhookEvent[] = [
  'workorder.requested',
  'workorder.declined',
  'workorder.status.confirmed',
  'workorder.status.on_my_way',
  'workorder.status.checked_in',
  'workorder.status.checked_out',
  'workorder.status.work_done',
  'workorder.status.at_risk',
  'workorder.status.delayed',
  'workorder.status.assigned_cancelled',
  'workorder.message_posted',
  'workorder.provider_upload',
  'workorder.task_completed',
  'workorder.task_incomplete',
  'workorder.part_updated',
];

/** Deliveries this close together are one burst: one refresh per order, one re-read of the screens. */
export const BURST_MS = 300;
/** Orders refreshed side by side in a burst: each is up to five requests. */
const REFRESH_LANES = 2;
/**
 * A burst naming more orders than this (a bulk change made on the web) is one pull instead: at up to
 * five requests an order, refreshing each would cost more than listing the orders in flight.
 */
export const REFRESH_AT_MOST = 40;

export interface LiveUpdatesDependencies {
  /** The webhook service of the environment, when its token and company are known. */
  webhooks: () => Promise<{ client: Pick<WebhookServiceClient, 'list' | 'create' | 'delete'>; companyId: number } | undefined>;
  /** Fetches one order and its parts into the cache (and tells the screens). */
  refresh: (workOrderId: number) => Promise<void>;
  /** A pull, for a burst too large to refresh order by order. */
  pull: () => Promise<unknown>;
  /** The signed-in user: what they did themselves comes back through the outbox, not a refresh. */
  ownUserId: () => number | undefined;
  /** Names this install's webhooks (a stable id per environment's cache). */
  installId: string;
  logger: Pick<Logger, 'info' | 'warn'>;
  /** Tests replace the loopback receiver, and may gather bursts longer than BURST_MS. */
  startReceiver?: typeof startDeliveryReceiver;
  burstMs?: number;
}

export type LiveMode = 'push' | 'poll';

/**
 * Changes within a minute (issue 28): the service pushes its events to webhooks "instead of
 * requiring polling" (spec), and its lists offer no "changed since" and no sort by last change, so
 * the only cheap signal is a delivery. A delivery must reach this machine: the local marketplace
 * (loopback) can; a remote one cannot reach a laptop behind a carrier's NAT, and there the
 * workspace polls the in-flight list instead (see `pollIntervalMs`). In `push` mode a webhook of
 * this install's own, with a secret, names the orders providers touched; each is refreshed (its
 * order and parts fetched, which writes the Inbox's rows) moments later. Events the signed-in user
 * caused (their own reply posts `message_posted`) are skipped: the outbox's answer stored them.
 */
export class LiveUpdates {
  #receiver: DeliveryReceiver | undefined;
  #webhookId: string | undefined;
  readonly #waiting = new Set<number>();
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> | undefined;
  #stopped = false;

  constructor(private readonly deps: LiveUpdatesDependencies) {}

  /** Registers this install's webhook; answers `poll` when the service cannot be asked or cannot reach here. */
  async start(): Promise<LiveMode> {
    const service = await this.deps.webhooks();
    if (!service || this.#stopped) return 'poll';
    const receiver = await (this.deps.startReceiver ?? startDeliveryReceiver)({ installId: this.deps.installId, onDelivery: (delivery) => this.#received(delivery) });
    this.#receiver = receiver;
    try {
      await this.#removeEarlier(service);
      const created = await service.client.create({ company_id: service.companyId, url: receiver.url, method: 'POST', active: true, events: [...LIVE_EVENTS], secret: receiver.secret });
      this.#webhookId = created._id;
    } catch (error) {
      this.deps.logger.warn('live updates: the webhook could not be registered; polling instead', { error });
      await this.#closeReceiver();
      return 'poll';
    }
    // Stopped while registering: the webhook goes at once.
    if (this.#stopped) {
      await this.stop();
      return 'poll';
    }
    this.deps.logger.info('live updates: deliveries on', { events: LIVE_EVENTS.length });
    return 'push';
  }

  /** Removes the webhook (best effort: a later run removes what is left) and closes the receiver. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#waiting.clear();
    const webhookId = this.#webhookId;
    this.#webhookId = undefined;
    if (webhookId) {
      const service = await this.deps.webhooks().catch(() => undefined);
      await service?.client.delete(webhookId).catch((error: unknown) => this.deps.logger.info('live updates: the webhook stays until the next start', { error }));
    }
    await this.#flushing?.catch(() => undefined);
    await this.#closeReceiver();
  }

  /** This install's webhooks from runs that ended without removing theirs (a kill, a crash): their receivers are gone. */
  async #removeEarlier(service: NonNullable<Awaited<ReturnType<LiveUpdatesDependencies['webhooks']>>>): Promise<void> {
    const mine = `${LIVE_PATH_PREFIX}${this.deps.installId}/`;
    const earlier = (await service.client.list(service.companyId)).filter((webhook) => isLiveWebhook(webhook.url) && new URL(webhook.url).pathname.startsWith(mine));
    for (const webhook of earlier) await service.client.delete(webhook._id);
  }

  #received(delivery: LiveDelivery): void {
    const by = delivery.triggered_by_user?.id;
    if (this.#stopped || (by !== null && by !== undefined && by === this.deps.ownUserId())) return;
    this.#waiting.add(delivery.event.params.work_order_id);
    this.#timer ??= setTimeout(() => {
      this.#timer = undefined;
      this.#flush();
    }, this.deps.burstMs ?? BURST_MS);
  }

  /** One burst at a time: what arrives while one is refreshed is taken when it ends. */
  #flush(): void {
    if (this.#flushing) return;
    this.#flushing = (async () => {
      while (this.#waiting.size > 0 && !this.#stopped) {
        const ids = [...this.#waiting];
        this.#waiting.clear();
        if (ids.length > REFRESH_AT_MOST) await this.deps.pull().catch((error: unknown) => this.deps.logger.info('live updates: pull failed', { orders: ids.length, error }));
        else await this.#refreshAll(ids);
      }
    })().finally(() => {
      this.#flushing = undefined;
    });
  }

  async #refreshAll(ids: number[]): Promise<void> {
    const lanes = Array.from({ length: Math.min(REFRESH_LANES, ids.length) }, async () => {
      for (let id = ids.shift(); id !== undefined && !this.#stopped; id = ids.shift()) {
        // A failure (offline, the order gone) leaves it to the next pull, which lists in-flight orders.
        await this.deps.refresh(id).catch((error: unknown) => this.deps.logger.info('live updates: refresh failed', { workOrderId: id, error }));
      }
    });
    await Promise.all(lanes);
  }

  async #closeReceiver(): Promise<void> {
    const receiver = this.#receiver;
    this.#receiver = undefined;
    await receiver?.close();
  }
}

/** Whether the marketplace at `baseUrl` can post to this machine's loopback: it runs here. */
export function canReceiveDeliveries(baseUrl: string): boolean {
  try {
    return LOOPBACK_HOSTNAMES.includes(new URL(baseUrl).hostname);
  } catch {
    return false;
  }
}

/** A stable name for this install's webhooks in one environment: from its cache file, which nothing else shares. */
export function installIdOf(cacheFile: string): string {
  return createHash('sha256').update(cacheFile).digest('hex').slice(0, 16);
}

/** Orders in flight the cache holds, above which a minute's poll would cost too much (a page per 100). */
export const POLL_EVERY_MINUTE_UP_TO = 500;
export const MINUTE_POLL_MS = 60_000;

/**
 * How often the workspace pulls on its own. With deliveries (`push`), the five-minute pull is the
 * net under them (a delivery can be lost after its three attempts). Without, a pull of the
 * in-flight list each minute while that list is a few pages; beyond, the five-minute pull.
 */
export function pollIntervalMs(mode: LiveMode, inFlight: number, fallbackMs: number): number {
  if (mode === 'push') return fallbackMs;
  return inFlight <= POLL_EVERY_MINUTE_UP_TO ? MINUTE_POLL_MS : fallbackMs;
}
