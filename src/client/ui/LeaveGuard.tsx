import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { DIALOG_CLOSE_DELAY_MS } from '../../shared/constants.ts';
import { messages } from '../../shared/messages.ts';
import { useBlocker } from '../lib/router/index.ts';

/**
 * Asks before the user leaves a form with unsaved changes (or a live meeting): inside the app
 * through the router (a confirm dialog), and for reloads, closed tabs and typed addresses
 * through the browser's own prompt (beforeunload), which is all a page may do there.
 */
export const LeaveGuard = ({
  when,
  title = messages.unsavedChangesTitle,
  text = messages.unsavedChangesText,
  stayLabel = messages.stayOnPage,
  leaveLabel = messages.leavePage,
  allow = () => false,
  beforeUnload = true,
}: {
  when: boolean;
  title?: string;
  text?: string;
  stayLabel?: string;
  leaveLabel?: string;
  /** Paths the user may go to without being asked. */
  allow?: (pathname: string) => boolean;
  /** Also ask on reloads and closed tabs (not wanted where a reload loses nothing). */
  beforeUnload?: boolean;
}) => {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && currentLocation.pathname !== nextLocation.pathname && !allow(nextLocation.pathname),
  );

  useEffect(() => {
    if (!when || !beforeUnload) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when, beforeUnload]);

  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={title}
      centered
      transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
    >
      <Text size="sm">{text}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
          {stayLabel}
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          {leaveLabel}
        </Button>
      </Group>
    </Modal>
  );
};
