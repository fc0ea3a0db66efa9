import { useRegisterSW } from 'virtual:pwa-register/react';
import { Affix, Button, Group, Paper, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { clientMessages } from '../client.messages.ts';

/** How often an open page asks whether a new version was deployed. */
const CHECK_EVERY_MS = 60 * 60 * 1000;

let reloading = false;
/** One reload, however many of the signals below arrive. */
const reloadOnce = () => {
  if (reloading) return;
  reloading = true;
  window.location.reload();
};

/**
 * Lets the waiting version take over, then reloads into it. A page the old version controls hears
 * the controller change (the plugin's signal); a page no version controls (opened with a hard
 * reload while another tab held the old one) hears nothing of it, so the waiting version's own
 * activation reloads too.
 */
const takeUpdate = (registration: ServiceWorkerRegistration | undefined, skipWaiting: () => Promise<void>) => {
  const waiting = registration?.waiting;
  if (!waiting) {
    // Already active (another tab chose it, or no page held the old one): a load is the new version.
    reloadOnce();
    return;
  }
  waiting.addEventListener('statechange', () => {
    if (waiting.state === 'activated') reloadOnce();
  });
  void skipWaiting();
};

/**
 * The installed app's service worker (decision 101), registered after the first paint: when a new
 * version is waiting, a notice offers to reload into it; until then the page keeps its own version.
 */
export const AppUpdate = () => {
  const registrationRef = useRef<ServiceWorkerRegistration | undefined>(undefined);
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onNeedReload: reloadOnce,
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      registrationRef.current = registration;
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
            <Button size="xs" onClick={() => takeUpdate(registrationRef.current, () => updateServiceWorker(true))}>
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
