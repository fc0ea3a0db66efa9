import { createTheme, localStorageColorSchemeManager, Select } from '@mantine/core';

// Colours come from the Mantine palette and its CSS variables (never fixed hex values in
// components), so every screen stays readable in both colour schemes.

const fontStack =
  "'Inter Variable', Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 6 on light backgrounds, a lighter one on dark so that text and outlines keep contrast.
  primaryShade: { light: 6, dark: 5 },
  autoContrast: true,
  fontFamily: fontStack,
  headings: { fontFamily: fontStack, fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    // Picking the chosen option again keeps it (Mantine's default clears it): a select that may
    // be empty says so with `clearable` (decision 027).
    Select: Select.extend({ defaultProps: { allowDeselect: false } }),
  },
});

export const COLOR_SCHEME_KEY = 'cadence.color-scheme';

/** The user's light/dark choice, kept in localStorage (and in sync across tabs). */
export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });
