import { alpha, DEFAULT_THEME, darken, lighten, toRgba } from '@mantine/core';
import { contrast, theme } from '../../../client/theme.ts';
import { adminMessages } from '../admin.messages.ts';
import type { ColourKey, GeneralSettings } from '../admin.schemas.ts';

// The workspace's colours as the app's theme, in both colour schemes (decisions 044 and 070).
// Mantine draws every primary-coloured thing from a handful of CSS variables; one rule below
// derives them from the chosen colours for a scheme, given what that scheme puts under them:
// - filled (buttons, active marks): primary 1 itself; its hover primary 2, or primary 1 moved
//   away from the text it carries;
// - the text on filled: black or white, whichever reads better on primary 1 (4.58:1 at worst:
//   one of the two always reads);
// - the brand's face in the scheme: primary 1 where it reads 4.5:1 as text on the scheme's
//   surfaces, otherwise the first shade of it (same hue and saturation) that does, moved toward
//   the scheme's own text — darker on white, lighter on dark grey, as Mantine's dark variants use
//   lighter shades;
// - light backgrounds (light buttons, badges, the active sidebar entry): tints of the face over
//   the surfaces (in the light scheme the chosen primaries 3 and 4 instead);
// - accent text (links, light and outline variants): the face, a step further where a light
//   background needs it.
// The secondary colours paint the frame (top bar and sidebar) in the light scheme only: they
// are light surfaces with dark text, which a dark screen does not have.

type Colours = Pick<GeneralSettings, ColourKey>;
export type Scheme = 'light' | 'dark';

const WHITE = '#ffffff';
const BLACK = '#000000';
const AA = 4.5;

/** What a colour scheme puts under the brand, and how text moves to read on it. */
const SCHEMES: Record<
  Scheme,
  {
    /** Backgrounds text sits on: the page, and cards, inputs or a hovered row. */
    surfaces: string[];
    /** The surfaces light variants (translucent tints) are drawn over. */
    tintedOver: string[];
    /** The lightness of the scheme's text (0 black, 1 white): shades move toward it to read. */
    towardText: 0 | 1;
    /** Opacity of the brand's face as a light variant's background, and as its hover. */
    tints: [number, number];
    /** Whether the admin's own light backgrounds (primaries 3, 4) and frame colours apply. */
    chosenSurfaces: boolean;
  }
> = {
  light: {
    surfaces: [WHITE, DEFAULT_THEME.colors.gray[0]],
    tintedOver: [WHITE],
    towardText: 0,
    tints: [0.1, 0.14],
    chosenSurfaces: true,
  },
  dark: {
    // Mantine's dark body (dark 7) and its cards and inputs (dark 6).
    surfaces: [DEFAULT_THEME.colors.dark[7], DEFAULT_THEME.colors.dark[6]],
    tintedOver: [DEFAULT_THEME.colors.dark[7], DEFAULT_THEME.colors.dark[6]],
    towardText: 1,
    tints: [0.15, 0.2],
    chosenSurfaces: false,
  },
};

const hex = (colour: string) => {
  const { r, g, b } = toRgba(colour);
  return `#${[r, g, b].map((part) => part.toString(16).padStart(2, '0')).join('')}`;
};

/** `colour` (perhaps translucent) as drawn over the opaque `surface`, rounded like a screen. */
const over = (colour: string, surface: string) => {
  const top = toRgba(colour);
  const under = toRgba(surface);
  const mix = (a: number, b: number) => Math.round(a * top.a + b * (1 - top.a));
  return hex(`rgb(${mix(top.r, under.r)}, ${mix(top.g, under.g)}, ${mix(top.b, under.b)})`);
};

/** Black or white, whichever reads better on `colour`. */
export const textOn = (colour: string) => (contrast(colour, WHITE) >= contrast(colour, BLACK) ? WHITE : BLACK);

/** `colour` with its HSL lightness set to `lightness` (0–1): the same hue and saturation. */
const withLightness = (colour: string, lightness: number) => {
  const { r, g, b } = toRgba(colour);
  const [red, green, blue] = [r / 255, g / 255, b / 255];
  const max = Math.max(red, green, blue);
  const min = Math.min(red, green, blue);
  const l = (max + min) / 2;
  const chroma = max - min;
  const saturation = chroma === 0 ? 0 : chroma / (1 - Math.abs(2 * l - 1));
  const hue =
    chroma === 0
      ? 0
      : max === red
        ? ((green - blue) / chroma + 6) % 6
        : max === green
          ? (blue - red) / chroma + 2
          : (red - green) / chroma + 4;
  const c = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const x = c * (1 - Math.abs((hue % 2) - 1));
  const m = lightness - c / 2;
  const [r1, g1, b1] = [
    [c, x, 0],
    [x, c, 0],
    [0, c, x],
    [0, x, c],
    [x, 0, c],
    [c, 0, x],
  ][Math.floor(hue) % 6] as [number, number, number];
  return hex(`rgb(${[r1, g1, b1].map((part) => Math.round((part + m) * 255)).join(', ')})`);
};

const lightnessOf = (colour: string) => {
  const { r, g, b } = toRgba(colour);
  return (Math.max(r, g, b) + Math.min(r, g, b)) / 2 / 255;
};

/**
 * `colour` itself when it reads 4.5:1 on all `backgrounds`, else the first shade of it (same hue
 * and saturation, lightness moved 2 % at a time toward `toward`: 0 darker, 1 lighter) that does.
 */
const readableShade = (colour: string, backgrounds: string[], toward: 0 | 1) => {
  const reads = (candidate: string) => backgrounds.every((background) => contrast(candidate, background) >= AA);
  if (reads(colour)) return colour;
  const start = lightnessOf(colour);
  for (let step = 1; step <= 50; step += 1) {
    const lightness = toward ? Math.min(1, start + step / 50) : Math.max(0, start - step / 50);
    const candidate = withLightness(colour, lightness);
    if (reads(candidate)) return candidate;
  }
  return toward ? WHITE : BLACK;
};

/** The brand's colours for one scheme; a field is missing where the scheme's default stays. */
export interface BrandPalette {
  filled?: string;
  filledHover?: string;
  /** Text on filled and on its hover. */
  contrast?: string;
  light?: string;
  lightHover?: string;
  /** Links, and the text of light, subtle and outline variants. */
  accent?: string;
  topbar?: string;
  topbarBorder?: string;
  topbarText?: string;
  sidebar?: string;
  sidebarBorder?: string;
}

/** The one rule: the chosen colours as the variables' values in `scheme`. */
export const brandPalette = (colours: Colours, scheme: Scheme): BrandPalette => {
  const { surfaces, tintedOver, towardText, tints, chosenSurfaces } = SCHEMES[scheme];
  const main = colours.primaryColor1 ?? undefined;
  const text = main && textOn(main);
  // Unless chosen, the hover moves away from the text, so the text reads at least as well on it.
  const filledHover = colours.primaryColor2 ?? (main && hex(text === WHITE ? darken(main, 0.1) : lighten(main, 0.1)));
  // The brand's face in this scheme: itself where it reads on the scheme's surfaces, else a shade.
  const face = main && readableShade(main, surfaces, towardText);
  const light = (chosenSurfaces && colours.primaryColor3) || (face && alpha(face, tints[0]));
  const lightHover = (chosenSurfaces && colours.primaryColor4) || (face && alpha(face, tints[1]));
  // Accent text sits on the scheme's surfaces and on the light backgrounds drawn over them.
  const backgrounds = [
    ...surfaces,
    ...[light, lightHover].flatMap((tint) => (tint ? tintedOver.map((surface) => over(tint, surface)) : [])),
  ];
  const frame = chosenSurfaces ? colours : undefined;
  return {
    filled: main,
    filledHover: filledHover ?? undefined,
    contrast: text,
    light: light || undefined,
    lightHover: lightHover || undefined,
    accent: face && readableShade(face, backgrounds, towardText),
    topbar: frame?.secondaryColor1 ?? undefined,
    topbarBorder: frame?.secondaryColor2 ?? undefined,
    topbarText: frame?.secondaryColor1 ? textOn(frame.secondaryColor1) : undefined,
    sidebar: frame?.secondaryColor3 ?? undefined,
    sidebarBorder: frame?.secondaryColor4 ?? undefined,
  };
};

/**
 * The primary palette's own variant variables too: a component given `variant="light"` (or
 * `color="indigo"`) without a colour reads `--mantine-color-indigo-light`, not the primary one,
 * and kept the default indigo in a branded workspace (decision 062).
 */
const primary = (variant: string) => `--mantine-color-${theme.primaryColor}-${variant}`;

/** Which CSS variables each colour of the palette sets. */
const VARIABLES: Record<keyof BrandPalette, string[]> = {
  filled: ['--mantine-primary-color-filled', primary('filled')],
  filledHover: ['--mantine-primary-color-filled-hover', primary('filled-hover')],
  // Filled primary components draw their text in this one (theme.ts).
  contrast: ['--mantine-primary-color-contrast'],
  light: ['--mantine-primary-color-light', primary('light')],
  lightHover: ['--mantine-primary-color-light-hover', primary('light-hover')],
  accent: [
    '--mantine-color-anchor',
    '--mantine-primary-color-light-color',
    primary('light-color'),
    primary('text'),
    primary('outline'),
  ],
  topbar: ['--cadence-topbar-bg'],
  topbarBorder: ['--cadence-topbar-border'],
  topbarText: ['--cadence-topbar-color'],
  sidebar: ['--cadence-sidebar-bg'],
  sidebarBorder: ['--cadence-sidebar-border'],
};

/** The style sheet that brands the app in both schemes, or '' when every colour is the default. */
export const brandCss = (colours: Colours): string =>
  (Object.keys(SCHEMES) as Scheme[])
    .map((scheme) => {
      const palette = brandPalette(colours, scheme);
      const lines = (Object.keys(VARIABLES) as (keyof BrandPalette)[]).flatMap((key) => {
        const value = palette[key];
        return value ? VARIABLES[key].map((name) => `${name}: ${value};`) : [];
      });
      return lines.length ? `:root:root[data-mantine-color-scheme='${scheme}'] { ${lines.join(' ')} }` : '';
    })
    .filter(Boolean)
    .join('\n');

/** The default primary as text (theme.ts: indigo shade 8 in the light scheme). */
const DEFAULT_PRIMARY = DEFAULT_THEME.colors.indigo[8];

/**
 * What text each chosen colour carries and how well it reads (WCAG AA asks 4.5:1), judged in
 * the light scheme the admin picks them for: primary 1 as the links' text on white, primary 2
 * under the buttons' text, primaries 3 and 4 under primary-1 text, secondaries 1 and 3 under the
 * top bar's and the sidebar's text. Borders carry none. Where primary 1 fails, the app draws its
 * text in a readable shade of it (brandPalette); the warning tells the admin the colour as
 * chosen does not read.
 */
export const contrastWarnings = (colours: Colours): Partial<Record<ColourKey, string>> => {
  const text = colours.primaryColor1 ?? DEFAULT_PRIMARY;
  // Buttons' text: the one that reads on primary 1, or the default white on the default indigo.
  const buttonText = brandPalette(colours, 'light').contrast ?? WHITE;
  const pairs: [ColourKey, string | null, string][] = [
    ['primaryColor1', colours.primaryColor1, WHITE],
    ['primaryColor2', colours.primaryColor2, buttonText],
    ['primaryColor3', colours.primaryColor3, text],
    ['primaryColor4', colours.primaryColor4, text],
    ['secondaryColor1', colours.secondaryColor1, colours.secondaryColor1 ? textOn(colours.secondaryColor1) : BLACK],
    ['secondaryColor3', colours.secondaryColor3, BLACK],
  ];
  const warnings: Partial<Record<ColourKey, string>> = {};
  for (const [key, colour, on] of pairs) {
    if (!colour) continue;
    const ratio = contrast(colour, on);
    // Rounded down: 4.48:1 fails, and "4.5:1" would read as a pass.
    if (ratio < AA) warnings[key] = adminMessages.contrastWarning((Math.floor(ratio * 10) / 10).toFixed(1));
  }
  return warnings;
};
