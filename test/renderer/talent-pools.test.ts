import { flushSync } from 'svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../src-shared/errors';
import type { TalentPoolMember, TalentPoolSummary } from '../../src-shared/ipc/channels';
import type { OutboxEntry } from '../../src-shared/ipc/outbox-channels';
import { attributeRows, checkAttribute } from '../../src-renderer/lib/talent-pool-rows';
import { outbox } from '../../src-renderer/state/outbox.svelte';
import { RouteJobPicker } from '../../src-renderer/state/route-job.svelte';
import { TalentPoolsState } from '../../src-renderer/state/talent-pools.svelte';
import { api, entryId, outboxEntry, receipt, workOrder, workOrderPage } from './support/fake-api';

vi.mock('../../src-renderer/lib/api', () => import('./support/fake-api'));

// Main as the test sets it: the cache's pools and members, and the outbox.
const main = {
  members: {} as Record<number, TalentPoolMember[]>,
  outbox: [] as OutboxEntry[],
  nextEntry: 1,
};

/** The entry main holds, or its refusal when it holds none by that id. */
function entryIn(id: string): OutboxEntry {
  const found = main.outbox.find((entry) => entry.id === id);
  if (!found) throw new AppError('OUTBOX_ENTRY_NOT_FOUND');
  return found;
}

/** The Talent pools screen's channels and the outbox's, answered from `main`. */
function answerMain(pools: TalentPoolSummary[]) {
  main.nextEntry = 1;
  api.answer('talent-pools:list', () => pools);
  api.answer('talent-pools:providers', ({ poolId }) => main.members[poolId] ?? []);
  api.answer('providers:history', ({ providerId }) => ({ providerId, profile: null, active: 1, ordersDone: 0, onTimeKnown: 0, onTime: 0, incompletes: 0, problems: 0, lastWorkedAt: null }));
  api.answer('outbox:list', () => ({ entries: main.outbox }));
  api.answer('talent-pools:set-attributes', () => receipt(main.nextEntry++));
  api.answer('talent-pools:delete-attribute', () => receipt(main.nextEntry++));
  api.answer('outbox:discard', ({ entryId: id }) => ({ discarded: [id] }));
  api.answer('outbox:retry', ({ entryId: id }) => ({ ...entryIn(id), state: 'waiting' }));
  api.answer('outbox:edit', ({ entryId: id, input }) => ({ ...entryIn(id), state: 'waiting', input }));
}

/** What each test started, stopped after it: a screen left following the outbox would read for the next test. */
const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

function startedPools(): TalentPoolsState {
  stops.push(outbox.start());
  const pools = new TalentPoolsState();
  stops.push(pools.start());
  return pools;
}

async function settle(check: () => void) {
  await vi.waitFor(() => {
    flushSync();
    check();
  });
}

const member = { poolId: 811, providerId: 3002 };
const entry = (n: number, kind: string, input: unknown, state: OutboxEntry['state'] = 'waiting', error: OutboxEntry['error'] = null): OutboxEntry =>
  outboxEntry(100 + n, { kind, summary: kind, workOrderId: null, state, error, input });
const BADGE = { id: '5eed0811-3002-4000-8000-000000000001', name: 'Badge number', value: 'NW-4471' };
const REGION = { id: '5eed0811-3002-4000-8000-000000000002', name: 'Region', value: 'North' };

describe('checkAttribute: the set-attributes channel schema decides', () => {
  it('requires a name, keeps names unique beside the others, and bounds the value', () => {
    expect(checkAttribute(member, [], '  ', 'x')).toEqual({ ok: false, problems: { name: 'Required' } });
    expect(checkAttribute(member, [{ name: 'Badge number', value: 'a' }], 'Badge number', 'b')).toEqual({ ok: false, problems: { name: 'Attribute names must be unique' } });
    const long = checkAttribute(member, [], 'Notes', 'x'.repeat(2001));
    expect(long.ok).toBe(false);
    expect(!long.ok && long.problems.value).toBeTruthy();
  });

  it('answers the name trimmed as the schema trims it, and ignores what is wrong with the others', () => {
    expect(checkAttribute(member, [{ name: 'Old', value: 'y'.repeat(3000) }], '  Shift  ', '')).toEqual({ ok: true, name: 'Shift', value: '' });
  });
});

describe('attributeRows: the cache (main shows waiting changes in it), marked by what waits', () => {
  const TEMPORARY = 'ffffffff-ffff-ffff-0000-000000000007';

  it('marks a waiting change pending (with the value it replaced, when known), a new one under its temporary id, a removal and a refusal', () => {
    const changed = entry(1, 'talent-pools:set-attributes', { ...member, attributes: [{ name: 'Badge number', value: 'NW-5120' }] });
    const rows = attributeRows(
      // As main shows it: the change applied, the new attribute under a temporary id.
      [{ ...BADGE, value: 'NW-5120' }, REGION, { id: TEMPORARY, name: 'Availability', value: 'Nights' }],
      [
        changed,
        entry(2, 'talent-pools:set-attributes', { ...member, attributes: [{ name: 'Availability', value: 'Nights' }] }),
        entry(3, 'talent-pools:delete-attribute', { ...member, attributeId: REGION.id }),
        entry(4, 'talent-pools:set-attributes', { poolId: 812, providerId: 3002, attributes: [{ name: 'Badge number', value: 'other pool' }] }),
      ],
      member,
      { [changed.id]: { 'Badge number': 'NW-4471' } },
    );
    expect(rows.map(({ key, id, name, value, status, before }) => ({ key, id, name, value, status, before }))).toEqual([
      { key: 'new:Availability', id: undefined, name: 'Availability', value: 'Nights', status: 'pending', before: undefined },
      { key: BADGE.id, id: BADGE.id, name: 'Badge number', value: 'NW-5120', status: 'pending', before: 'NW-4471' },
      // Until the cache is read again (main takes it out at once).
      { key: REGION.id, id: REGION.id, name: 'Region', value: 'North', status: 'removing', before: undefined },
    ]);

    // Main undid the refused change in the cache: the old value, with what was tried beside it.
    const refused = attributeRows(
      [BADGE],
      [entry(5, 'talent-pools:set-attributes', { ...member, attributes: [{ name: 'Badge number', value: 'bad' }] }, 'refused', { code: 'API_REJECTED', message: 'Too long', fields: [] })],
      member,
    );
    expect(refused[0]).toMatchObject({ value: 'NW-4471', status: 'refused', problem: 'Too long', tried: 'bad' });
  });

  it('shows the cache as it is once nothing waits: what the marketplace took, under its ids', () => {
    const rows = attributeRows([{ ...BADGE, value: 'NW-5120' }, { id: '5eed0811-3002-4000-8000-000000000009', name: 'New', value: 'v' }], [], member);
    expect(rows.map(({ name, value, status, id }) => ({ name, value, status, id }))).toEqual([
      { name: 'Badge number', value: 'NW-5120', status: 'saved', id: BADGE.id },
      { name: 'New', value: 'v', status: 'saved', id: '5eed0811-3002-4000-8000-000000000009' },
    ]);
  });
});

describe('TalentPoolsState', () => {
  beforeEach(() => {
    api.reset();
    answerMain([
      { id: 812, name: 'Network and Cabling', group: { id: 801, name: 'Chicagoland Preferred' }, providerCount: 1 },
      { id: 811, name: 'POS Specialists', group: { id: 801, name: 'Chicagoland Preferred' }, providerCount: 1 },
      { id: 813, name: null, group: { id: 802, name: 'Sun Belt Partners' }, providerCount: 0 },
    ]);
    main.members = { 812: [{ provider: { id: 3003, first_name: 'Ana' }, attributes: [] }], 811: [{ provider: { id: 3002, first_name: 'Aisha', last_name: 'Thompson' }, attributes: [BADGE] }] };
    main.outbox = [];
  });

  it('groups the pools, opens the first, reads its members and their history, and stops following', async () => {
    stops.push(outbox.start());
    const pools = new TalentPoolsState();
    const stop = pools.start();
    await settle(() => expect(pools.membersLoaded).toBe(true));
    expect(pools.groups.map((group) => [group.name, group.pools.map((pool) => pool.id)])).toEqual([
      ['Chicagoland Preferred', [812, 811]],
      ['Sun Belt Partners', [813]],
    ]);
    expect(pools.selectedId).toBe(812);
    await settle(() => expect(pools.histories[3003]?.active).toBe(1));
    stop();
    expect(api.listenerCount('sync:progress')).toBe(0);
    expect(api.listenerCount('environments:did-change')).toBe(0);
    // The outbox's next state is no longer this screen's business: no read of the members follows it.
    const reads = api.count('talent-pools:providers');
    await outbox.read();
    expect(api.count('talent-pools:providers')).toBe(reads);
  });

  it('queues a checked change and reads the pool’s providers again on every outbox change: the cache shows it pending, then the marketplace’s answer', async () => {
    const pools = startedPools();
    await settle(() => expect(pools.membersLoaded).toBe(true));
    pools.select(811);
    await settle(() => expect(pools.members[0]?.provider.id).toBe(3002));
    const [aisha] = pools.members;
    if (!aisha) throw new Error('no member');

    expect(await pools.setAttribute(aisha, '', 'x')).toEqual({ name: 'Required' });
    expect(api.count('talent-pools:set-attributes')).toBe(0);

    // Main queues it and shows it in the cache at once (under the entry id it answers next).
    const input = { poolId: 811, providerId: 3002, attributes: [{ name: 'Badge number', value: 'NW-5120' }] };
    main.outbox = [{ ...entry(9, 'talent-pools:set-attributes', input), id: entryId(main.nextEntry) }];
    main.members[811] = [{ provider: { id: 3002, first_name: 'Aisha', last_name: 'Thompson' }, attributes: [{ ...BADGE, value: 'NW-5120' }] }];
    const [badge] = pools.rowsOf(aisha);
    expect(await pools.setAttribute(aisha, 'Badge number', 'NW-5120', badge)).toBeUndefined();
    expect(api.inputsOf('talent-pools:set-attributes')).toEqual([input]);

    // Main says the outbox changed: the screen reads the pool's providers again.
    const reads = () => api.count('talent-pools:providers');
    const before = reads();
    api.emit('outbox:changed', { pending: 1, refused: 0 });
    await settle(() => expect(reads()).toBeGreaterThan(before));
    await settle(() => expect(pools.rowsOf(pools.members[0] ?? aisha)[0]).toMatchObject({ value: 'NW-5120', status: 'pending', before: 'NW-4471' }));

    // Sent: the entry leaves the outbox and the cache holds the marketplace's answer.
    main.outbox = [];
    api.emit('outbox:changed', { pending: 0, refused: 0 });
    await settle(() => expect(pools.rowsOf(pools.members[0] ?? aisha)[0]).toMatchObject({ value: 'NW-5120', status: 'saved' }));
  });

  it('shows a waiting change as pending, and a discarded one goes back to the cached value', async () => {
    const waiting = entry(7, 'talent-pools:set-attributes', { ...member, attributes: [{ name: 'Badge number', value: 'NW-9' }] });
    main.outbox = [waiting];
    // Main shows the waiting change in the cache.
    main.members[811] = [{ provider: { id: 3002, first_name: 'Aisha', last_name: 'Thompson' }, attributes: [{ ...BADGE, value: 'NW-9' }] }];
    const pools = startedPools();
    pools.select(811);
    await settle(() => expect(pools.members).toHaveLength(1));
    const [aisha] = pools.members;
    if (!aisha) throw new Error('no member');
    await settle(() => expect(pools.rowsOf(aisha)[0]).toMatchObject({ value: 'NW-9', status: 'pending' }));

    const [row] = pools.rowsOf(aisha);
    main.outbox = [];
    // The discard undoes it in the cache, and main says the outbox changed.
    main.members[811] = [{ provider: { id: 3002, first_name: 'Aisha', last_name: 'Thompson' }, attributes: [BADGE] }];
    if (row) await pools.discardChange(row);
    expect(api.inputsOf('outbox:discard')).toEqual([{ entryId: waiting.id }]);
    api.emit('outbox:changed', { pending: 0, refused: 0 });
    await settle(() => expect(pools.rowsOf(pools.members[0] ?? aisha)[0]).toMatchObject({ value: 'NW-4471', status: 'saved' }));
  });

  it('discards, rather than removes, an attribute only the outbox has added (its id is temporary)', async () => {
    const adding = entry(6, 'talent-pools:set-attributes', { ...member, attributes: [{ name: 'Shift', value: 'Nights' }] });
    main.outbox = [adding];
    main.members[811] = [{ provider: { id: 3002, first_name: 'Aisha' }, attributes: [BADGE, { id: 'ffffffff-ffff-ffff-0000-000000000003', name: 'Shift', value: 'Nights' }] }];
    const pools = startedPools();
    pools.select(811);
    await settle(() => expect(pools.members).toHaveLength(1));
    const [aisha] = pools.members;
    if (!aisha) throw new Error('no member');
    await settle(() => expect(pools.rowsOf(aisha).find((row) => row.name === 'Shift')).toMatchObject({ key: 'new:Shift', status: 'pending' }));
    const shift = pools.rowsOf(aisha).find((row) => row.name === 'Shift');
    expect(shift?.id).toBeUndefined();
    if (shift) await pools.removeAttribute(aisha, shift);
    expect(api.inputsOf('outbox:discard')).toEqual([{ entryId: adding.id }]);
    expect(api.count('talent-pools:delete-attribute')).toBe(0);
  });
});

describe('TalentPoolsState and refusals', () => {
  beforeEach(() => {
    api.reset();
    answerMain([{ id: 811, name: 'POS Specialists', group: { id: 801, name: 'Chicagoland Preferred' }, providerCount: 1 }]);
    main.members = { 811: [{ provider: { id: 3002, first_name: 'Aisha' }, attributes: [BADGE] }] };
  });

  it('changes a refused value inside its entry (edit and retry), since a refusal holds what follows it', async () => {
    const refused = entry(8, 'talent-pools:set-attributes', { ...member, attributes: [{ name: 'Badge number', value: 'x'.repeat(10) }] }, 'refused', { code: 'API_REJECTED', message: 'No', fields: [] });
    main.outbox = [refused];
    const pools = startedPools();
    await settle(() => expect(pools.members).toHaveLength(1));
    const [aisha] = pools.members;
    if (!aisha) throw new Error('no member');
    await settle(() => expect(pools.rowsOf(aisha)[0]?.status).toBe('refused'));
    const [row] = pools.rowsOf(aisha);
    expect(await pools.setAttribute(aisha, 'Badge number', 'NW-7', row)).toBeUndefined();
    expect(api.inputsOf('outbox:edit')).toEqual([{ entryId: refused.id, input: { ...member, attributes: [{ name: 'Badge number', value: 'NW-7' }] } }]);
    expect(api.count('talent-pools:set-attributes')).toBe(0);

    if (row) await pools.retryChange(row);
    expect(api.inputsOf('outbox:retry')).toEqual([{ entryId: refused.id }]);
  });
});

describe('RouteJobPicker', () => {
  beforeEach(() => api.reset());

  it('offers the orders a route can start from, without those routed to the provider already', async () => {
    const orders = [
      workOrder(10001, { status: { id: 2, name: 'Published' } }),
      workOrder(10002, { status: { id: 9, name: 'Routed' }, routes: { results: [{ technician: { id: 3001 } }] } }),
      workOrder(10003, { status: { id: 1, name: 'Draft' } }),
      workOrder(10004, { status: { id: 3, name: 'Assigned' } }),
    ];
    api.answer('workorders:list', () => workOrderPage(orders));
    const picker = new RouteJobPicker(3001);
    await picker.read('  pos ');
    expect(api.calls).toEqual([['workorders:list', { statusIds: [1, 2, 9], search: 'pos', sort: 'schedule', order: 'asc', per_page: 50 }]]);
    expect(picker.orders.map((order) => order.id)).toEqual([10001, 10003]);
    expect(picker.route()).toBe(false);
  });
});
