// Writes src-renderer/lib/map/major-cities.json from scripts/major-cities.mjs (a test holds the two equal).
import { writeFileSync } from 'node:fs';
import { majorCities } from './major-cities.mjs';

const target = new URL('../src-renderer/lib/map/major-cities.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(majorCities(), null, 0).replace(/\},\{/g, '},\n{')}\n`);
console.log(`wrote ${target.pathname}`);
