import { alpha, DEFAULT_THEME, darken } from '@mantine/core';
import { contrast, theme } from '../../../client/theme.ts';
import { messages } from '../../../shared/messages.ts';
import type { ColourKey, GeneralSettings } from '../admin.schemas.ts';

// The workspace's colours as the app's theme (decision 044). Mantine draws every primary-coloured
// thing from four CSS variables, which are exactly the four primary colours; the secondary ones
// colour the frame (top bar and sidebar). Only the light scheme is branded: dark keeps its
// tuned defaults, so a light tint never becomes a dark screen's background.

/**
 * The primary palette's own variant variables too: a component given `variant="light"` (or
 * `color="indigo"`) without a colour reads `--mantine-color-indigo-light`, not the primary one,
 * and kept the default indigo in a branded workspace (decision 062).
 */
const primary = (variant: string) => `--mantine-color-${theme.primaryColor}-${variant}`;

/** Which CSS variables each colour sets. */
const VARIABLES: Record<ColourKey, string[]> = {
  primaryColor1: [
    '--mantine-primary-color-filled',
    '--mantine-color-anchor',
    '--mantine-primary-color-light-color',
    primary('filled'),
    primary('light-color'),
  ],
  primaryColor2: ['--mantine-primary-color-filled-hover', primary('filled-hover')],
  primaryColor3: ['--mantine-primary-color-light', primary('light')],
  primaryColor4: ['--mantine-primary-color-light-hover', primary('light-hover')],
  secondaryColor1: ['--cadence-topbar-bg'],
  secondaryColor2: ['--cadence-topbar-border'],
  secondaryColor3: ['--cadence-sidebar-bg'],
  secondaryColor4: ['--cadence-sidebar-border'],
};

const WHITE = '#ffffff';
const BLACK = '#000000';
/** The default primary as text (theme.ts: indigo shade 8 in the light scheme). */
const DEFAULT_PRIMARY = DEFAULT_THEME.colors.indigo[8];
const AA = 4.5;

/** Black or white, whichever reads better on `colour`. */
export const textOn = (colour: string) => (contrast(colour, WHITE) >= contrast(colour, BLACK) ? WHITE : BLACK);

type Colours = Pick<GeneralSettings, ColourKey>;

/**
 * Primaries 2–4 left blank follow primary 1 when it is chosen (its darker shade for hover, its
 * tints for light backgrounds, as Mantine derives them), so a brand colour never sits beside
 * the default indigo's tints.
 */
const withDerived = (colours: Colours): Colours => {
  const main = colours.primaryColor1;
  if (!main) return colours;
  return {
    ...colours,
    primaryColor2: colours.primaryColor2 ?? darken(main, 0.1),
    primaryColor3: colours.primaryColor3 ?? alpha(main, 0.1),
    primaryColor4: colours.primaryColor4 ?? alpha(main, 0.14),
  };
};

/** The style sheet that brands the app, or '' when every colour is the default. */
export const brandCss = (chosen: Colours): string => {
  const colours = withDerived(chosen);
  const lines = (Object.keys(VARIABLES) as ColourKey[]).flatMap((key) => {
    const value = colours[key];
    return value ? VARIABLES[key].map((name) => `${name}: ${value};`) : [];
  });
  if (colours.primaryColor1) lines.push(`--mantine-primary-color-contrast: ${textOn(colours.primaryColor1)};`);
  if (colours.secondaryColor1) lines.push(`--cadence-topbar-color: ${textOn(colours.secondaryColor1)};`);
  return lines.length ? `:root:root[data-mantine-color-scheme='light'] { ${lines.join(' ')} }` : '';
};

/**
 * What text each colour carries and how well it reads (WCAG AA asks 4.5:1): primary 1 is the
 * links' text on white, primary 2 carries the buttons' text, primaries 3 and 4 carry primary-1
 * text, secondaries 1 and 3 carry the top bar's and the sidebar's text. Borders carry none.
 */
export const contrastWarnings = (colours: Colours): Partial<Record<ColourKey, string>> => {
  const primary = colours.primaryColor1 ?? DEFAULT_PRIMARY;
  const pairs: [ColourKey, string | null, string][] = [
    ['primaryColor1', colours.primaryColor1, WHITE],
    ['primaryColor2', colours.primaryColor2, colours.primaryColor2 ? textOn(colours.primaryColor2) : WHITE],
    ['primaryColor3', colours.primaryColor3, primary],
    ['primaryColor4', colours.primaryColor4, primary],
    ['secondaryColor1', colours.secondaryColor1, colours.secondaryColor1 ? textOn(colours.secondaryColor1) : BLACK],
    ['secondaryColor3', colours.secondaryColor3, BLACK],
  ];
  const warnings: Partial<Record<ColourKey, string>> = {};
  for (const [key, colour, text] of pairs) {
    if (!colour) continue;
    const ratio = contrast(colour, text);
    // Rounded down: 4.48:1 fails, and "4.5:1" would read as a pass.
    if (ratio < AA) warnings[key] = messages.contrastWarning((Math.floor(ratio * 10) / 10).toFixed(1));
  }
  return warnings;
};
