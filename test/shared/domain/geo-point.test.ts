import { describe, expect, it } from 'vitest';
import { addressKey, cityKey, locateAddress, type PlaceLookup, pointOf, type PostalCentroid, postalCodeKey } from '../../../src-shared/domain/geo-point';

// The shared rule that places an address, given a data set: exact for a street address the data
// set knows, else the postal code's centre when its state agrees, else the city's.

const CENTROIDS: Readonly<Record<string, PostalCentroid>> = {
  'US:60606': { latitude: 41.88, longitude: -87.64, city: 'Chicago', state: 'IL' },
  'CA:K1A0B1': { latitude: 45.42, longitude: -75.7, city: 'Ottawa', state: 'ON' },
};

const lookup: PlaceLookup = {
  address: (key) => (key === addressKey({ address1: '233 S Wacker Dr', zip: '60606', country: 'US' }) ? { latitude: 41.8789, longitude: -87.6359 } : undefined),
  postalCode: (code, country) => CENTROIDS[`${country}:${code}`],
  city: (city, state, country) => (country === 'US' && city === 'coeur d alene' && state === 'ID' ? { latitude: 47.68, longitude: -116.78 } : undefined),
};

describe('locateAddress', () => {
  it('is exact at a known street address, however it is spelled', () => {
    expect(locateAddress({ address1: '233 S. Wacker Dr.', city: 'Chicago', state: 'IL', zip: '60606-1234', country: 'us' }, lookup)).toEqual({ latitude: 41.8789, longitude: -87.6359, exact: true });
  });

  it("falls back to the postal code's centre, then the city's, never exact", () => {
    expect(locateAddress({ address1: '1 Other St', city: 'Chicago', state: 'IL', zip: '60606', country: 'US' }, lookup)).toEqual({ latitude: 41.88, longitude: -87.64, exact: false });
    expect(locateAddress({ city: "Coeur d'Alene", state: 'id', zip: '99999', country: 'US' }, lookup)).toEqual({ latitude: 47.68, longitude: -116.78, exact: false });
    // A code of another state than the address's is not believed.
    expect(locateAddress({ city: "Coeur d'Alene", state: 'ID', zip: '60606', country: 'US' }, lookup)).toEqual({ latitude: 47.68, longitude: -116.78, exact: false });
    expect(locateAddress({ city: 'Ottawa', state: 'ON', zip: 'k1a 0b1', country: 'CA' }, lookup)).toEqual({ latitude: 45.42, longitude: -75.7, exact: false });
  });

  it('finds nothing for an unknown place, another country, or no address', () => {
    expect(locateAddress({ city: 'Nowhere', state: 'TX', zip: '00000', country: 'US' }, lookup)).toBeUndefined();
    expect(locateAddress({ city: 'Chicago', state: 'IL', zip: '60606', country: 'DE' }, lookup)).toBeUndefined();
    expect(locateAddress(undefined, lookup)).toBeUndefined();
  });
});

describe('keys and points', () => {
  it('normalise cities, postal codes and street addresses', () => {
    expect(cityKey("  Coeur d'Alene ")).toBe('coeur d alene');
    expect(cityKey('Saint Louis')).toBe(cityKey('St. Louis'));
    expect(cityKey('Cañon City')).toBe('canon city');
    expect(postalCodeKey('60606-1234', 'US')).toBe('60606');
    expect(postalCodeKey('k1a 0b1', 'CA')).toBe('K1A0B1');
    expect(addressKey({ address1: '2140 W. Ogden Ave.', zip: '60540' })).toBe(addressKey({ address1: '2140 w ogden ave', zip: '60540', country: 'US' }));
  });

  it('read a point from an answer, or nothing', () => {
    expect(pointOf({ latitude: 31.76, longitude: -106.48, exact: false, distance: 3 })).toEqual({ latitude: 31.76, longitude: -106.48, exact: false });
    expect(pointOf({ latitude: 31.76, longitude: -106.48 })).toEqual({ latitude: 31.76, longitude: -106.48, exact: false });
    for (const value of [null, undefined, {}, { latitude: '31', longitude: -106 }, { latitude: 91, longitude: 0 }, { latitude: 0, longitude: Number.NaN }]) expect(pointOf(value)).toBeUndefined();
  });
});
