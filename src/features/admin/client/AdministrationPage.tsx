import { Stack } from '@mantine/core';
import { RequireWorkspaceAdmin } from '../../../client/shell/RequireWorkspaceAdmin.tsx';
import { AnnualsSection } from '../../quarters/client/AnnualsSection.tsx';
import { GeneralSettingsSection } from './GeneralSettingsSection.tsx';

/** /settings/administration (admins only; others get the permission page): General settings, Annuals & Periods. */
export const AdministrationPage = () => (
  <RequireWorkspaceAdmin>
    <Stack gap="lg">
      <GeneralSettingsSection />
      <AnnualsSection />
    </Stack>
  </RequireWorkspaceAdmin>
);
