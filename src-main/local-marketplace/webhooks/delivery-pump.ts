import type { MarketplaceContext } from '../context';
import { type DeliveryHead, nextState, pendingHeads, recordAttempt } from './delivery-queue';
import { DeliverySender } from './delivery-sender';

/** Webhooks sent to at the same time; the others wait their turn, each still in its own order. */
const PARALLEL_WEBHOOKS = 8;
/** How long closing waits for attempts under way before cutting them off (they are resent on the next start). */
const STOP_GRACE_MS = 1000;
/** setTimeout's largest delay; a later due time is looked at again then. */
const LONGEST_TIMER_MS = 2_147_483_647;

interface Running {
  done: Promise<void>;
  abort: AbortController;
}

/**
 * Sends the durable queue of `webhook_deliveries`. `kick()` only starts attempts, never waits for
 * one, so an emitting request is not held up. At most one attempt per webhook at a time (its head,
 * so its order holds through retries), up to PARALLEL_WEBHOOKS webhooks at once. What is due is
 * decided on the marketplace clock; a real timer for the next due time, every clock advance and
 * each finished attempt kick it.
 */
export class DeliveryPump {
  readonly #running = new Map<string, Running>();
  readonly #sender: DeliverySender;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #stopped = false;

  constructor(private readonly context: MarketplaceContext) {
    this.#sender = new DeliverySender(context.options.webhookTimeoutSeconds);
  }

  /** Starts what is due now and sets the timer for what is due later. Cheap: one query. */
  kick(): void {
    if (this.#stopped) return;
    let heads: DeliveryHead[];
    try {
      heads = pendingHeads(this.context);
    } catch (error) {
      // The database is being reset or closed; the next kick sees it again.
      this.context.logger.error('marketplace: webhook delivery queue unreadable', { error });
      return;
    }
    const now = this.context.clock.now();
    let nextDueAt = Infinity;
    for (const head of heads) {
      if (this.#running.has(head.webhookId)) continue;
      if (head.nextAttemptAt > now) nextDueAt = Math.min(nextDueAt, head.nextAttemptAt);
      // Full: a finishing attempt kicks again.
      else if (this.#running.size < PARALLEL_WEBHOOKS) this.#start(head);
    }
    this.#arm(nextDueAt - now);
  }

  /**
   * Stops sending: waits a moment for attempts under way, then cuts them off. A cut attempt is not
   * recorded, so its delivery stays pending with the same attempt count and goes out again on the
   * next start. The queue itself is untouched.
   */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    const running = [...this.#running.values()];
    const finished = Promise.all(running.map((entry) => entry.done));
    let grace: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([finished, new Promise((resolve) => (grace = setTimeout(resolve, STOP_GRACE_MS)))]);
    clearTimeout(grace);
    for (const entry of running) entry.abort.abort();
    await finished;
    await this.#sender.close();
  }

  #arm(delayMs: number): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (delayMs === Infinity) return;
    this.#timer = setTimeout(() => this.kick(), Math.min(Math.max(delayMs, 0), LONGEST_TIMER_MS));
    // Pending retries never keep the process alive on their own.
    this.#timer.unref();
  }

  #start(head: DeliveryHead): void {
    const abort = new AbortController();
    const done = this.#attempt(head, abort.signal)
      .catch((error: unknown) => this.context.logger.error('marketplace: webhook delivery attempt failed', { deliveryId: head.id, error }))
      .finally(() => {
        this.#running.delete(head.webhookId);
        this.kick();
      });
    this.#running.set(head.webhookId, { done, abort });
  }

  async #attempt(head: DeliveryHead, signal: AbortSignal): Promise<void> {
    // Made inactive after the event was queued: decisions §7 says inactive webhooks get nothing.
    if (!head.active) {
      recordAttempt(this.context, head, { statusCode: null, durationMs: 0, error: 'webhook inactive' }, { status: 'failed', nextAttemptAt: this.context.clock.now() });
      return;
    }
    const outcome = await this.#sender.send(head, signal);
    if (signal.aborted) return;
    recordAttempt(this.context, head, outcome, nextState(this.context, head, outcome));
  }
}
