import { Stack, Title } from '@mantine/core';
import { useSelf } from '../../../client/lib/self.ts';
import { reportsMessages } from '../reports.messages.ts';
import { ArchiveSearch } from './components/ArchiveSearch.tsx';
import { WorkspaceExportPanel } from './components/WorkspaceExportPanel.tsx';

/** /reports: the archive search for everyone; the workspace export for admins. */
export const ReportsPage = () => {
  const isAdmin = useSelf().data?.isAdmin === '1';
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {reportsMessages.reportsPageTitle}
      </Title>
      <ArchiveSearch />
      {isAdmin && <WorkspaceExportPanel />}
    </Stack>
  );
};
