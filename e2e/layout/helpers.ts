import { test as base, expect as baseExpect, type Locator, type Page } from '@playwright/test';
import { messages } from '../../src/shared/messages.ts';
import { expectAccessible } from '../axe.ts';
import { SCREENS } from '../helpers.ts';

// The layout checks (e2e/layout/*.spec.ts): every main page at a laptop's 1280×800 and a phone's
// 390×844 (decision 026): nothing scrolls sideways, the key buttons are whole on screen, axe finds
// no serious or critical WCAG 2 A/AA violation, every popover and dialog it opens closes with
// Escape, and no console error. Each spec file runs its tests at both sizes (`eachSize`) and sets
// its own `test.describe.configure` and `test.use` (file-level settings do not carry over from a
// shared module).

export const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
export type Size = keyof typeof SIZES;

// The machine these run on is shared: a first page load can take a while.
export const expect = baseExpect.configure({ timeout: 30_000 });

/** Fails the test on any console error or uncaught exception of the page. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

/** The tests `define` makes, once at each size: `at 1280×800` and `at 390×844`, each at its viewport. */
export const eachSize = (define: (size: Size) => void) => {
  for (const size of Object.keys(SIZES) as Size[]) {
    test.describe(`at ${SIZES[size].width}×${SIZES[size].height}`, () => {
      test.use({ viewport: SIZES[size] });
      define(size);
    });
  }
};

/** The box of `locator` lies whole inside the viewport (nothing of it clipped). */
export const expectWhole = async (page: Page, locator: Locator, what: string) => {
  // No scrolling first: a dialog's buttons must show without scrolling its body.
  await expect(locator, what).toBeVisible();
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  expect(box, what).not.toBeNull();
  if (!box || !viewport) return;
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${what}: bottom edge`).toBeLessThanOrEqual(viewport.height + 0.5);
};

export const expectNoSidewaysScroll = async (page: Page, what: string) => {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${what} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
};

/** Screenshot first (to look at even when a check fails), then the layout and axe checks. */
export const checkPage = async (
  page: Page,
  name: string,
  size: Size,
  whole: Locator[] = [],
  tags: string[] | undefined = undefined,
) => {
  // Let transitions (dialogs, drawers: 200 ms) settle.
  await page.waitForTimeout(350);
  await page.screenshot({ path: `${SCREENS}/layout-${name}-${size}.png` });
  await expectNoSidewaysScroll(page, name);
  for (const [index, locator] of whole.entries()) await expectWhole(page, locator, `${name}: key element ${index}`);
  await expectAccessible(page, `${name} at ${size}`, tags);
};

/** Presses Escape and expects `popup` gone. */
export const escapeCloses = async (page: Page, popup: Locator, what: string) => {
  await page.keyboard.press('Escape');
  await expect(popup, `${what} closes with Escape`).toBeHidden();
};

/** A dialog's close button has a name, and Escape closes the dialog. */
export const checkDialog = async (page: Page, dialog: Locator, what: string) => {
  await expect(dialog.getByRole('button', { name: messages.closeButton, exact: true }).first()).toBeVisible();
  await escapeCloses(page, dialog, what);
};

/** The address of a meeting's dashboard. */
export const dashboardOf = (meeting: { id: string; title: string }) =>
  `/meeting-dashboard/${meeting.id}/${meeting.title.split(' ').join('-')}`;
