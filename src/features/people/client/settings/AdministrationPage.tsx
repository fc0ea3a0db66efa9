import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { RequireWorkspaceAdmin } from '../../../../client/shell/RequireWorkspaceAdmin.tsx';
import { messages } from '../../../../shared/messages.ts';

/**
 * /settings/administration: admins only (others get the permission page). Its sections
 * (general settings, annuals & periods, emails, integrations) come with the administration
 * issue; the workspace's name and logo are changed on /workspaces meanwhile.
 */
export const AdministrationPage = () => (
  <RequireWorkspaceAdmin>
    <Card withBorder padding="lg" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {messages.generalSettings}
        </Title>
        <Text size="sm">{messages.administrationIntro}</Text>
        <Anchor component={Link} to="/workspaces" size="sm">
          {messages.workspacesTitle}
        </Anchor>
      </Stack>
    </Card>
  </RequireWorkspaceAdmin>
);
