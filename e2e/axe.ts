import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.0 A and AA, the default; WCAG 2.1 A and AA on top for the pages checked against both. */
export const WCAG2_AA = ['wcag2a', 'wcag2aa'];
export const WCAG21_AA = [...WCAG2_AA, 'wcag21a', 'wcag21aa'];

/**
 * axe with the WCAG 2 A and AA rules (contrast included): no serious or critical violation. A
 * failure names each rule with up to six of its elements and what axe says is wrong with them.
 */
export const expectAccessible = async (page: Page, what: string, tags: string[] = WCAG2_AA) => {
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .slice(0, 6)
          .map((node) => `${node.target.join(' ')} ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
          .join(' | ')}`,
    );
  expect(serious, `axe on ${what}`).toEqual([]);
};
