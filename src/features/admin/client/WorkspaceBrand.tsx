import { useSelf } from '../../../client/lib/self.ts';
import { useGeneralSettings } from './admin.queries.ts';
import { brandCss } from './brand.ts';

/** The workspace's colours as a style sheet over Mantine's theme; nothing while they are the defaults. */
export const WorkspaceBrand = () => {
  const tenantId = useSelf().data?.tenant?.id ?? null;
  const settings = useGeneralSettings(tenantId).data;
  const css = settings ? brandCss(settings) : '';
  return css ? <style data-workspace-brand="">{css}</style> : null;
};
