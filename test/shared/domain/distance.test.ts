import { describe, expect, it } from 'vitest';
import { milesBetween } from '../../../src-shared/domain/distance';

describe('milesBetween', () => {
  it('measures as the crow flies, in miles', () => {
    const chicago = { latitude: 41.8781, longitude: -87.6298 };
    const naperville = { latitude: 41.7508, longitude: -88.1535 };
    const houston = { latitude: 29.7604, longitude: -95.3698 };
    const austin = { latitude: 30.2672, longitude: -97.7431 };
    expect(milesBetween(chicago, chicago)).toBe(0);
    expect(milesBetween(chicago, naperville)).toBeCloseTo(28.4, 0);
    expect(milesBetween(houston, austin)).toBeCloseTo(146, 0);
    expect(milesBetween(austin, houston)).toBeCloseTo(milesBetween(houston, austin), 9);
  });
});
