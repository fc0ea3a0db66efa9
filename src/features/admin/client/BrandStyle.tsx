import type { GeneralSettings } from '../admin.schemas.ts';
import { brandCss } from './brand.ts';

/** The workspace's chosen colours as a style sheet over Mantine's theme (decisions 044 and 070). */
export const BrandStyle = ({ settings }: { settings: GeneralSettings }) => {
  const css = brandCss(settings);
  return css ? <style data-workspace-brand="">{css}</style> : null;
};
