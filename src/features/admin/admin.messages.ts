// The admin area's user-facing texts; texts used by two areas or more are in src/shared/messages.ts.
export const adminMessages = {
  generalSettings: 'General settings',
  // administration: general settings
  generalSettingsIntro: 'The colours and logo every member of this workspace sees.',
  logoTooLarge: 'The selected logo exceeds the allowed size limit. 2 MB is the maximum size.',
  logoLabel: 'Logo',
  logoHint: 'JPG, PNG, GIF or WebP, up to 2 MB. Shown in the top bar and the workspace picker.',
  logoUpload: 'Upload logo',
  logoRemove: 'Remove logo',
  logoRemoved: 'The logo has been removed',
  primaryColours: 'Primary colours',
  secondaryColours: 'Secondary colours',
  colourLabel: (key: string) =>
    ({
      primaryColor1: 'Primary 1 (buttons, links)',
      primaryColor2: 'Primary 2 (buttons on hover)',
      primaryColor3: 'Primary 3 (light backgrounds)',
      primaryColor4: 'Primary 4 (light backgrounds on hover)',
      secondaryColor1: 'Secondary 1 (top bar)',
      secondaryColor2: 'Secondary 2 (top bar border)',
      secondaryColor3: 'Secondary 3 (sidebar)',
      secondaryColor4: 'Secondary 4 (sidebar border)',
    })[key] ?? key,
  colourDefault: 'Default',
  contrastWarning: (ratio: string) => `Text on this colour has a contrast of ${ratio}:1; WCAG AA asks for 4.5:1.`,
  resetColours: 'Reset all colours',
} as const;
