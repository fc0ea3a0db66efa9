import { Button, Stack, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { Link } from '../../../client/lib/router/index.ts';
import { SectionCard } from '../../../client/ui/SectionCard.tsx';
import { importsMessages as t } from '../imports.messages.ts';

/** Where the Import page lives (under Settings → Administration). */
export const IMPORT_PATH = '/settings/administration/import';

/** Administration's way to the Import page. */
export const ImportDataCard = () => (
  <SectionCard title={t.adminCardTitle}>
    <Stack gap="sm" align="flex-start">
      <Text size="sm">{t.adminCardText}</Text>
      <Button
        component={Link}
        to={IMPORT_PATH}
        variant="default"
        leftSection={<IconFileImport size={18} aria-hidden />}
      >
        {t.openImport}
      </Button>
    </Stack>
  </SectionCard>
);
