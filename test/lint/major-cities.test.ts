import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script in plain JavaScript, without declarations.
import { majorCities } from '../../scripts/major-cities.mjs';

// The map's bundled city list is what its script makes from the zipcodes package: regenerate with
// `node scripts/make-major-cities.mjs` when either changes.
describe('major-cities.json', () => {
  it('matches scripts/major-cities.mjs over the installed zipcodes', () => {
    const bundled: unknown = JSON.parse(readFileSync(join(__dirname, '..', '..', 'src-renderer', 'lib', 'map', 'major-cities.json'), 'utf8'));
    expect(bundled).toEqual(majorCities());
  });
});
