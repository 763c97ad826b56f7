import type { Page } from '@playwright/test';
import { until } from '../support/until';
import { callHost, explainedByOutbox, marketplaceRest } from '../support/web-host-ipc';
import type { WebHostProcess } from '../support/web-host-process';
import { expect, test } from './fixtures';

// Talent pools (issue 17, item 4): groups and pools with counts, a pool's providers with their
// profile and this company's history, attributes edited inline through the outbox (pending, then
// on the marketplace), and a job routed to a pool member from here.
test.use({ colorScheme: 'light', viewport: { width: 1440, height: 900 } });
test.describe.configure({ timeout: 90_000 });

interface MarketAttribute {
  id: string;
  name: string;
  value?: string | null;
}
interface Member {
  provider: { id: number; first_name?: string | null; last_name?: string | null };
}

async function openTalentPools(page: Page, host: WebHostProcess) {
  await page.goto(host.url);
  await expect(page.getByRole('group', { name: 'Sync and connection' }).getByRole('status', { name: 'Last sync' })).toHaveText(/^Synced/, { timeout: 45_000 });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Talent pools' }).click();
  return page.getByRole('navigation', { name: 'Talent pools' });
}

/** The member's name as the screen shows it, from the cache the screen reads. */
async function nameOf(host: WebHostProcess, poolId: number, providerId: number): Promise<string> {
  const members = await callHost<Member[]>(host, 'talent-pools:providers', { poolId });
  const provider = members.find((member) => member.provider.id === providerId)?.provider;
  if (!provider) throw new Error(`provider ${providerId} is not in pool ${poolId}`);
  return [provider.first_name, provider.last_name].filter(Boolean).join(' ') || `Provider ${providerId}`;
}

const attributesOnMarketplace = (host: WebHostProcess, poolId: number, providerId: number, done: (found: MarketAttribute[]) => boolean, what: string) =>
  explainedByOutbox(
    host,
    until(
      async () => {
        const answer = await marketplaceRest<MarketAttribute[] | { results: MarketAttribute[] }>(host, 'GET', `talent-pools/${poolId}/providers/${providerId}/attributes`);
        return Array.isArray(answer) ? answer : answer.results;
      },
      done,
      what,
      30_000,
      100,
    ),
  );

test('a pool member’s attribute is changed inline by keyboard, shown pending while offline, then found on the marketplace', async ({ page, webHost }) => {
  const pools = await openTalentPools(page, webHost);
  // Groups with their pools and counts; the first pool opens by itself.
  await expect(pools.getByRole('heading', { name: 'Chicagoland Preferred' })).toBeVisible();
  await expect(pools.getByRole('heading', { name: 'Sun Belt Partners' })).toBeVisible();
  await expect(pools.getByRole('button', { name: /^Network and Cabling\s+4 providers$/ })).toHaveAttribute('aria-current', 'true');
  // Arrow keys move between pools and open them.
  await pools.getByRole('button', { name: /^Network and Cabling\s+4 providers$/ }).focus();
  await page.keyboard.press('ArrowDown');
  const pos = pools.getByRole('button', { name: /^POS Specialists\s+3 providers$/ });
  await expect(pos).toBeFocused();
  await expect(pos).toHaveAttribute('aria-current', 'true');

  const members = page.getByRole('list', { name: 'Providers in POS Specialists' });
  await expect(members.getByRole('article')).toHaveCount(3);
  const name = await nameOf(webHost, 811, 3002);
  const card = members.getByRole('article', { name });
  await expect(card).toContainText('With you:');
  const attributes = card.getByRole('table', { name: `Attributes of ${name}` });
  const badge = attributes.getByRole('row', { name: /Badge number/ });
  await expect(badge).toContainText('NW-4471');

  // Offline, so the change stays pending long enough to be seen.
  const offline = page.getByRole('group', { name: 'Sync and connection' }).getByRole('switch', { name: 'Work offline' });
  await offline.check();

  // Keyboard only: the Change button, Enter, type, Enter.
  await attributes.getByRole('button', { name: 'Change Badge number' }).focus();
  await page.keyboard.press('Enter');
  const value = attributes.getByRole('textbox', { name: 'Value of Badge number' });
  await expect(value).toBeFocused();
  await page.keyboard.type('NW-5120');
  await page.keyboard.press('Enter');
  await expect(badge).toContainText('NW-5120');
  await expect(badge).toContainText('Pending');
  await expect(badge).toContainText('was NW-4471');
  await expect(attributes.getByRole('button', { name: 'Change Badge number' })).toBeFocused();

  // A new attribute is checked by the shared schema: a name is required, and names are unique.
  await card.getByRole('button', { name: `Add an attribute for ${name}` }).click();
  const form = card.getByRole('form', { name: `New attribute for ${name}` });
  await form.getByRole('textbox', { name: 'Value' }).fill('Nights only');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Required');
  await form.getByRole('textbox', { name: 'Name' }).fill('Badge number');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Attribute names must be unique');
  await form.getByRole('textbox', { name: 'Name' }).fill('Availability');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(form).toBeHidden();
  await expect(attributes.getByRole('row', { name: /Availability/ })).toContainText('Pending');

  await page.screenshot({ path: test.info().outputPath('talent-pools-pending-light.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.screenshot({ path: test.info().outputPath('talent-pools-pending-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });

  // Back online: the outbox sends both, the marketplace has them, and the screen keeps the values.
  await offline.uncheck();
  await attributesOnMarketplace(
    webHost,
    811,
    3002,
    (found) => found.some((attribute) => attribute.name === 'Badge number' && attribute.value === 'NW-5120') && found.some((attribute) => attribute.name === 'Availability' && attribute.value === 'Nights only'),
    'the changed and the new attribute on the marketplace',
  );
  await expect(badge).not.toContainText('Pending', { timeout: 20_000 });
  await expect(badge).toContainText('NW-5120');
  await expect(attributes.getByRole('row', { name: /Availability/ })).not.toContainText('Pending');
});

test('an attribute is removed through the outbox, and a job is routed to a pool member from here', async ({ page, webHost }) => {
  test.setTimeout(150_000);
  const pools = await openTalentPools(page, webHost);
  await pools.getByRole('button', { name: /^POS Specialists/ }).click();
  const members = page.getByRole('list', { name: 'Providers in POS Specialists' });
  const name = await nameOf(webHost, 811, 3001);
  const card = members.getByRole('article', { name });
  const attributes = card.getByRole('table', { name: `Attributes of ${name}` });
  await attributes.getByRole('button', { name: 'Remove Preferred region' }).click();
  await attributesOnMarketplace(webHost, 811, 3001, (found) => !found.some((attribute) => attribute.name === 'Preferred region'), 'the attribute removed on the marketplace');
  await expect(attributes.getByRole('row', { name: /Preferred region/ })).toHaveCount(0);
  await expect(attributes.getByRole('row', { name: /Certified POS brands/ })).toBeVisible();

  // Route a job: a picker of the cached orders a route can start from.
  await card.getByRole('button', { name: `Route a job to ${name}` }).click();
  const picker = page.getByRole('dialog', { name: `Route a job to ${name}` });
  await expect(picker.getByRole('radio').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('talent-pools-route-light.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: test.info().outputPath('talent-pools-route-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });
  // Nothing chosen: the picker says so instead of routing.
  await picker.getByRole('button', { name: 'Route', exact: true }).click();
  await expect(picker.getByRole('alert')).toHaveText('Choose a work order.');
  const first = picker.getByRole('radio').first();
  const orderId = Number(await first.getAttribute('value'));
  await first.check();
  await picker.getByRole('button', { name: 'Route', exact: true }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByRole('region', { name: 'Notifications', exact: true })).toContainText(`Routed #${orderId}`);
  await until(
    () => marketplaceRest<{ routes?: { results?: { technician?: { id?: number } }[] } }>(webHost, 'GET', `workorders/${orderId}`),
    (order) => (order.routes?.results ?? []).some((route) => route.technician?.id === 3001),
    `#${orderId} routed to 3001 on the marketplace`,
    // The undo window (10 s) passes first. Under a full run's load the route has twice stayed queued
    // past 55 s while it sends within seconds alone (not explained yet: see the stop notes), so the
    // wait is long; what this test checks is that it lands, not how fast.
    100_000,
    100,
  );
});
