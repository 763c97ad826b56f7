import { createRequire } from 'node:module';
import { join } from 'node:path';
import type * as ZipCodes from 'zipcodes';
import type { Coordinates } from '../../src-shared/domain/distance';
import { cityKey, type PlaceLookup, type PostalCentroid } from '../../src-shared/domain/geo-point';

// Postal code centres from the `zipcodes` package: about 42,500 US ZIP codes (USPS and Census
// centroids) and the 1,600 Canadian forward sortation areas (a code's first three characters). Its
// table is a 5 MB module that takes a quarter of a second to load, so it is read on the first
// question, never at start-up, and only in main (the renderer asks main: src-shared/domain/geo-point.ts).

/** The package names provinces in full; addresses use the postal abbreviations. */
const PROVINCES: Readonly<Record<string, string>> = {
  Alberta: 'AB',
  'British Columbia': 'BC',
  Manitoba: 'MB',
  'New Brunswick': 'NB',
  'Newfoundland and Labrador': 'NL',
  'Newfoundland And Labrador': 'NL',
  'Nova Scotia': 'NS',
  'Northwest Territories': 'NT',
  Nunavut: 'NU',
  Ontario: 'ON',
  'Prince Edward Island': 'PE',
  Quebec: 'QC',
  Saskatchewan: 'SK',
  Yukon: 'YT',
};

interface Tables {
  us: Map<string, PostalCentroid>;
  canada: Map<string, PostalCentroid>;
  /** `city key|STATE` → the mean of the city's ZIP centres (US only: the Canadian areas are regions, not cities). */
  cities: Map<string, Coordinates>;
}

let tables: Tables | undefined;

function load(): Tables {
  // A CommonJS data module: required, not imported, so bundling main leaves it a runtime dependency.
  // No module URL here: Node reads a file whose syntax names one as an ES module, and Playwright's specs
  // load this one compiled to CommonJS. Bundled main and Playwright have `__filename`; Vitest runs
  // from the project's root, whose node_modules hold the package.
  const require = createRequire(typeof __filename === 'string' ? __filename : join(process.cwd(), 'package.json'));
  const { codes } = require('zipcodes') as typeof ZipCodes;
  const us = new Map<string, PostalCentroid>();
  const canada = new Map<string, PostalCentroid>();
  const sums = new Map<string, { latitude: number; longitude: number; count: number }>();
  for (const record of Object.values(codes)) {
    if (!Number.isFinite(record.latitude) || !Number.isFinite(record.longitude)) continue;
    if (record.country === 'US') {
      us.set(record.zip, { latitude: record.latitude, longitude: record.longitude, city: record.city, state: record.state });
      const key = `${cityKey(record.city)}|${record.state}`;
      const sum = sums.get(key) ?? { latitude: 0, longitude: 0, count: 0 };
      sums.set(key, { latitude: sum.latitude + record.latitude, longitude: sum.longitude + record.longitude, count: sum.count + 1 });
    } else {
      canada.set(record.zip, { latitude: record.latitude, longitude: record.longitude, city: record.city, state: PROVINCES[record.state] ?? record.state });
    }
  }
  const cities = new Map([...sums].map(([key, sum]) => [key, { latitude: round(sum.latitude / sum.count), longitude: round(sum.longitude / sum.count) }]));
  return { us, canada, cities };
}

const round = (degrees: number) => Math.round(degrees * 10_000) / 10_000;

function loaded(): Tables {
  tables ??= load();
  return tables;
}

/** The postal code and city centres of the data set, as the shared rule asks for them. */
export const postalCodeLookup: PlaceLookup = {
  postalCode(code, country) {
    if (country === 'US') return loaded().us.get(code);
    // A Canadian code is placed by its forward sortation area.
    if (country === 'CA') return loaded().canada.get(code.slice(0, 3));
    return undefined;
  },
  city(city, state, country) {
    return country === 'US' ? loaded().cities.get(`${city}|${state}`) : undefined;
  },
};
