import { Anchor, Stack, Title } from '@mantine/core';
import { CadenceImportPanel } from '../../features/imports/client/CadenceImportPanel.tsx';
import { ImportHistorySection } from '../../features/imports/client/ImportHistorySection.tsx';
import { NinetyImportSection } from '../../features/imports/client/NinetyImportSection.tsx';
import { importsMessages } from '../../features/imports/imports.messages.ts';
import { Link } from '../lib/router/index.ts';
import { RequireWorkspaceAdmin } from './RequireWorkspaceAdmin.tsx';

/**
 * /settings/administration/import (admins only): one section per kind of import, then the
 * record of past imports. Each section comes from the feature that reads that format.
 */
export const ImportRoute = () => (
  <RequireWorkspaceAdmin>
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={Link} to="/settings/administration" size="sm">
          {importsMessages.backToAdministration}
        </Anchor>
        <Title order={1} size="h3">
          {importsMessages.pageTitle}
        </Title>
      </Stack>
      <NinetyImportSection />
      <CadenceImportPanel />
      <ImportHistorySection />
    </Stack>
  </RequireWorkspaceAdmin>
);
