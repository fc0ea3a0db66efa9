import { useRegisterSW } from 'virtual:pwa-register/react';
import { Affix, Button, Group, Paper, Text } from '@mantine/core';
import { useEffect } from 'react';
import { clientMessages } from '../client.messages.ts';

/** How often an open page asks whether a new version was deployed. */
const CHECK_EVERY_MS = 60 * 60 * 1000;

/**
 * The installed app's service worker (decision 101), registered after the first paint: when a new
 * version is waiting, a notice offers to reload into it; until then the page keeps its own version.
 */
export const AppUpdate = () => {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => void registration.update(), CHECK_EVERY_MS);
    },
  });
  useEffect(() => {
    if (!needRefresh) return;
    const later = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setNeedRefresh(false);
    };
    document.addEventListener('keydown', later);
    return () => document.removeEventListener('keydown', later);
  }, [needRefresh, setNeedRefresh]);
  if (!needRefresh) return null;
  return (
    <Affix position={{ bottom: 16, left: 16 }} zIndex={1001}>
      <Paper role="status" shadow="md" p="sm" withBorder maw="calc(100vw - 32px)">
        <Group gap="sm" wrap="wrap">
          <Text size="sm">{clientMessages.updateReady}</Text>
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" onClick={() => void updateServiceWorker(true)}>
              {clientMessages.updateReload}
            </Button>
            <Button size="xs" variant="default" onClick={() => setNeedRefresh(false)}>
              {clientMessages.updateLater}
            </Button>
          </Group>
        </Group>
      </Paper>
    </Affix>
  );
};
