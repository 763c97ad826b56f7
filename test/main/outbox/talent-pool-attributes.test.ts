import { describe, expect, it } from 'vitest';
import type { TalentPoolAttribute } from '../../../src-shared/api/talent-pool';
import type { TalentPoolMember } from '../../../src-shared/ipc/channels';
import type { OutboxReceipt } from '../../../src-shared/ipc/write-channels';
import { isTemporaryAttributeId } from '../../../src-shared/domain/talent-pool-attributes';
import { marketControl } from './market-control';
import { outboxApp, until } from './support';

// The seed (local marketplace, buyer records): pool 811 lists provider 3001 with two attributes
// and provider 3002 with one.
const POOL = 811;

const shown = (attributes: readonly TalentPoolAttribute[]) => attributes.map(({ name, value }) => ({ name, value: value ?? null }));

describe('talent pool attributes through the outbox', () => {
  it('show in the cache as soon as they are queued, and the cache takes the marketplace’s answer (its ids) once sent', async () => {
    const { call, invoke, entries, drained, marketplace } = await outboxApp();
    const market = marketControl(await marketplace());
    const member = async (providerId: number) => {
      const members = await call<TalentPoolMember[]>('talent-pools:providers', { poolId: POOL });
      const found = members.find((candidate) => candidate.provider.id === providerId);
      if (!found) throw new Error(`provider ${providerId} is not in pool ${POOL}`);
      return found.attributes;
    };
    const before = await member(3001);
    expect(shown(before)).toEqual([
      { name: 'Certified POS brands', value: 'NCR, Verifone' },
      { name: 'Preferred region', value: 'Chicago North' },
    ]);
    const certified = before.find((attribute) => attribute.name === 'Certified POS brands');

    await market.addFault({ status: 'drop' });
    await call<OutboxReceipt>('talent-pools:set-attributes', {
      poolId: POOL,
      providerId: 3001,
      attributes: [
        { name: 'Preferred region', value: 'Chicago South' },
        { name: 'Languages', value: 'English, Polish' },
      ],
    });
    // At once, before any answer: the changed value, and the new one under a temporary id.
    const pending = await member(3001);
    expect(shown(pending)).toEqual([
      { name: 'Certified POS brands', value: 'NCR, Verifone' },
      { name: 'Languages', value: 'English, Polish' },
      { name: 'Preferred region', value: 'Chicago South' },
    ]);
    const temporary = pending.find((attribute) => attribute.name === 'Languages');
    expect(isTemporaryAttributeId(temporary?.id ?? '')).toBe(true);
    expect(pending.find((attribute) => attribute.name === 'Preferred region')?.id).toBe(before.find((attribute) => attribute.name === 'Preferred region')?.id);

    // Removing one the marketplace does not know yet is refused when queued: discarding the set is the way.
    expect(await invoke('talent-pools:delete-attribute', { poolId: POOL, providerId: 3001, attributeId: temporary?.id })).toMatchObject({
      ok: false,
      error: { code: 'OUTBOX_NOT_ALLOWED', message: expect.stringContaining('discard') },
    });

    // A delete shows at once too.
    await call<OutboxReceipt>('talent-pools:delete-attribute', { poolId: POOL, providerId: 3001, attributeId: certified?.id });
    expect(shown(await member(3001))).toEqual([
      { name: 'Languages', value: 'English, Polish' },
      { name: 'Preferred region', value: 'Chicago South' },
    ]);
    expect((await entries()).map((entry) => entry.state)).not.toContain('refused');

    // Back online: the marketplace has it, and the cache holds the marketplace's ids.
    await market.clearFaults();
    await drained();
    const theirs = (await market.get<{ results: TalentPoolAttribute[] }>(`talent-pools/${POOL}/providers/3001/attributes`)).results;
    expect(shown(theirs).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'Languages', value: 'English, Polish' },
      { name: 'Preferred region', value: 'Chicago South' },
    ]);
    const cached = await member(3001);
    const byName = (list: readonly TalentPoolAttribute[]) => Object.fromEntries(list.map(({ id, name, value }) => [name, { id, value: value ?? null }]));
    expect(byName(cached)).toEqual(byName(theirs));
    expect(cached.some((attribute) => isTemporaryAttributeId(attribute.id))).toBe(false);
  });

  it('a refused or discarded change is undone in the cache, back to what the marketplace last said', async () => {
    const { call, entries, marketplace } = await outboxApp();
    const listening = await marketplace();
    const badge = async () => {
      const members = await call<TalentPoolMember[]>('talent-pools:providers', { poolId: POOL });
      return shown(members.find((candidate) => candidate.provider.id === 3002)?.attributes ?? []);
    };
    expect(await badge()).toEqual([{ name: 'Badge number', value: 'NW-4471' }]);

    // Discarded while working offline: the old value again.
    await call('connectivity:set-offline', { offline: true });
    const dropped = await call<OutboxReceipt>('talent-pools:set-attributes', { poolId: POOL, providerId: 3002, attributes: [{ name: 'Badge number', value: 'NW-0000' }] });
    expect(await badge()).toEqual([{ name: 'Badge number', value: 'NW-0000' }]);
    await call('outbox:discard', { entryId: dropped.entryId });
    expect(await badge()).toEqual([{ name: 'Badge number', value: 'NW-4471' }]);
    await call('connectivity:set-offline', { offline: false });

    // Another coordinator took the provider out of the pool on the marketplace: the set is refused.
    listening.marketplace.context.db.prepare('DELETE FROM talent_pool_members WHERE pool_id = ? AND provider_id = ?').run(POOL, 3002);
    const refused = await call<OutboxReceipt>('talent-pools:set-attributes', { poolId: POOL, providerId: 3002, attributes: [{ name: 'Badge number', value: 'NW-9999' }, { name: 'Shift', value: 'Nights' }] });
    await until(entries, (list) => list.some((entry) => entry.id === refused.entryId && entry.state === 'refused'), 'the set refused');
    expect(await badge()).toEqual([{ name: 'Badge number', value: 'NW-4471' }]);

    // Discarded after its refusal: nothing of it stays.
    await call('outbox:discard', { entryId: refused.entryId });
    expect(await entries()).toEqual([]);
    expect(await badge()).toEqual([{ name: 'Badge number', value: 'NW-4471' }]);
  });
});
