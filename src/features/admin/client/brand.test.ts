import { DEFAULT_THEME, luminance, toRgba } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrast } from '../../../client/theme.ts';
import { adminMessages } from '../admin.messages.ts';
import type { ColourKey, GeneralSettings } from '../admin.schemas.ts';
import { brandCss, brandPalette, contrastWarnings, type Scheme, textOn } from './brand.ts';

// decision 044: the form warns when a colour fails WCAG AA (4.5:1) for the text it carries.

type Colours = Pick<GeneralSettings, ColourKey>;
const none: Colours = {
  primaryColor1: null,
  primaryColor2: null,
  primaryColor3: null,
  primaryColor4: null,
  secondaryColor1: null,
  secondaryColor2: null,
  secondaryColor3: null,
  secondaryColor4: null,
};
const warningsFor = (chosen: Partial<Colours>) => contrastWarnings({ ...none, ...chosen });

describe('contrastWarnings', () => {
  it('has nothing to say about the default colours', () => {
    expect(warningsFor({})).toEqual({});
  });

  it('warns when primary 1, as link text on white, fails AA, and not when it passes', () => {
    // #fab005 on white is 1.89:1 (shown rounded down); #0b7285 is 5.6:1.
    expect(warningsFor({ primaryColor1: '#fab005' })).toEqual({ primaryColor1: adminMessages.contrastWarning('1.8') });
    expect(warningsFor({ primaryColor1: '#0b7285' })).toEqual({});
  });

  it('draws the line at 4.5:1, never rounding a failing ratio up to it', () => {
    // #767676 on white is 4.54:1 (passes); #777777 is 4.48:1 (fails).
    expect(warningsFor({ primaryColor1: '#767676' })).toEqual({});
    expect(warningsFor({ primaryColor1: '#777777' })).toEqual({ primaryColor1: adminMessages.contrastWarning('4.4') });
  });

  it('checks the light backgrounds under primary-1 text, and the sidebar under its dark text', () => {
    // Under the default primary (indigo 8): #dbe4ff is 4.47:1, #e7f5ff 5.1:1.
    expect(warningsFor({ primaryColor3: '#dbe4ff', primaryColor4: '#e7f5ff' })).toEqual({
      primaryColor3: adminMessages.contrastWarning('4.4'),
    });
    // Under a darker chosen primary 1 instead, #1864ab text on #dbe4ff reads (4.8:1).
    expect(warningsFor({ primaryColor1: '#1864ab', primaryColor3: '#dbe4ff' })).toEqual({});
    expect(warningsFor({ secondaryColor3: '#495057' })).toEqual({
      secondaryColor3: adminMessages.contrastWarning('2.5'),
    });
    expect(warningsFor({ secondaryColor3: '#f1f3f5' })).toEqual({});
  });

  it('needs no warning where the text follows the colour (top bar) or there is none (borders)', () => {
    // The top bar's text is black or white, whichever reads better: mid grey takes black (4.7:1).
    expect(textOn('#777777')).toBe('#000000');
    expect(textOn('#0b7285')).toBe('#ffffff');
    expect(warningsFor({ secondaryColor1: '#777777', secondaryColor2: '#fff', secondaryColor4: '#fff' })).toEqual({});
  });

  it('checks primary 2 under the buttons’ text, which is the one that reads on primary 1', () => {
    // Teal takes white text: a darker hover keeps it readable, a cream one does not (1.1:1).
    expect(warningsFor({ primaryColor1: '#0b7285', primaryColor2: '#0a6778' })).toEqual({});
    expect(warningsFor({ primaryColor1: '#0b7285', primaryColor2: '#fff3bf' })).toEqual({
      primaryColor2: adminMessages.contrastWarning('1.1'),
    });
    // Yellow takes black text, so a lighter hover reads; without primary 1 the text is the default white.
    expect(warningsFor({ primaryColor1: '#fab005', primaryColor2: '#ffd43b' })).not.toHaveProperty('primaryColor2');
    expect(warningsFor({ primaryColor2: '#ffd43b' })).toHaveProperty('primaryColor2');
    expect(warningsFor({ primaryColor2: '#4c4c4c' })).toEqual({});
  });
});

describe('brandCss', () => {
  it('is empty for the defaults and sets the light scheme’s variables for chosen colours', () => {
    expect(brandCss(none)).toBe('');
    const css = brandCss({ ...none, primaryColor1: '#0b7285', secondaryColor1: '#e3fafc' });
    expect(css).toContain("[data-mantine-color-scheme='light']");
    // Filled primary buttons, badges and icons draw their text in this variable (theme.ts).
    expect(css).toContain('--mantine-color-indigo-text: #0b7285;');
    expect(css).toContain('--mantine-color-indigo-outline: #0b7285;');
    expect(css).toContain('--mantine-primary-color-filled: #0b7285;');
    // Light buttons and badges without a colour read the primary palette's own variables.
    expect(css).toContain('--mantine-color-indigo-filled: #0b7285;');
    expect(css).toContain('--mantine-color-indigo-light-color: #0b7285;');
    expect(css).toMatch(/--mantine-color-indigo-light: rgba\(11, 114, 133, 0\.1\);/);
    expect(css).toContain('--mantine-primary-color-contrast: #ffffff;');
    expect(css).toContain('--cadence-topbar-bg: #e3fafc;');
    expect(css).toContain('--cadence-topbar-color: #000000;');
  });
});

// decision 070: the brand in both colour schemes, from one rule (brandPalette).

/** What each scheme draws text on (Mantine's): the page and a card or input. */
const SURFACES: Record<Scheme, string[]> = {
  light: ['#ffffff', DEFAULT_THEME.colors.gray[0]],
  dark: [DEFAULT_THEME.colors.dark[7], DEFAULT_THEME.colors.dark[6]],
};
/** A translucent `colour` as a screen draws it over `surface`. */
const over = (colour: string, surface: string) => {
  const top = toRgba(colour);
  const under = toRgba(surface);
  const mix = (a: number, b: number) => Math.round(a * top.a + b * (1 - top.a));
  return `rgb(${mix(top.r, under.r)}, ${mix(top.g, under.g)}, ${mix(top.b, under.b)})`;
};
/** The HSL hue of `colour`, in degrees. */
const hue = (colour: string) => {
  const { r, g, b } = toRgba(colour);
  const max = Math.max(r, g, b);
  const chroma = max - Math.min(r, g, b);
  const sector = max === r ? ((g - b) / chroma + 6) % 6 : max === g ? (b - r) / chroma + 2 : (r - g) / chroma + 4;
  return sector * 60;
};
const BRANDS = {
  'very dark (navy)': '#1a1b3a',
  'very light (cream)': '#fff3bf',
  'mid (yellow)': '#fab005',
  'mid (blue)': '#1971c2',
  'mid (grey, at the black/white edge)': '#777777',
  'mid (teal)': '#0b7285',
} as const;

describe('brandPalette', () => {
  for (const scheme of ['light', 'dark'] as const) {
    for (const [name, brand] of Object.entries(BRANDS)) {
      it(`${scheme} scheme, ${name} ${brand}: buttons in the brand, every text on it and beside it at 4.5:1`, () => {
        const palette = brandPalette({ ...none, primaryColor1: brand }, scheme);
        // Buttons and active marks are the brand colour itself, in both schemes.
        expect(palette.filled).toBe(brand);
        // Their text is black or white and reads on the colour and on its hover.
        expect(['#000000', '#ffffff']).toContain(palette.contrast);
        const text = palette.contrast as string;
        expect(contrast(text, brand)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(text, palette.filledHover as string)).toBeGreaterThanOrEqual(4.5);
        // Links and light variants' text read on the page, on cards, and on the light backgrounds.
        const accent = palette.accent as string;
        for (const surface of SURFACES[scheme]) {
          expect(contrast(accent, surface), `on ${surface}`).toBeGreaterThanOrEqual(4.5);
          if (scheme === 'dark' || surface === '#ffffff')
            for (const tint of [palette.light, palette.lightHover] as string[])
              expect(contrast(accent, over(tint, surface)), `on ${tint} over ${surface}`).toBeGreaterThanOrEqual(4.5);
        }
      });
    }
  }

  it('keeps a brand colour that reads as it is, and otherwise moves it toward the scheme’s text', () => {
    const accent = (brand: string, scheme: Scheme) => brandPalette({ ...none, primaryColor1: brand }, scheme).accent;
    // Teal reads on white; yellow reads on dark grey: unchanged.
    expect(accent('#0b7285', 'light')).toBe('#0b7285');
    expect(accent('#fab005', 'dark')).toBe('#fab005');
    // Navy is lost on dark grey (1.2:1): a lighter shade of it; yellow on white (1.9:1): a darker one.
    expect(contrast('#1a1b3a', SURFACES.dark[0] as string)).toBeLessThan(1.5);
    const lighter = accent('#1a1b3a', 'dark') as string;
    expect(luminance(lighter)).toBeGreaterThan(luminance('#1a1b3a'));
    const darker = accent('#fab005', 'light') as string;
    expect(luminance(darker)).toBeLessThan(luminance('#fab005'));
    // Shades of the brand, not other colours: the same hue (within rounding).
    expect(Math.abs(hue(darker) - hue('#fab005'))).toBeLessThan(2);
    expect(Math.abs(hue(lighter) - hue('#1a1b3a'))).toBeLessThan(2);
  });

  it('gives a light brand black text and a dark one white, and hovers away from the text', () => {
    const cream = brandPalette({ ...none, primaryColor1: '#fff3bf' }, 'dark');
    expect(cream.contrast).toBe('#000000');
    expect(luminance(cream.filledHover as string)).toBeGreaterThan(luminance('#fff3bf'));
    const navy = brandPalette({ ...none, primaryColor1: '#1a1b3a' }, 'dark');
    expect(navy.contrast).toBe('#ffffff');
    expect(luminance(navy.filledHover as string)).toBeLessThan(luminance('#1a1b3a'));
  });

  it('leaves the dark scheme its own surfaces: no chosen light backgrounds, no frame colours', () => {
    const chosen = {
      ...none,
      primaryColor1: '#0b7285',
      primaryColor3: '#e3fafc',
      primaryColor4: '#c5f6fa',
      secondaryColor1: '#e3fafc',
      secondaryColor3: '#f8f9fa',
    };
    expect(brandPalette(chosen, 'light')).toMatchObject({ light: '#e3fafc', lightHover: '#c5f6fa', topbar: '#e3fafc' });
    const dark = brandPalette(chosen, 'dark');
    // Tints of the brand's face in dark (a lighter teal) instead, translucent over the dark surfaces.
    expect(dark.light).toMatch(/^rgba\(\d+, \d+, \d+, 0\.15\)$/);
    expect(dark.lightHover).toMatch(/^rgba\(\d+, \d+, \d+, 0\.2\)$/);
    expect([dark.topbar, dark.topbarText, dark.sidebar]).toEqual([undefined, undefined, undefined]);

    const css = brandCss(chosen);
    const darkBlock = css.split('\n').find((line) => line.includes("scheme='dark'")) as string;
    expect(darkBlock).toContain('--mantine-primary-color-filled: #0b7285;');
    expect(darkBlock).toContain('--mantine-primary-color-contrast: #ffffff;');
    expect(darkBlock).toContain(`--mantine-color-anchor: ${dark.accent};`);
    expect(darkBlock).not.toContain('--cadence-topbar');
    expect(darkBlock).not.toContain('#e3fafc');
  });
});
