import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe with the WCAG 2 A and AA rules (contrast included): no serious or critical violation. A
 * failure names each rule with up to six of its elements and what axe says is wrong with them.
 */
export const expectAccessible = async (page: Page, what: string) => {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
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
