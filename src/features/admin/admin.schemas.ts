import { z } from 'zod';
import { hexColour } from '../../shared/validation.ts';

// General settings (document 3 §3): the workspace's brand colours and its logo (decision 044).

export { COLOUR_KEYS, type ColourKey } from './admin.colours.ts';

const colours = <T extends z.ZodType>(field: T) => ({
  primaryColor1: field,
  primaryColor2: field,
  primaryColor3: field,
  primaryColor4: field,
  secondaryColor1: field,
  secondaryColor2: field,
  secondaryColor3: field,
  secondaryColor4: field,
});

export const ZGeneralSettings = z
  .object({
    /** The spec's settings record id, always '1' (one record per workspace). */
    id: z.literal('1'),
    ...colours(z.string().nullable()),
    iconLogo: z.string().nullable(),
  })
  .meta({ id: 'GeneralSettings' });
export type GeneralSettings = z.infer<typeof ZGeneralSettings>;

/** A colour as '#rrggbb'; blank (or null) resets it to the default. */
const ZColour = hexColour({ allowBlank: true })
  .toLowerCase()
  .nullable()
  .transform((value) => value || null);

/** `POST general-settings`: the chosen keys only; the others stay as they are. */
export const ZSaveGeneralSettings = z.strictObject({ id: z.literal('1').optional(), ...colours(ZColour.optional()) });
export type SaveGeneralSettings = z.infer<typeof ZSaveGeneralSettings>;
