import type { Locator, Page } from '@playwright/test';
import { callHost, marketplaceRest } from '../support/web-host-ipc';
import { expect, test } from './fixtures';
import { openWorkspace } from './support/workspace';

// Issue 26: the map beside the list. The demo's orders are drawn at their sites (the marketplace
// places them offline), the list's search filters the map, a marker opens its order, and the map
// draws with no network.
test.use({ viewport: { width: 1440, height: 900 }, locale: 'en-US', timezoneId: 'America/Chicago' });

/** A published order at a demo site (seed/work-orders.ts). */
const ORDER = 10008;

interface Placed {
  location?: { city?: string; coordinates?: { latitude: number; longitude: number } | null };
}

/** Web Mercator written out again, apart from the app's own: world pixels of 256 · 2^zoom. */
function worldPixel(longitude: number, latitude: number, zoom: number): [number, number] {
  const size = 256 * 2 ** zoom;
  const sin = Math.sin((latitude * Math.PI) / 180);
  return [((longitude + 180) / 360) * size, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size];
}

async function openMap(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  const map = page.getByRole('application', { name: /^Map of work orders/ });
  await expect(map).toHaveAccessibleName(/: [1-9]\d* placed/);
  return map;
}

/** Where the app draws a place now, in page pixels, from the view it says it shows. */
async function pagePointOf(map: Locator, longitude: number, latitude: number): Promise<{ x: number; y: number }> {
  const view = JSON.parse((await map.getAttribute('data-view')) ?? '{}') as { x: number; y: number; zoom: number };
  const box = (await map.boundingBox()) as { x: number; y: number; width: number; height: number };
  const [x, y] = worldPixel(longitude, latitude, view.zoom);
  return { x: box.x + x - view.x + box.width / 2, y: box.y + y - view.y + box.height / 2 };
}

test('the demo orders at their sites: the search filters the map, a marker opens its order, and offline it still draws', async ({ page, webHost }, info) => {
  test.setTimeout(120_000);
  await openWorkspace(page, webHost.url);
  const placed = await marketplaceRest<Placed>(webHost, 'GET', `workorders/${ORDER}`);
  const coordinates = placed.location?.coordinates;
  expect(coordinates, `#${ORDER} has coordinates on the marketplace`).toBeTruthy();
  const map = await openMap(page);
  const all = Number(/: (\d+) placed/.exec((await map.getAttribute('aria-label')) ?? '')?.[1]);
  expect(all).toBeGreaterThan(10);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(map).toHaveAttribute('data-basemap', new RegExp(`^${scheme} `));
    await page.screenshot({ path: info.outputPath(`map-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // The list's search filters the map: one order, drawn alone where its coordinates say.
  await page.getByRole('searchbox', { name: 'Search work orders' }).fill(String(ORDER));
  await expect(map).toHaveAccessibleName(/: 1 placed, 1 drawn one by one/);
  const point = await pagePointOf(map, coordinates?.longitude ?? 0, coordinates?.latitude ?? 0);
  await page.mouse.click(point.x, point.y);
  await expect(page.getByRole('complementary', { name: `Work order ${ORDER}` })).toBeVisible();
  // The open order stays in view as its detail narrows the map, with its distance rings, said as well as drawn.
  const inView = async () => {
    const kept = await pagePointOf(map, coordinates?.longitude ?? 0, coordinates?.latitude ?? 0);
    const box = (await map.boundingBox()) as { x: number; y: number; width: number; height: number };
    return kept.x > box.x && kept.x < box.x + box.width && kept.y > box.y && kept.y < box.y + box.height;
  };
  await expect.poll(inView).toBe(true);
  await expect(map).toHaveAccessibleName(new RegExp(`Rings at [\\d, ]+ miles around #${ORDER}\\.`));
  await page.screenshot({ path: info.outputPath('map-order-open-light.png') });

  // Offline the map is read from the cache and drawn on the bundled basemap.
  await callHost(webHost, 'connectivity:set-offline', { offline: true });
  await page.getByRole('searchbox', { name: 'Search work orders' }).fill('');
  await expect(map).toHaveAccessibleName(new RegExp(`: ${all} placed`));
  const colours = await map.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
    const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? new Uint8ClampedArray();
    const seen = new Set<number>();
    for (let index = 0; index < pixels.length; index += 4 * 97) seen.add(((pixels[index] ?? 0) << 16) | ((pixels[index + 1] ?? 0) << 8) | (pixels[index + 2] ?? 0));
    return seen.size;
  });
  // Water, land, borders and the markers' colours: a drawn map, not an empty canvas.
  expect(colours).toBeGreaterThan(5);
  await callHost(webHost, 'connectivity:set-offline', { offline: false });
});

test('the map by keyboard: m shows it, arrows move it, plus zooms, 0 shows every order', async ({ page, webHost }) => {
  await openWorkspace(page, webHost.url);
  await page.keyboard.press('m');
  const map = page.getByRole('application', { name: /^Map of work orders/ });
  await expect(map).toHaveAccessibleName(/: [1-9]\d* placed/);
  await map.focus();
  const view = async () => JSON.parse((await map.getAttribute('data-view')) ?? '{}') as { x: number; y: number; zoom: number };
  const before = await view();
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await view()).x).toBeGreaterThan(before.x);
  await page.keyboard.press('+');
  await expect.poll(async () => (await view()).zoom).toBeCloseTo(before.zoom + 1, 5);
  await page.keyboard.press('0');
  await expect.poll(async () => (await view()).zoom).toBeCloseTo(before.zoom, 5);
  // Away from the map, m hides it again.
  await map.blur();
  await page.keyboard.press('m');
  await expect(map).toBeHidden();
});
