import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The rules every screen passes: WCAG 2.2 A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe's serious and critical findings on the page, or within a CSS selector, each as "rule: targets" so a failure says what to fix. */
export async function axeFindings(page: Page, within?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (within) builder = builder.include(within);
  const { violations } = await builder.analyze();
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
