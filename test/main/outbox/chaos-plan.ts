import { READY_ORDER } from './support';

/** A record id, or the key of a create in the plan whose temporary id is known once it is queued. */
export type Ref = number | `order:${number}` | `location:${number}`;

export interface PlannedWrite {
  channel: string;
  /** Set on creates: the key later writes name it by. */
  creates?: Ref;
  input(id: (ref: Ref) => number): unknown;
}

export interface ChaosExpectations {
  /** Created orders and the title their last update gave them. */
  createdOrders: { ref: Ref; title: string }[];
  /** Seeded orders and the title of their last update. */
  titles: Map<number, string>;
  /** Unique descriptions and texts, each to land exactly once on its order. */
  expenses: { ref: Ref; description: string }[];
  messages: { ref: Ref; text: string }[];
  createdLocations: { ref: Ref; name: string; address2: string }[];
  locationEdits: Map<number, string>;
  /** Orders whose last write is refused by design (an unknown client). */
  refused: number[];
}

const CREATES = 40;
const MESSAGES_ON_CREATES = 25;
/** Seeded orders in an editable status (decisions §2): drafts, published, routed and assigned. */
const OPEN_ORDERS = Array.from({ length: 26 }, (_unused, index) => 10_001 + index);
const PUBLISHED_ORDERS = OPEN_ORDERS.slice(6, 13);
const LOCATION_CREATES = 10;
const SEEDED_LOCATIONS = Array.from({ length: 8 }, (_unused, index) => 701 + index);
const UNKNOWN_CLIENT = 987_654;

const ADDRESS = { address1: '500 E 6th St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' } as const;

/**
 * Five hundred writes of every common kind: creates with dependent edits naming their temporary
 * ids, edits, expenses, messages, transitions, saved locations, and five refused by design (each the
 * last of its order, so nothing waits behind it). Lanes are interleaved, as a coordinator works.
 */
export function chaosPlan(): { writes: PlannedWrite[]; expected: ChaosExpectations } {
  const lanes = new Map<string, PlannedWrite[]>();
  const add = (lane: string, write: PlannedWrite) => lanes.set(lane, [...(lanes.get(lane) ?? []), write]);
  const expected: ChaosExpectations = { createdOrders: [], titles: new Map(), expenses: [], messages: [], createdLocations: [], locationEdits: new Map(), refused: [] };
  let expenses = 0;
  let messages = 0;
  const expense = (lane: string, ref: Ref) => {
    const description = `Chaos expense ${(expenses += 1)}`;
    expected.expenses.push({ ref, description });
    add(lane, { channel: 'expenses:add', input: (id) => ({ workOrderId: id(ref), expense: { description, amount: 10 + (expenses % 7) } }) });
  };
  const message = (lane: string, ref: Ref) => {
    const text = `Chaos message ${(messages += 1)}`;
    expected.messages.push({ ref, text });
    add(lane, { channel: 'messages:send', input: (id) => ({ workOrderId: id(ref), message: text }) });
  };

  for (let index = 1; index <= CREATES; index += 1) {
    const ref: Ref = `order:${index}`;
    const lane = `create ${index}`;
    const title = `Chaos job ${index}, revised`;
    add(lane, { channel: 'workorders:create', creates: ref, input: () => ({ order: { ...READY_ORDER, title: `Chaos job ${index}` } }) });
    add(lane, { channel: 'workorders:update', input: (id) => ({ id: id(ref), changes: { title } }) });
    add(lane, { channel: 'workorders:publish', input: (id) => ({ id: id(ref) }) });
    expense(lane, ref);
    if (index <= MESSAGES_ON_CREATES) message(lane, ref);
    expected.createdOrders.push({ ref, title });
  }

  for (const id of OPEN_ORDERS) {
    const lane = `order ${id}`;
    for (let round = 1; round <= 4; round += 1) {
      const title = `Chaos title ${id} v${round}`;
      add(lane, { channel: 'workorders:update', input: () => ({ id, changes: { title } }) });
      if (PUBLISHED_ORDERS.includes(id) && round === 2) add(lane, { channel: 'workorders:unpublish', input: () => ({ id }) });
      if (PUBLISHED_ORDERS.includes(id) && round === 3) add(lane, { channel: 'workorders:publish', input: () => ({ id }) });
      if (round < 4) {
        expense(lane, id);
        message(lane, id);
      }
      expected.titles.set(id, title);
    }
  }

  for (let index = 1; index <= LOCATION_CREATES; index += 1) {
    const ref: Ref = `location:${index}`;
    const name = `Chaos site ${index}`;
    const address2 = `Suite ${index}00`;
    add(`location ${index}`, { channel: 'locations:create', creates: ref, input: () => ({ location: { name, ...ADDRESS } }) });
    add(`location ${index}`, { channel: 'locations:update', input: (id) => ({ id: id(ref), changes: { address2 } }) });
    expected.createdLocations.push({ ref, name, address2 });
  }
  for (const id of SEEDED_LOCATIONS) {
    for (const round of ['A', 'B']) {
      const address2 = `Chaos unit ${id}${round}`;
      add(`saved ${id}`, { channel: 'locations:update', input: () => ({ id, changes: { address2 } }) });
      expected.locationEdits.set(id, address2);
    }
  }

  const writes: PlannedWrite[] = [];
  const queues = [...lanes.values()];
  while (queues.some((queue) => queue.length > 0)) for (const queue of queues) writes.push(...queue.splice(0, 1));
  for (const id of OPEN_ORDERS.slice(13, 18)) {
    writes.push({ channel: 'workorders:update', input: () => ({ id, changes: { client: { id: UNKNOWN_CLIENT } } }) });
    expected.refused.push(id);
  }
  return { writes, expected };
}
