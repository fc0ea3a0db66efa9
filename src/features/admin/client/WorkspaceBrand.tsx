import { useEffect, useState } from 'react';
import { useSelf } from '../../../client/lib/self.ts';
import { COLOUR_KEYS } from '../admin.colours.ts';
import { useGeneralSettings } from './admin.queries.ts';

type BrandCss = typeof import('./brand.ts')['brandCss'];

/**
 * The workspace's colours as a style sheet over Mantine's theme; nothing while they are the
 * defaults. The code that derives the palette loads only for a workspace that chose a colour.
 */
export const WorkspaceBrand = () => {
  const tenantId = useSelf().data?.tenant?.id ?? null;
  const settings = useGeneralSettings(tenantId).data;
  const chosen = settings ? COLOUR_KEYS.some((key) => settings[key]) : false;
  const [brandCss, setBrandCss] = useState<BrandCss | null>(null);
  useEffect(() => {
    if (!chosen || brandCss) return;
    let cancelled = false;
    import('./brand.ts')
      .then((module) => {
        if (!cancelled) setBrandCss(() => module.brandCss);
      })
      // The default colours stay; the next page load tries again.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [chosen, brandCss]);
  const css = settings && chosen && brandCss ? brandCss(settings) : '';
  return css ? <style data-workspace-brand="">{css}</style> : null;
};
