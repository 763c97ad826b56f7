import AxeBuilder from '@axe-core/playwright';
import { WCAG_TAGS } from './support/axe';
import Database from 'better-sqlite3';
import { cacheFilePath } from '../../src-main/environments/environment-manager';
import { PREPARED_ENVIRONMENT, prepareLargeCache } from '../support/large-cache';
import { expect, startWebHostProcess, test } from './fixtures';

// The first opening after an update whose migration rebuilds the search index of every cached order
// (migration 0028: 30 s at a million): the window says why its screens wait and how far it is, then
// the list shows. The cache is one of the release before (version 27), written before the host starts.
// Enough for the rebuild to last some seconds (about 6 here), so the banner is seen at work.
const ORDERS = 200_000;

test.use({ colorScheme: 'light', viewport: { width: 1440, height: 900 } });
test.setTimeout(90_000);

test('a cache from before the update: a progress banner while its search index is rebuilt, then the list', async ({ page }) => {
  const host = await startWebHostProcess({
    prepare: (dataDir) => {
      prepareLargeCache(dataDir, ORDERS);
      // Back to version 27: 0028 rebuilds the search index, 0029 and 0030 add the triage changes and the filter changes.
      const db = new Database(cacheFilePath(dataDir, PREPARED_ENVIRONMENT));
      for (const table of ['triage_changes', 'filter_changes']) {
        for (const name of db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE ?").pluck().all(`${table}%`) as string[]) db.exec(`DROP TRIGGER "${name}"`);
        db.exec(`DROP TABLE ${table}`);
      }
      db.pragma('user_version = 27');
      db.close();
    },
  });
  try {
    await page.goto(host.url);
    const banner = page.getByRole('status').filter({ hasText: 'Updating the offline cache after the update' });
    await expect(banner).toBeVisible({ timeout: 20_000 });
    await expect(banner).toContainText(/Rebuilding the search index: [\d,]+ of 200,000 orders\./);
    await expect(page.getByRole('progressbar', { name: 'Rebuilding the search index' })).toHaveAttribute('aria-valuemax', String(ORDERS));
    // No count in the lists while the cache has not answered: 0 would read as an empty cache.
    await expect(page.getByRole('navigation', { name: 'Work order views' }).getByRole('button', { name: 'All', exact: true })).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).include('main').withTags(WCAG_TAGS).analyze();
    expect(violations.map((violation) => violation.id)).toEqual([]);

    await expect(banner).toBeHidden({ timeout: 60_000 });
    await expect(page.getByRole('grid', { name: 'Work orders: All' })).toHaveAttribute('aria-rowcount', String(ORDERS + 1), { timeout: 20_000 });
    // The rebuilt index answers a search.
    await page.getByRole('searchbox', { name: 'Search work orders' }).fill('kiosk Denver');
    await expect(page.getByRole('grid', { name: 'Work orders: All' })).not.toHaveAttribute('aria-rowcount', String(ORDERS + 1));
    await expect(page.getByRole('grid', { name: 'Work orders: All' }).getByRole('rowgroup').getByRole('row').first()).toContainText(/kiosk/i);
  } finally {
    await host.stop();
  }
});
