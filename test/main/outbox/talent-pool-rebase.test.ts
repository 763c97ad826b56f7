import { afterEach, describe, expect, it } from 'vitest';
import type { PulledGroup } from '../../../src-main/db/talent-pool-repository';
import { openCache } from '../../../src-main/db/database';
import { SavedLocationRepository } from '../../../src-main/db/saved-location-repository';
import { TalentPoolRepository } from '../../../src-main/db/talent-pool-repository';
import { WorkOrderPartsRepository } from '../../../src-main/db/work-order-parts-repository';
import { WorkOrderRepository } from '../../../src-main/db/work-order-repository';
import { Documents, parseDocKey, poolMemberKey } from '../../../src-main/outbox/documents';
import { Outbox } from '../../../src-main/outbox/outbox';

const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

function pulled(attributes: { id: string; name: string; value: string }[]): PulledGroup[] {
  return [{ group: { id: 801, name: 'Chicagoland Preferred' }, pools: [{ pool: { id: 811, name: 'POS Specialists' }, members: [{ provider: { id: 3002, first_name: 'Aisha' }, attributes }] }] }];
}

const BADGE = { id: '5eed0811-3002-4000-8000-000000000001', name: 'Badge number', value: 'NW-4471' };

describe('talent pool members as outbox documents', () => {
  const opened: { close(): void }[] = [];
  afterEach(() => opened.splice(0).forEach((db) => db.close()));

  it('name the pair in their key, both ways', () => {
    expect(poolMemberKey(811, 3002)).toBe('poolmember:811:3002');
    expect(parseDocKey(poolMemberKey(811, 3002))).toEqual({ kind: 'poolmember', poolId: 811, providerId: 3002 });
    expect(parseDocKey('location:-4')).toEqual({ kind: 'location', id: -4 });
  });

  it('keep showing a waiting change after a pull rewrote the pools whole, on top of what the pull brought', async () => {
    const db = openCache(':memory:');
    opened.push(db);
    const talentPools = new TalentPoolRepository(db);
    talentPools.replace(pulled([BADGE]));
    const documents = new Documents({ workOrders: new WorkOrderRepository(db), parts: new WorkOrderPartsRepository(db), locations: new SavedLocationRepository(db), talentPools });
    const outbox = new Outbox({ db, documents, events: { changed: () => undefined, workOrdersChanged: () => undefined, locationsChanged: () => undefined }, logger: quiet, undoMs: () => 0 });
    const values = () => (talentPools.members(811)?.[0]?.attributes ?? []).map(({ name, value }) => ({ name, value }));

    await outbox.enqueue('talent-pools:set-attributes', { poolId: 811, providerId: 3002, attributes: [{ name: 'Shift', value: 'Nights' }] });
    expect(values()).toEqual([
      { name: 'Badge number', value: 'NW-4471' },
      { name: 'Shift', value: 'Nights' },
    ]);

    // The hourly pull: someone changed the badge on the marketplace meanwhile.
    talentPools.replace(pulled([{ ...BADGE, value: 'NW-5000' }]));
    expect(values()).toEqual([{ name: 'Badge number', value: 'NW-5000' }]);
    outbox.rebaseDirectory();
    expect(values()).toEqual([
      { name: 'Badge number', value: 'NW-5000' },
      { name: 'Shift', value: 'Nights' },
    ]);

    // Discarded: the pulled value, not the one from before the pull.
    const [entry] = outbox.entries;
    if (entry) await outbox.discard(entry.id);
    expect(values()).toEqual([{ name: 'Badge number', value: 'NW-5000' }]);
  });
});
