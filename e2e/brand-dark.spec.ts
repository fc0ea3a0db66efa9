import { expect as baseExpect, type Page, test } from '@playwright/test';
import { clientMessages } from '../src/client/client.messages.ts';
import { adminMessages } from '../src/features/admin/admin.messages.ts';
import { homeMessages } from '../src/features/home/home.messages.ts';
import { messages } from '../src/shared/messages.ts';
import { expectAccessible } from './axe.ts';
import { realtimeConnected, SCREENS, type SeededTeam, seedLayoutTeam, startSignedIn } from './helpers.ts';

// The workspace's colours in both colour schemes (decision 070): an admin sets them,
// a member who works in dark mode sees them at once, without reloading — buttons in the brand
// colour with text that reads on it, accents in a shade of it that reads on dark grey — and axe
// finds no serious or critical WCAG 2 A/AA violation on home and a meeting page, in dark and in
// light, at a laptop's and a phone's size.

test.describe.configure({ timeout: 300_000 });
test.use({ actionTimeout: 30_000 });
// The machine these run on may be busy: a page's first load gets longer than the default.
const expect = baseExpect.configure({ timeout: 30_000 });

const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

const rgb = (hex: string) => {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgb(${value >> 16}, ${(value >> 8) & 255}, ${value & 255})`;
};

const primaryFilled = (page: Page) =>
  page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-filled').trim(),
  );

const colourOf = (page: Page, name: string) =>
  page
    .getByRole('navigation', { name: clientMessages.mainNavigation })
    .getByRole('link', { name })
    .evaluate((link) => getComputedStyle(link).color);

/** The admin's page saves `colour` as primary 1 in the General settings. */
const setPrimary = async (page: Page, colour: string) => {
  await page.goto('/settings/administration');
  await expect(page.getByRole('heading', { name: adminMessages.generalSettings })).toBeVisible();
  const primary1 = page.getByRole('textbox', { name: adminMessages.colourLabel('primaryColor1') });
  await primary1.fill(colour);
  await primary1.press('Escape');
  await page.getByRole('button', { name: messages.saveButton }).click();
  await expect(page.locator('[data-toast]').filter({ hasText: messages.settingsSaved }).last()).toBeVisible();
};

const scheme = (page: Page) => page.locator('html').getAttribute('data-mantine-color-scheme');
const toggleScheme = async (page: Page, to: 'light' | 'dark') => {
  if ((await scheme(page)) !== to) await page.getByRole('button', { name: clientMessages.toggleColorScheme }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', to);
};

/** The primary button of the home widgets dialog (Save) is drawn in `brand` with `text` on it. */
const expectBrandButton = async (page: Page, brand: string, text: string, scheme: string) => {
  await page.getByRole('button', { name: homeMessages.widgetsButton }).click();
  const dialog = page.getByRole('dialog', { name: homeMessages.widgetsTitle });
  const save = dialog.getByRole('button', { name: messages.widgetsSave });
  await expect(save).toBeVisible();
  await expect
    .poll(() => save.evaluate((button) => getComputedStyle(button).backgroundColor), { message: 'Save button colour' })
    .toBe(rgb(brand));
  expect(await save.evaluate((button) => getComputedStyle(button).color), 'Save button text').toBe(rgb(text));
  // The dialog's ticks are primary too: axe over it, then Escape.
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SCREENS}/brand-${brand.slice(1)}-${scheme}-widgets.png` });
  await expectAccessible(page, `the widgets dialog in ${scheme} with ${brand}`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
};

const dashboardOf = (meeting: SeededTeam['meeting']) =>
  `/meeting-dashboard/${meeting.id}/${meeting.title.split(' ').join('-')}`;

/** Home and the meeting dashboard at both sizes in the current scheme: screenshots, then axe. */
const checkPages = async (page: Page, seeded: SeededTeam, brand: string) => {
  const current = await scheme(page);
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    for (const [name, path] of [
      ['home', '/home'],
      ['meeting', dashboardOf(seeded.meeting)],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect.poll(() => primaryFilled(page)).toBe(brand);
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${SCREENS}/brand-${brand.slice(1)}-${current}-${name}-${size}.png` });
      await expectAccessible(page, `${name} in ${current} at ${size} with ${brand}`);
    }
  }
  await page.setViewportSize(SIZES.desktop);
};

const BRANDS = [
  // Yellow: black text on its buttons; as text it reads on dark grey as it is, on white only darker.
  { brand: '#fab005', text: '#000000', accentInDark: '#fab005' },
  // Navy: white text on its buttons; on dark grey (1.2:1) its accent is a lighter shade of it.
  { brand: '#1a1b3a', text: '#ffffff', accentInDark: null },
] as const;

for (const { brand, text, accentInDark } of BRANDS) {
  for (const inScheme of ['dark', 'light'] as const) {
    test(`a member in ${inScheme} mode sees the brand ${brand} at once, readable`, async ({
      page,
      browser,
      request,
    }) => {
      const seeded = await seedLayoutTeam(request, `brand-${brand.slice(1)}-${inScheme}`);
      await startSignedIn(page, seeded.owner.token);
      const mateContext = await browser.newContext({ viewport: SIZES.desktop });
      const mate = await mateContext.newPage();
      await startSignedIn(mate, seeded.mate.token);
      await mate.goto('/home');
      await expect(mate.getByRole('navigation', { name: clientMessages.mainNavigation })).toBeVisible();
      await realtimeConnected(mate);
      await toggleScheme(mate, inScheme);
      expect(await primaryFilled(mate)).not.toBe(brand);

      // The admin saves the colour; the member's open page follows, without a reload.
      await setPrimary(page, brand);
      await expect.poll(() => primaryFilled(mate)).toBe(brand);
      await expectBrandButton(mate, brand, text, inScheme);
      if (inScheme === 'dark') {
        // The active sidebar entry (a light variant) carries the accent: the brand where it reads
        // on dark grey, a lighter shade of it where it does not.
        const accent = await colourOf(mate, clientMessages.navDashboard);
        if (accentInDark) expect(accent).toBe(rgb(accentInDark));
        else expect(accent).not.toBe(rgb(brand));
      }
      await checkPages(mate, seeded, brand);
      await mateContext.close();
    });
  }
}
