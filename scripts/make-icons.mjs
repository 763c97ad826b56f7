// `npm run icons`: renders resources/icon.svg into every icon the packages need (README, "The
// desktop app and packages"). The results are committed, so packaging never needs this step;
// run it again after changing the SVG.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import { ICNS_TYPES, ICO_SIZES, LINUX_SIZES, buildIcns, buildIco } from './icon-formats.mjs';

const resources = fileURLToPath(new URL('../resources/', import.meta.url));
const svg = readFileSync(join(resources, 'icon.svg'));

const sizes = [...new Set([...LINUX_SIZES, ...ICO_SIZES, ...ICNS_TYPES.map(([, size]) => size)])].sort((a, b) => a - b);
const pngs = new Map(sizes.map((size) => [size, new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng()]));

mkdirSync(join(resources, 'icons'), { recursive: true });
for (const size of LINUX_SIZES) writeFileSync(join(resources, 'icons', `${size}x${size}.png`), pngs.get(size));
// icon.png: the window icon on Linux (BrowserWindow `icon`) and electron-builder's fallback.
writeFileSync(join(resources, 'icon.png'), pngs.get(512));
writeFileSync(join(resources, 'icon.ico'), buildIco(pngs));
writeFileSync(join(resources, 'icon.icns'), buildIcns(pngs));
console.log(`Icons written to ${resources}: ${LINUX_SIZES.length} PNGs, icon.png, icon.ico, icon.icns.`);
