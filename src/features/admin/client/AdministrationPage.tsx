import { Stack } from '@mantine/core';
import { RequireWorkspaceAdmin } from '../../../client/shell/RequireWorkspaceAdmin.tsx';
import { SystemStatusCard } from '../../../client/shell/SystemStatusCard.tsx';
import { EmailTemplatesSection } from '../../emails/client/EmailTemplatesSection.tsx';
import { AnnualsSection } from '../../quarters/client/AnnualsSection.tsx';
// Slack (issue 20)
import { SlackSection } from '../../slack/client/SlackSection.tsx';
import { GeneralSettingsSection } from './GeneralSettingsSection.tsx';

/** /settings/administration (admins only; others get the permission page): General settings, Annuals & Periods, Emails, Slack, system status. */
export const AdministrationPage = () => (
  <RequireWorkspaceAdmin>
    <Stack gap="lg">
      <GeneralSettingsSection />
      <AnnualsSection />
      <EmailTemplatesSection />
      {/* Integrations (Slack, issue 20) */}
      <SlackSection />
      <SystemStatusCard />
    </Stack>
  </RequireWorkspaceAdmin>
);
