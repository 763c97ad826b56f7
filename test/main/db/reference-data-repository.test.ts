import { describe, expect, it } from 'vitest';
import { openCache } from '../../../src-main/db/database';
import { ReferenceDataRepository } from '../../../src-main/db/reference-data-repository';
import { SavedLocationRepository } from '../../../src-main/db/saved-location-repository';

describe('ReferenceDataRepository', () => {
  it('answers a kind only while it is fresh enough, and a refetch replaces the whole list', () => {
    const repository = new ReferenceDataRepository(openCache(':memory:'));
    repository.replace('types_of_work', [{ key: '1', value: { id: 1, name: 'Networking' } }, { key: '2', value: { id: 2, name: 'POS' } }], 1_000);
    expect(repository.get('types_of_work', 500, 1_400)).toEqual([
      { key: '1', value: { id: 1, name: 'Networking' }, fetchedAt: 1_000 },
      { key: '2', value: { id: 2, name: 'POS' }, fetchedAt: 1_000 },
    ]);
    expect(repository.get('types_of_work', 500, 1_600)).toEqual([]);
    expect(repository.get('tags', 500, 1_400)).toEqual([]);
    repository.replace('types_of_work', [{ key: '2', value: { id: 2, name: 'Point of sale' } }], 2_000);
    expect(repository.get('types_of_work', 500, 2_000)).toEqual([{ key: '2', value: { id: 2, name: 'Point of sale' }, fetchedAt: 2_000 }]);
  });
});

describe('SavedLocationRepository', () => {
  it('finds locations by name, address, city or zip, taking % and _ literally', () => {
    const repository = new SavedLocationRepository(openCache(':memory:'));
    repository.replace([
      { id: 1, name: 'Store 12', address1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
      { id: 2, name: 'Warehouse', address1: '9 Dock Rd', city: 'Denver', state: 'CO', zip: '80202', country: 'US' },
      { id: 3, name: '100% Depot', address1: null, city: null },
    ]);
    const found = (search?: string) => repository.search(search).map((location) => location.id);
    expect(found()).toEqual([3, 1, 2]);
    expect(found('store')).toEqual([1]);
    expect(found('dock')).toEqual([2]);
    expect(found('80202')).toEqual([2]);
    expect(found('%')).toEqual([3]);
    expect(found('_')).toEqual([]);
    repository.replace([{ id: 2, name: 'Warehouse' }]);
    expect(found()).toEqual([2]);
  });
});
