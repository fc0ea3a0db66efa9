import { Stack } from '@mantine/core';
import { GeneralSettingsSection } from '../../features/admin/client/GeneralSettingsSection.tsx';
import { SsoSettingsCard } from '../../features/auth/client/sso/SsoSettingsCard.tsx';
import { TwoFactorPolicyCard } from '../../features/auth/client/two-factor/TwoFactorPolicyCard.tsx';
import { EmailTemplatesSection } from '../../features/emails/client/EmailTemplatesSection.tsx';
import { ImportDataCard } from '../../features/imports/client/ImportDataCard.tsx';
import { AnnualsSection } from '../../features/quarters/client/AnnualsSection.tsx';
// Slack
import { SlackSection } from '../../features/slack/client/SlackSection.tsx';
import { WorkspaceTokensSection } from '../../features/tokens/client/TokensCard.tsx';
import { WebhooksCard } from '../../features/webhooks/client/WebhooksCard.tsx';
import { BackupCard } from './BackupCard.tsx';
import { RequireWorkspaceAdmin } from './RequireWorkspaceAdmin.tsx';
import { SystemStatusCard } from './SystemStatusCard.tsx';

/**
 * /settings/administration (admins only; others get the permission page): General settings,
 * Annuals & Periods, Emails, Integrations (Slack, API tokens, webhooks), the system status and the server's backup: one section from each of the admin, quarters, emails
 * and slack features, put together here.
 */
export const AdministrationRoute = () => (
  <RequireWorkspaceAdmin>
    <Stack gap="lg">
      <GeneralSettingsSection />
      <TwoFactorPolicyCard />
      <AnnualsSection />
      <EmailTemplatesSection />
      {/* Integrations (Slack) */}
      <SlackSection />
      <WorkspaceTokensSection />
      <WebhooksCard />
      <SsoSettingsCard />
      <ImportDataCard />
      <SystemStatusCard />
      <BackupCard />
    </Stack>
  </RequireWorkspaceAdmin>
);
