import { useSelf } from '../../../client/lib/self.ts';
import { lazyExtra } from '../../../client/ui/lazyPart.tsx';
import { COLOUR_KEYS } from '../admin.colours.ts';
import { useGeneralSettings } from './admin.queries.ts';

// The code that derives the palette loads only for a workspace that chose a colour.
const BrandStyle = lazyExtra(async () => (await import('./BrandStyle.tsx')).BrandStyle);

/** The workspace's colours over Mantine's theme; nothing while they are the defaults. */
export const WorkspaceBrand = () => {
  const tenantId = useSelf().data?.tenant?.id ?? null;
  const settings = useGeneralSettings(tenantId).data;
  return settings && COLOUR_KEYS.some((key) => settings[key]) ? <BrandStyle settings={settings} /> : null;
};
