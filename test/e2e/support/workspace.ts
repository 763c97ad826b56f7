import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The steps most specs start with, found by role and name as a coordinator finds them: the app
 * opened on its first pull, an order opened from the list.
 */

/** Opens the app and waits for the first pull to list the demo orders. */
export async function openWorkspace(page: Page, url: string): Promise<Locator> {
  await page.goto(url);
  const grid = page.getByRole('grid', { name: /^Work orders:/ });
  await expect(grid.getByRole('row').filter({ hasText: 'POS terminal install' }).first()).toBeVisible({ timeout: 45_000 });
  return grid;
}

/** Finds an order by its id in the search box and opens it; waits for the refresh to land unless told not to. */
export async function openOrder(page: Page, id: number, { refreshed = true } = {}): Promise<Locator> {
  const grid = page.getByRole('grid', { name: /^Work orders:/ });
  await page.getByRole('searchbox', { name: 'Search work orders' }).fill(String(id));
  await grid.getByRole('row').filter({ hasText: String(id) }).getByText(String(id), { exact: true }).click();
  const panel = page.getByRole('complementary', { name: `Work order ${id}` });
  await expect(panel).toBeVisible();
  if (refreshed) await expect(panel.getByRole('status').filter({ hasText: /^Updated \d{1,2}:\d{2}/ })).toBeVisible({ timeout: 30_000 });
  return panel;
}

/** How far the document itself has scrolled, and how much taller than the window it is: both 0 in a fixed frame. */
export async function documentScroll(page: Page): Promise<{ top: number; overflow: number }> {
  return page.evaluate(() => {
    const root = document.scrollingElement as HTMLElement;
    return { top: root.scrollTop, overflow: root.scrollHeight - window.innerHeight };
  });
}
