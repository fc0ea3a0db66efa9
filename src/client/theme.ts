import {
  type ActionIconProps,
  type BadgeProps,
  type ButtonProps,
  type CheckboxProps,
  type CSSVariablesResolver,
  colorsTuple,
  createTheme,
  DEFAULT_THEME,
  type DrawerProps,
  darken,
  lighten,
  localStorageColorSchemeManager,
  luminance,
  type MantineTheme,
  type MenuProps,
  type ModalProps,
  type SelectProps,
  type ThemeIconProps,
} from '@mantine/core';
import { messages } from '../shared/messages.ts';

// Colours come from the Mantine palette and its CSS variables (never fixed hex values in
// components), so every screen stays readable in both colour schemes. The light scheme is tuned
// here, once, so that all text meets WCAG AA (4.5:1, decision 026).

/** WCAG contrast ratio of two colours. */
export const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};
/** The first of `candidates` with at least 4.5:1 on white (and on grey 0, a card's hover). */
const readable = (candidates: string[]) =>
  candidates.find((colour) => contrast(colour, '#ffffff') >= 4.6 && contrast(colour, '#f8f9fa') >= 4.5) ??
  (candidates.at(-1) as string);

const dark = DEFAULT_THEME.colors.dark;
/**
 * Dark-scheme 'dimmed' text: Mantine's dark 2 is 4.0:1 on the dark body and 3.5:1 on a card (dark
 * 6). The first step from it toward white with 4.5:1 on the body, a card and a hovered row (dark 5).
 */
const darkDimmed = (() => {
  for (let step = 0; step <= 10; step += 1) {
    const candidate = lighten(dark[2], step / 20);
    if ([dark[7], dark[6], dark[5]].every((surface) => contrast(candidate, surface) >= 4.5)) return candidate;
  }
  return dark[1];
})();

const red = DEFAULT_THEME.colors.red;
// Red is the danger colour, used as text (errors, Delete items, which Mantine draws with shade
// 6: 3.3:1 on white): its shades from 6 on are darker, so red text and red buttons read at 4.5:1.
const dangerRed = colorsTuple([...red.slice(0, 6), red[8], red[9], darken(red[9], 0.12), darken(red[9], 0.24)]);

/**
 * Mantine draws the text of a filled button, badge or icon white (or black for a light theme
 * colour), chosen from the palette in JavaScript, so it never sees the workspace's brand
 * (decisions 044, 070). Filled primary ones take `--mantine-primary-color-contrast` instead: the
 * brand sets it to what reads on its colour, and Mantine's default is the primary shade's own.
 */
const PRIMARY_CONTRAST = 'var(--mantine-primary-color-contrast)';
const onPrimary = <Name extends string>(
  { primaryColor }: MantineTheme,
  name: Name,
  { color, variant }: { color?: string | undefined; variant?: string | undefined },
) =>
  ({
    root: (variant ?? 'filled') === 'filled' && (!color || color === primaryColor) ? { [name]: PRIMARY_CONTRAST } : {},
  }) as { root: Partial<Record<Name, string>> };

/**
 * A component's theme entry, typed by its props. `Select.extend(…)` would do the same but import
 * the component, and with it every component named here, into the entry chunk (decision 095).
 */
const themed = <Props>(entry: {
  defaultProps?: Partial<Props>;
  vars?: (theme: MantineTheme, props: Props) => unknown;
}) => entry;

const fontStack =
  "'Inter Variable', Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 8, the first indigo with 4.5:1 against white (6 gives 4.3:1) — also for links,
  // outlines and every filled button or badge. The same in dark: Mantine picks a filled colour's
  // text (autoContrast) from the light scheme's shade, so only the same shade keeps that text
  // readable in dark too (white on blue 5 was 3:1, on indigo 5 3.7:1; decision 070). Dark text
  // (links, `c=`, outline variants) uses the lighter shade 4 anyway.
  primaryShade: 8,
  autoContrast: true,
  // Below a luminance of 0.18 white text has 4.5:1 on the background, above it black text does:
  // with this threshold autoContrast always picks a readable text colour on filled colours.
  luminanceThreshold: 0.18,
  colors: { red: dangerRed },
  fontFamily: fontStack,
  headings: { fontFamily: fontStack, fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    // Picking the chosen option again keeps it (Mantine's default clears it): a select that may
    // be empty says so with `clearable` (decision 027).
    Select: themed<SelectProps>({ defaultProps: { allowDeselect: false } }),
    // Every dialog's and drawer's X has a name for screen readers.
    Modal: themed<ModalProps>({ defaultProps: { closeButtonProps: { 'aria-label': messages.closeButton } } }),
    // No focus placeholder (a role=presentation child a menu may not have): the first item takes focus.
    Menu: themed<MenuProps>({ defaultProps: { withInitialFocusPlaceholder: false } }),
    Drawer: themed<DrawerProps>({ defaultProps: { closeButtonProps: { 'aria-label': messages.closeButton } } }),
    Button: themed<ButtonProps>({ vars: (theme, props) => onPrimary(theme, '--button-color', props) }),
    ActionIcon: themed<ActionIconProps>({ vars: (theme, props) => onPrimary(theme, '--ai-color', props) }),
    Badge: themed<BadgeProps>({ vars: (theme, props) => onPrimary(theme, '--badge-color', props) }),
    ThemeIcon: themed<ThemeIconProps>({ vars: (theme, props) => onPrimary(theme, '--ti-color', props) }),
    Checkbox: themed<CheckboxProps>({
      vars: (theme, props) => (props.iconColor ? { root: {} } : onPrimary(theme, '--checkbox-icon-color', props)),
    }),
  },
});

// Light-scheme text colours Mantine's defaults leave under 4.5:1: 'dimmed' (grey 6 is 3.3:1 on
// white), coloured text (c="green" is the filled shade, 3.4:1) and the text of light variants
// (shade 9 on shade 1 is 4.3:1 for teal, 2.7:1 for yellow).
const lightTextColours = Object.fromEntries(
  Object.entries({ ...DEFAULT_THEME.colors, red: dangerRed }).flatMap(([name, shades]) => [
    [
      `--mantine-color-${name}-text`,
      readable([shades[8], shades[9], darken(shades[9], 0.15), darken(shades[9], 0.3), darken(shades[9], 0.45)]),
    ],
    [`--mantine-color-${name}-light-color`, darken(shades[9], 0.3)],
  ]),
);

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': darken(DEFAULT_THEME.colors.gray[6], 0.32),
    '--mantine-color-error': dangerRed[7],
    ...lightTextColours,
  },
  dark: {
    '--mantine-color-dimmed': darkDimmed,
    // Mantine's dark error is red 8 (here a darker red still): unreadable on dark grey. Red's text shade (4).
    '--mantine-color-error': 'var(--mantine-color-red-text)',
  },
});

export const COLOR_SCHEME_KEY = 'cadence.color-scheme';

/** The user's light/dark choice, kept in localStorage (and in sync across tabs). */
export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });
