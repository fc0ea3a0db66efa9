// The workspace's brand colours by name (decision 044), apart from the schemas: the shell checks
// whether any is chosen before it loads the code that paints them.

export const COLOUR_KEYS = [
  'primaryColor1',
  'primaryColor2',
  'primaryColor3',
  'primaryColor4',
  'secondaryColor1',
  'secondaryColor2',
  'secondaryColor3',
  'secondaryColor4',
] as const;
export type ColourKey = (typeof COLOUR_KEYS)[number];
