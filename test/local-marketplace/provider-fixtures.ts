import { expect } from 'vitest';
import type { Marketplace } from '../../src-main/local-marketplace/server';
import type { RestAnswer, TestMarketplace } from './support';
import { createOrder, transition } from './work-orders-fixtures';

// Shared by the provider-side test files: the simulation's control routes, and orders made ready
// for a provider's steps. Demo seed: providers 3001–3020.

/** POST /__local/simulate/{step} with a JSON body (a string is sent as a form). */
export async function simulate(marketplace: Marketplace, step: string, body: unknown): Promise<RestAnswer> {
  const form = typeof body === 'string';
  const answer = await marketplace.app.inject({
    method: 'POST',
    url: `/__local/simulate/${step}`,
    payload: body as string,
    headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
  });
  return { status: answer.statusCode, body: answer.json(), headers: answer.headers };
}

/** A simulation step that must succeed; answers its body. */
export async function simulated(marketplace: Marketplace, step: string, body: unknown) {
  const answer = await simulate(marketplace, step, body);
  expect(answer.status, `${step}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body;
}

/** A new order, published. */
export async function publishedOrder(rest: TestMarketplace['rest']): Promise<number> {
  const id = await createOrder(rest);
  await transition(rest, 'POST', id, '/publish');
  return id;
}

/** A new order, published and assigned to `providerId`. */
export async function assignedOrder(rest: TestMarketplace['rest'], providerId: number): Promise<number> {
  const id = await publishedOrder(rest);
  await transition(rest, 'POST', id, '/assignee', { assignee: providerId });
  return id;
}

/** Expects the REST error body with this status, and a message matching `message`. */
export function expectError(answer: RestAnswer, status: number, message: RegExp): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body).toMatchObject({ code: status, trace: [] });
  expect(answer.body.message).toMatch(message);
}
