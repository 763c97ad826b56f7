import { statusById } from '../../../src-shared/api/status';
import type { MarketplaceContext } from '../context';
import { postProviderMessage } from '../domain/messages';
import { checkIn, checkOut, completeWork, confirmAssignment, type ProviderStep, reportDelay, reportOnMyWay } from '../domain/provider-actions';
import { hasUploaded, uploadDeliverable } from '../domain/provider-uploads';
import { createRequest, openRequests } from '../domain/requests';
import { statusIdOf } from '../domain/work-order-record';
import { workOrderRepository } from '../domain/work-order-repository';
import { preparedStatement } from '../store/database';
import type { SeededRandom } from './random';

/** One step the autopilot took. */
export interface AutopilotStep {
  work_order_id: number;
  provider_id: number;
  step: string;
}

interface Plan {
  step: string;
  providerId: number;
  run: () => unknown;
}

interface Candidate {
  id: number;
  status_id: number;
  sub_status: string;
  assignee_id: number | null;
}

/** The statuses a provider moves on: open to requests (`planRequest`) or assigned (`planProgress`). */
const ACTIVE_STATUS_IDS = JSON.stringify((['published', 'routed', 'assigned'] as const).map(statusIdOf));

/** Enough requests for the buyer to choose from; more would bury the list. */
const MAX_OPEN_REQUESTS = 3;
const COUNTER_OFFER_CHANCE = 0.25;
const COUNTER_OFFER_RAISE = 1.15;
const DELAY_CHANCE = 0.2;
const DELAY_SECONDS = 900;
const MESSAGE_CHANCE = 0.3;
const ON_SITE_MESSAGES = ['On site now, starting on the work.', 'Parts are in, testing now.', 'Store manager signed off on the first half.'];

function planRequest(context: MarketplaceContext, order: Candidate, random: SeededRandom): Plan | undefined {
  const record = workOrderRepository(context).find(order.id);
  if (!record) return undefined;
  const requested = new Set(openRequests(context, record).map((request) => request.user?.id));
  if (requested.size >= MAX_OPEN_REQUESTS) return undefined;
  const providers = (preparedStatement(context, "SELECT id FROM users WHERE role = 'provider' ORDER BY id").all() as { id: number }[]).map((row) => row.id);
  const providerId = random.pick(providers.filter((id) => !requested.has(id)));
  if (providerId === undefined) return undefined;
  const pay = record.data.fields.pay;
  if (pay && random.chance(COUNTER_OFFER_CHANCE)) {
    const raised = { ...pay, base: { ...pay.base, amount: Math.round(pay.base.amount * COUNTER_OFFER_RAISE) } };
    const counter = { pay: raised, notes: 'The parts run makes this a longer job than listed.' };
    return { step: 'counter-offer', providerId, run: () => createRequest(context, { workOrderId: order.id, providerId, expiresInSeconds: 86_400, counter }) };
  }
  return { step: 'request', providerId, run: () => createRequest(context, { workOrderId: order.id, providerId, expiresInSeconds: 86_400 }) };
}

/** The assignee's next move after its current sub-status; none while the buyer holds the order. */
function planProgress(context: MarketplaceContext, order: Candidate, providerId: number, random: SeededRandom): Plan | undefined {
  const step: ProviderStep = { workOrderId: order.id, providerId };
  const plan = (name: string, run: () => unknown): Plan => ({ step: name, providerId, run });
  switch (order.sub_status) {
    case '':
    case 'at_risk':
      return plan('confirm', () => confirmAssignment(context, step));
    case 'confirmed':
      return plan('on-my-way', () => reportOnMyWay(context, step));
    case 'on_my_way':
      return random.chance(DELAY_CHANCE) ? plan('delay', () => reportDelay(context, step, DELAY_SECONDS)) : plan('check-in', () => checkIn(context, step));
    case 'delayed':
      return plan('check-in', () => checkIn(context, step));
    case 'checked_in': {
      const message = random.chance(MESSAGE_CHANCE) ? random.pick(ON_SITE_MESSAGES) : undefined;
      if (message) return plan('message', () => postProviderMessage(context, { ...step, message }));
      return plan('check-out', () => checkOut(context, step));
    }
    case 'checked_out':
      if (!hasUploaded(context, order.id, providerId)) return plan('upload', () => uploadDeliverable(context, step, { mime: 'text/plain' }));
      return plan('complete', () => completeWork(context, step));
    default:
      return undefined;
  }
}

function planFor(context: MarketplaceContext, order: Candidate, random: SeededRandom): Plan | undefined {
  const status = statusById(order.status_id)?.slug;
  if (status === 'published' || status === 'routed') return planRequest(context, order, random);
  if (status === 'assigned' && order.assignee_id !== null) return planProgress(context, order, order.assignee_id, random);
  return undefined;
}

/**
 * Moves up to `orders` orders one plausible step each: providers request open orders (some with
 * counter-offers), and assignees confirm, travel, check in and out, upload and complete. Orders
 * are chosen with `random`; the buyer's decisions (assign, approve) stay the buyer's.
 */
export function runAutopilot(context: MarketplaceContext, random: SeededRandom, orders: number): AutopilotStep[] {
  const candidates = preparedStatement(context, 'SELECT id, status_id, sub_status, assignee_id FROM work_orders WHERE status_id IN (SELECT value FROM json_each(?)) ORDER BY id').all(
    ACTIVE_STATUS_IDS,
  ) as Candidate[];
  const taken: AutopilotStep[] = [];
  for (const order of random.shuffled(candidates)) {
    if (taken.length >= orders) break;
    const plan = planFor(context, order, random);
    if (!plan) continue;
    try {
      plan.run();
      taken.push({ work_order_id: order.id, provider_id: plan.providerId, step: plan.step });
    } catch (error) {
      context.logger.error('marketplace: simulated step failed', { workOrderId: order.id, step: plan.step, error });
    }
  }
  return taken;
}
