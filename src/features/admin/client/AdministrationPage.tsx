import { Stack } from '@mantine/core';
import { RequireWorkspaceAdmin } from '../../../client/shell/RequireWorkspaceAdmin.tsx';
import { EmailTemplatesSection } from '../../emails/client/EmailTemplatesSection.tsx';
import { AnnualsSection } from '../../quarters/client/AnnualsSection.tsx';
import { GeneralSettingsSection } from './GeneralSettingsSection.tsx';

/** /settings/administration (admins only; others get the permission page): General settings, Annuals & Periods, Emails. */
export const AdministrationPage = () => (
  <RequireWorkspaceAdmin>
    <Stack gap="lg">
      <GeneralSettingsSection />
      <AnnualsSection />
      <EmailTemplatesSection />
    </Stack>
  </RequireWorkspaceAdmin>
);
