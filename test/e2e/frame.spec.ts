import { documentScroll, openOrder, openWorkspace } from './support/workspace';
import { expect, test } from './fixtures';

// Issue 24, items 1, 2 and 5: the frame never moves (only its panes scroll), the list stays
// readable beside an open order, and the palette takes typing at once.
test.use({ colorScheme: 'light', viewport: { width: 1440, height: 900 } });
test.describe.configure({ timeout: 90_000 });

/** Assigned, with a long thread and many sections (seed: simulation/demo-seed.ts). */
const LONG_ORDER = 10019;
/** Work done, its title long and its deliverables waiting: a badge beside a long title. */
const WITH_BADGE = 10030;

test('the frame never moves: the wheel over the sidebar, the list or a closed dialog’s place scrolls only a pane', async ({ page, webHost }) => {
  await openWorkspace(page, webHost.url);
  const panel = await openOrder(page, LONG_ORDER);
  expect(await documentScroll(page)).toEqual({ top: 0, overflow: 0 });

  await page.getByRole('navigation', { name: 'Main' }).hover();
  await page.mouse.wheel(0, 2_000);
  await panel.hover();
  await page.mouse.wheel(0, 2_000);
  expect(await documentScroll(page)).toEqual({ top: 0, overflow: 0 });
  // The header, navigation and search are where they were.
  await expect(page.getByRole('searchbox', { name: 'Search work orders' })).toBeInViewport();
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();

  // The job form opened and closed leaves the frame as it was.
  await page.keyboard.press('Escape');
  await page.keyboard.press('c');
  const form = page.getByRole('dialog', { name: /New job/ });
  await expect(form).toBeVisible();
  await form.hover();
  await page.mouse.wheel(0, 3_000);
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await page.mouse.wheel(0, 3_000);
  expect(await documentScroll(page)).toEqual({ top: 0, overflow: 0 });
});

test('beside an open order the list keeps its titles and badges whole, at 1440 and at 1280, its toolbar on one line', async ({ page, webHost }) => {
  await openWorkspace(page, webHost.url);
  for (const width of [1440, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.getByRole('searchbox', { name: 'Search work orders' }).fill('');
    await openOrder(page, WITH_BADGE, { refreshed: false });
    await page.getByRole('searchbox', { name: 'Search work orders' }).fill('');
    const row = page.getByRole('grid', { name: /^Work orders:/ }).getByRole('row').filter({ hasText: String(WITH_BADGE) });
    const title = row.getByTestId('row-title');
    const badge = row.getByText('Deliverables waiting');
    // Neither the title nor its badge is cut: each shows all its text.
    for (const text of [title, badge]) {
      const cut = await text.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
      expect(cut, `${width}: ${await text.textContent()}`).toBe(false);
    }
    // The toolbar is one line: every control in it shares a top within a few pixels.
    const tops = await page.getByRole('toolbar', { name: 'Work order list tools' }).evaluate((toolbar) =>
      [...toolbar.querySelectorAll('input, select, button')].filter((element) => (element as HTMLElement).offsetParent !== null).map((element) => element.getBoundingClientRect().top),
    );
    expect(Math.max(...tops) - Math.min(...tops), `${width}: toolbar rows`).toBeLessThan(12);
    expect(await documentScroll(page)).toEqual({ top: 0, overflow: 0 });
  }
});

test('Ctrl+K opens the palette with its input focused: what is typed at once is kept', async ({ page, webHost }) => {
  await openWorkspace(page, webHost.url);
  await page.keyboard.press('Control+k');
  await page.keyboard.type('deliv', { delay: 0 });
  const input = page.getByRole('combobox', { name: /command|search/i });
  await expect(input).toBeFocused();
  await expect(input).toHaveValue('deliv');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Deliverables' })).toBeVisible();
});

test('screenshots of the list beside an open order at 1440 and 1280, light and dark', async ({ page, webHost }, testInfo) => {
  await openWorkspace(page, webHost.url);
  await openOrder(page, WITH_BADGE);
  await page.getByRole('searchbox', { name: 'Search work orders' }).fill('');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    for (const width of [1440, 1280]) {
      await page.setViewportSize({ width, height: width === 1440 ? 900 : 800 });
      await page.screenshot({ path: testInfo.outputPath(`list-open-${width}-${scheme}.png`) });
    }
  }
});
