import { expect, test } from './fixtures';
import { SCREENS } from '../../src-renderer/screens';

// Every screen in light and dark, saved as test artifacts (test-results/) to be looked at. Each
// visit also checks the screen shows its own content (no placeholder), found by its heading.

test('every screen, light and dark: no placeholders, saved as screenshots', async ({ page, webHost }, testInfo) => {
  test.slow();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(webHost.url);
  await expect(page.getByRole('status', { name: 'Last sync' })).toHaveText(/^Synced /, { timeout: 45_000 });
  const navigation = page.getByRole('navigation', { name: 'Main' });
  // The demo's Work Done orders hold photos waiting for review: the sidebar counts them, and `g e` goes there.
  await expect(navigation.getByRole('link', { name: /^Deliverables \d+ waiting for review$/ })).toBeVisible();
  await page.keyboard.press('g');
  await page.keyboard.press('e');
  await expect(navigation.getByRole('link', { name: /^Deliverables/ })).toHaveAttribute('aria-current', 'page');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    for (const screen of SCREENS) {
      await navigation.getByRole('link', { name: new RegExp(`^${screen.label}`) }).click();
      await expect(navigation.getByRole('link', { name: new RegExp(`^${screen.label}`) })).toHaveAttribute('aria-current', 'page');
      // A placeholder screen lists what is coming; a finished one never does.
      await expect(page.getByText('Arriving in an upcoming version')).toHaveCount(0);
      await page.screenshot({ path: testInfo.outputPath(`${screen.id}-${scheme}.png`) });
    }
  }
});
