import { describe, expect, it } from 'vitest';
import {
  COUNTRY_CODES,
  CountryCodeSchema,
  INCOMPLETE_REASONS,
  PROBLEM_TYPES,
  SERVICE_TYPES_BY_TYPE_OF_WORK,
  TYPES_OF_WORK,
  serviceTypesFor,
  typeOfWorkById,
} from '../../../src-shared/api/reference-data';

describe('types of work', () => {
  it('has the 27 of the spec, with unique ids', () => {
    expect(TYPES_OF_WORK).toHaveLength(27);
    expect(new Set(TYPES_OF_WORK.map((typeOfWork) => typeOfWork.id)).size).toBe(27);
  });

  it('has the spec ids', () => {
    expect(typeOfWorkById(62)?.name).toBe('Point of Sale (POS)');
    expect(typeOfWorkById(61)?.name).toBe('Desktop/Laptop');
    expect(typeOfWorkById(8)?.name).toBe('HVAC');
    expect(typeOfWorkById(1)?.name).toBe('Software Development');
    expect(typeOfWorkById(76)?.name).toBe('Copier');
    expect(typeOfWorkById(2)).toBeUndefined();
  });
});

describe('service types', () => {
  it('gives the five standard ones in the spec order', () => {
    expect(serviceTypesFor(70)).toEqual([
      { id: 102, name: 'Installation' },
      { id: 105, name: 'Removal' },
      { id: 104, name: 'Repair' },
      { id: 106, name: 'Site Survey' },
      { id: 103, name: 'Troubleshooting' },
    ]);
    expect(serviceTypesFor(62).map((serviceType) => serviceType.id)).toEqual([61, 64, 63, 65, 62]);
    expect(serviceTypesFor(3).map((serviceType) => serviceType.id)).toEqual([5, 8, 7, 9, 6]);
  });

  it('gives the special lists of Desktop/Laptop, Fiber Cabling and Pro A/V', () => {
    expect(serviceTypesFor(61)).toHaveLength(8);
    expect(serviceTypesFor(61)).toContainEqual({ id: 57, name: 'Backup' });
    expect(serviceTypesFor(69)).toContainEqual({ id: 100, name: 'Splicing' });
    expect(serviceTypesFor(71)).toContainEqual({ id: 112, name: 'Programming' });
  });

  it('gives none for types of work outside the table', () => {
    for (const id of [74, 75, 76, 56, 58, 57, 68, 59, 51, 1, 72, 999]) {
      expect(serviceTypesFor(id)).toEqual([]);
    }
  });

  it('never reuses a service type id across types of work', () => {
    const ids = Object.values(SERVICE_TYPES_BY_TYPE_OF_WORK).flatMap((list) => list.map((serviceType) => serviceType.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(13 * 5 + 8 + 6 + 6);
  });
});

describe('other reference lists', () => {
  it('has the 11 problem types', () => {
    expect(PROBLEM_TYPES).toHaveLength(11);
    expect(PROBLEM_TYPES[0]).toEqual({ id: 22, name: "I can't find a provider" });
    expect(PROBLEM_TYPES.find((type) => type.id === 45)?.name).toBe('Provider did not show up - remove provider from WO');
  });

  it('has the 5 incomplete reasons', () => {
    expect(INCOMPLETE_REASONS.map((reason) => reason.id)).toEqual([1, 2, 3, 4, 5]);
    expect(INCOMPLETE_REASONS[4]?.label).toBe('Revisit requested');
  });

  it('has the 36 country codes', () => {
    expect(COUNTRY_CODES).toHaveLength(36);
    expect(new Set(COUNTRY_CODES).size).toBe(36);
    expect(COUNTRY_CODES[0]).toBe('US');
    expect(CountryCodeSchema.safeParse('CH').success).toBe(true);
    expect(CountryCodeSchema.safeParse('JP').success).toBe(false);
    expect(CountryCodeSchema.safeParse('us').success).toBe(false);
  });
});
