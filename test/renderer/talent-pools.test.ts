import { flushSync } from 'svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxEntry } from '../../src-shared/ipc/outbox-channels';

// The renderer's one door to main, faked: the cache's pools and members, the outbox as the test sets it.
const fake = vi.hoisted(() => ({
  pools: [] as unknown[],
  members: {} as Record<number, unknown[]>,
  outbox: [] as unknown[],
  orders: [] as unknown[],
  calls: [] as [string, unknown][],
  listeners: {} as Record<string, ((payload: unknown) => void)[]>,
  nextEntry: 1,
}));
vi.mock('../../src-renderer/lib/api', () => ({
  invoke: async (channel: string, input?: unknown) => {
    fake.calls.push([channel, input]);
    switch (channel) {
      case 'talent-pools:list':
        return fake.pools;
      case 'talent-pools:providers':
        return fake.members[(input as { poolId: number }).poolId] ?? [];
      case 'providers:history':
        return { providerId: (input as { providerId: number }).providerId, profile: null, active: 1, ordersDone: 0, onTimeKnown: 0, onTime: 0, incompletes: 0, problems: 0, lastWorkedAt: null };
      case 'outbox:list':
        return { entries: fake.outbox };
      case 'workorders:list':
        return { results: fake.orders, total: fake.orders.length };
      case 'talent-pools:set-attributes':
      case 'talent-pools:delete-attribute':
        return { entryId: `00000000-0000-4000-8000-00000000000${fake.nextEntry++}` };
      default:
        return {};
    }
  },
  on: (event: string, listener: (payload: unknown) => void) => {
    (fake.listeners[event] ??= []).push(listener);
    return () => fake.listeners[event]?.splice(fake.listeners[event].indexOf(listener), 1);
  },
}));

const { attributeRows, checkAttribute, RouteJobPicker, TalentPoolsState } = await import('../../src-renderer/state/talent-pools.svelte');

async function settle(check: () => void) {
  await vi.waitFor(() => {
    flushSync();
    check();
  });
}

const member = { poolId: 811, providerId: 3002 };
const entry = (id: number, kind: string, input: unknown, state: OutboxEntry['state'] = 'waiting', error: OutboxEntry['error'] = null): OutboxEntry => ({
  id: `00000000-0000-4000-8000-0000000000a${id}`,
  kind,
  summary: kind,
  workOrderId: null,
  state,
  attempts: 0,
  createdAt: 0,
  nextAttemptAt: null,
  notBefore: null,
  error,
  conflict: null,
  upload: null,
  input,
});
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
    fake.pools = [
      { id: 812, name: 'Network and Cabling', group: { id: 801, name: 'Chicagoland Preferred' }, providerCount: 1 },
      { id: 811, name: 'POS Specialists', group: { id: 801, name: 'Chicagoland Preferred' }, providerCount: 1 },
      { id: 813, name: null, group: { id: 802, name: 'Sun Belt Partners' }, providerCount: 0 },
    ];
    fake.members = { 812: [{ provider: { id: 3003, first_name: 'Ana' }, attributes: [] }], 811: [{ provider: { id: 3002, first_name: 'Aisha', last_name: 'Thompson' }, attributes: [BADGE] }] };
    fake.outbox = [];
    fake.calls = [];
    fake.listeners = {};
  });

  it('groups the pools, opens the first, reads its members and their history, and stops following', async () => {
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
    expect(fake.listeners['outbox:changed']).toHaveLength(0);
    expect(fake.listeners['sync:progress']).toHaveLength(0);
  });

  it('queues a checked change and reads the pool’s providers again on every outbox change: the cache shows it pending, then the marketplace’s answer', async () => {
    const pools = new TalentPoolsState();
    pools.start();
    await settle(() => expect(pools.membersLoaded).toBe(true));
    pools.select(811);
    await settle(() => expect(pools.members[0]?.provider.id).toBe(3002));
    const [aisha] = pools.members;
    if (!aisha) throw new Error('no member');

    expect(await pools.setAttribute(aisha, '', 'x')).toEqual({ name: 'Required' });
    expect(fake.calls.some(([channel]) => channel === 'talent-pools:set-attributes')).toBe(false);

    // Main queues it and shows it in the cache at once (the fake answers the next entry id).
    const input = { poolId: 811, providerId: 3002, attributes: [{ name: 'Badge number', value: 'NW-5120' }] };
    const waiting = entry(9, 'talent-pools:set-attributes', input);
    waiting.id = `00000000-0000-4000-8000-00000000000${fake.nextEntry}`;
    fake.outbox = [waiting];
    fake.members[811] = [{ provider: { id: 3002, first_name: 'Aisha', last_name: 'Thompson' }, attributes: [{ ...BADGE, value: 'NW-5120' }] }];
    const [badge] = pools.rowsOf(aisha);
    expect(await pools.setAttribute(aisha, 'Badge number', 'NW-5120', badge)).toBeUndefined();
    expect(fake.calls.find(([channel]) => channel === 'talent-pools:set-attributes')?.[1]).toEqual(input);

    // Main says the outbox changed: the screen reads the pool's providers again.
    const reads = () => fake.calls.filter(([channel]) => channel === 'talent-pools:providers').length;
    const before = reads();
    fake.listeners['outbox:changed']?.forEach((listener) => listener({ pending: 1, refused: 0 }));
    await settle(() => expect(reads()).toBeGreaterThan(before));
    await settle(() => expect(pools.rowsOf(pools.members[0] ?? aisha)[0]).toMatchObject({ value: 'NW-5120', status: 'pending', before: 'NW-4471' }));

    // Sent: the entry leaves the outbox and the cache holds the marketplace's answer.
    fake.outbox = [];
    fake.listeners['outbox:changed']?.forEach((listener) => listener({ pending: 0, refused: 0 }));
    await settle(() => expect(pools.rowsOf(pools.members[0] ?? aisha)[0]).toMatchObject({ value: 'NW-5120', status: 'saved' }));
  });

  it('shows a waiting change as pending, and a discarded one goes back to the cached value', async () => {
    const waiting = entry(7, 'talent-pools:set-attributes', { ...member, attributes: [{ name: 'Badge number', value: 'NW-9' }] });
    fake.outbox = [waiting];
    // Main shows the waiting change in the cache.
    fake.members[811] = [{ provider: { id: 3002, first_name: 'Aisha', last_name: 'Thompson' }, attributes: [{ ...BADGE, value: 'NW-9' }] }];
    const pools = new TalentPoolsState();
    pools.start();
    pools.select(811);
    await settle(() => expect(pools.members).toHaveLength(1));
    const [aisha] = pools.members;
    if (!aisha) throw new Error('no member');
    await settle(() => expect(pools.rowsOf(aisha)[0]).toMatchObject({ value: 'NW-9', status: 'pending' }));

    const [row] = pools.rowsOf(aisha);
    fake.outbox = [];
    // The discard undoes it in the cache, and main says the outbox changed.
    fake.members[811] = [{ provider: { id: 3002, first_name: 'Aisha', last_name: 'Thompson' }, attributes: [BADGE] }];
    if (row) await pools.discardChange(row);
    expect(fake.calls).toContainEqual(['outbox:discard', { entryId: waiting.id }]);
    fake.listeners['outbox:changed']?.forEach((listener) => listener({ pending: 0, refused: 0 }));
    await settle(() => expect(pools.rowsOf(pools.members[0] ?? aisha)[0]).toMatchObject({ value: 'NW-4471', status: 'saved' }));
  });

  it('discards, rather than removes, an attribute only the outbox has added (its id is temporary)', async () => {
    const adding = entry(6, 'talent-pools:set-attributes', { ...member, attributes: [{ name: 'Shift', value: 'Nights' }] });
    fake.outbox = [adding];
    fake.members[811] = [{ provider: { id: 3002, first_name: 'Aisha' }, attributes: [BADGE, { id: 'ffffffff-ffff-ffff-0000-000000000003', name: 'Shift', value: 'Nights' }] }];
    const pools = new TalentPoolsState();
    pools.start();
    pools.select(811);
    await settle(() => expect(pools.members).toHaveLength(1));
    const [aisha] = pools.members;
    if (!aisha) throw new Error('no member');
    await settle(() => expect(pools.rowsOf(aisha).find((row) => row.name === 'Shift')).toMatchObject({ key: 'new:Shift', status: 'pending' }));
    const shift = pools.rowsOf(aisha).find((row) => row.name === 'Shift');
    expect(shift?.id).toBeUndefined();
    if (shift) await pools.removeAttribute(aisha, shift);
    expect(fake.calls).toContainEqual(['outbox:discard', { entryId: adding.id }]);
    expect(fake.calls.some(([channel]) => channel === 'talent-pools:delete-attribute')).toBe(false);
  });
});

describe('TalentPoolsState and refusals', () => {
  beforeEach(() => {
    fake.pools = [{ id: 811, name: 'POS Specialists', group: { id: 801, name: 'Chicagoland Preferred' }, providerCount: 1 }];
    fake.members = { 811: [{ provider: { id: 3002, first_name: 'Aisha' }, attributes: [BADGE] }] };
    fake.calls = [];
    fake.listeners = {};
  });

  it('changes a refused value inside its entry (edit and retry), since a refusal holds what follows it', async () => {
    const refused = entry(8, 'talent-pools:set-attributes', { ...member, attributes: [{ name: 'Badge number', value: 'x'.repeat(10) }] }, 'refused', { code: 'API_REJECTED', message: 'No', fields: [] });
    fake.outbox = [refused];
    const pools = new TalentPoolsState();
    pools.start();
    await settle(() => expect(pools.members).toHaveLength(1));
    const [aisha] = pools.members;
    if (!aisha) throw new Error('no member');
    await settle(() => expect(pools.rowsOf(aisha)[0]?.status).toBe('refused'));
    const [row] = pools.rowsOf(aisha);
    expect(await pools.setAttribute(aisha, 'Badge number', 'NW-7', row)).toBeUndefined();
    expect(fake.calls).toContainEqual(['outbox:edit', { entryId: refused.id, input: { ...member, attributes: [{ name: 'Badge number', value: 'NW-7' }] } }]);
    expect(fake.calls.some(([channel]) => channel === 'talent-pools:set-attributes')).toBe(false);

    if (row) await pools.retryChange(row);
    expect(fake.calls).toContainEqual(['outbox:retry', { entryId: refused.id }]);
  });
});

describe('RouteJobPicker', () => {
  it('offers the orders a route can start from, without those routed to the provider already', async () => {
    fake.orders = [
      { id: 10001, status: { id: 2 } },
      { id: 10002, status: { id: 9 }, routes: { results: [{ technician: { id: 3001 } }] } },
      { id: 10003, status: { id: 1 } },
      { id: 10004, status: { id: 3 } },
    ];
    const picker = new RouteJobPicker(3001);
    await picker.read('  pos ');
    expect(fake.calls.at(-1)).toEqual(['workorders:list', { statusIds: [1, 2, 9], search: 'pos', sort: 'schedule', order: 'asc', per_page: 50 }]);
    expect(picker.orders.map((order) => order.id)).toEqual([10001, 10003]);
    expect(picker.route()).toBe(false);
  });
});
