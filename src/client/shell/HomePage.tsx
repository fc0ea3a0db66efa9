import { SimpleGrid, Stack, Title } from '@mantine/core';
import { HomeKpiPanel } from '../../features/kpis/client/HomeKpiPanel.tsx';
import { greetingFor } from '../lib/greeting.ts';
import { useNow } from '../lib/useNow.ts';
import { SystemStatusCard } from './SystemStatusCard.tsx';

/** The home dashboard. Its widgets (calendar, to-dos, goals, KPIs) arrive with their features. */
export const HomePage = () => {
  const now = useNow();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {greetingFor(now.getHours())}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        <SystemStatusCard />
      </SimpleGrid>
      <HomeKpiPanel />
    </Stack>
  );
};
