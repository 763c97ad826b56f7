import { crc32, deflateSync } from 'node:zlib';

// Real PNG photos for the demo's deliverables, drawn in code so the seed needs no binary files and
// gives the same bytes every time: a sky-to-floor gradient, an equipment cabinet with status lights
// and a cable run, coloured and placed by the photo's number. No text: nothing to translate.

const WIDTH = 192;
const HEIGHT = 144;

type Rgb = readonly [number, number, number];

/** A small deterministic generator (mulberry32): the same number, the same photo. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const PALETTE: readonly Rgb[] = [
  [52, 101, 164],
  [78, 154, 6],
  [196, 160, 0],
  [117, 80, 123],
  [204, 0, 0],
  [6, 152, 154],
  [206, 92, 0],
];

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** Encodes 8-bit RGB pixels (row after row) as a PNG file. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, adaptive filters, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    // Filter 0 (none) on every row: simple, and the gradients still deflate to a few KB.
    rows[y * (width * 3 + 1)] = 0;
    rows.set(rgb.subarray(y * width * 3, (y + 1) * width * 3), y * (width * 3 + 1) + 1);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

const drawn = new Map<number, Buffer>();

/**
 * Photo number `n` of the demo: a different scene for every number. Kept once drawn: the tests
 * seed a fresh marketplace many times per process, and the same number is the same bytes.
 */
export function demoPhoto(n: number): Buffer {
  let photo = drawn.get(n);
  if (!photo) {
    photo = drawPhoto(n);
    drawn.set(n, photo);
  }
  return photo;
}

function drawPhoto(n: number): Buffer {
  const next = random(0x5eed + n * 7919);
  const accent = PALETTE[n % PALETTE.length] as Rgb;
  const sky = mix([210, 220, 232], accent, 0.25);
  const floor = mix([90, 88, 84], accent, 0.15);
  const horizon = Math.round(HEIGHT * (0.55 + next() * 0.15));
  const pixels = new Uint8Array(WIDTH * HEIGHT * 3);
  const paint = (x: number, y: number, colour: Rgb) => {
    if (x < 0 || y < 0 || x >= WIDTH || y >= HEIGHT) return;
    const at = (y * WIDTH + x) * 3;
    pixels[at] = colour[0];
    pixels[at + 1] = colour[1];
    pixels[at + 2] = colour[2];
  };
  for (let y = 0; y < HEIGHT; y++) {
    const colour = y < horizon ? mix(sky, [250, 250, 250], y / horizon / 2) : mix(floor, [40, 40, 40], (y - horizon) / (HEIGHT - horizon));
    for (let x = 0; x < WIDTH; x++) paint(x, y, colour);
  }
  // The cabinet, its door panel and a row of status lights.
  const cabinetWidth = 40 + Math.floor(next() * 40);
  const left = Math.floor(next() * (WIDTH - cabinetWidth - 8)) + 4;
  const top = 16 + Math.floor(next() * 24);
  const bottom = horizon + 10;
  for (let y = top; y < bottom; y++) for (let x = left; x < left + cabinetWidth; x++) paint(x, y, mix([60, 64, 70], accent, 0.2 + (x - left) / cabinetWidth / 4));
  for (let y = top + 6; y < bottom - 6; y += 9) for (let x = left + 5; x < left + cabinetWidth - 5; x++) paint(x, y, [30, 30, 34]);
  const lights = 2 + Math.floor(next() * 4);
  for (let light = 0; light < lights; light++) {
    const cx = left + 8 + light * 7;
    const colour: Rgb = next() < 0.75 ? [60, 220, 90] : [240, 170, 30];
    for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) if (dx * dx + dy * dy <= 4) paint(cx + dx, top + 4 + dy, colour);
  }
  // A cable run from the cabinet along the floor, in the accent colour.
  let y = bottom - 2;
  for (let x = left + cabinetWidth; x < WIDTH; x++) {
    if (next() < 0.2) y = Math.min(HEIGHT - 3, Math.max(horizon + 2, y + (next() < 0.5 ? -1 : 1)));
    for (let thickness = 0; thickness < 3; thickness++) paint(x, y + thickness, accent);
  }
  // A round detail (a camera, a ceiling light) somewhere in the sky.
  const radius = 6 + Math.floor(next() * 8);
  const cx = Math.floor(next() * WIDTH);
  const cy = Math.floor(next() * (horizon - radius));
  for (let dy = -radius; dy <= radius; dy++) for (let dx = -radius; dx <= radius; dx++) if (dx * dx + dy * dy <= radius * radius) paint(cx + dx, cy + dy, mix(accent, [255, 255, 255], 0.35));
  return encodePng(WIDTH, HEIGHT, pixels);
}
