import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { DIALOG_CLOSE_DELAY_MS } from '../../shared/constants.ts';
import { messages } from '../../shared/messages.ts';

/**
 * Asks before the user leaves a form with unsaved changes: inside the app through the router
 * (a confirm dialog), and for reloads, closed tabs and typed addresses through the browser's
 * own prompt (beforeunload), which is all a page may do there.
 */
export const LeaveGuard = ({ when }: { when: boolean }) => {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={messages.unsavedChangesTitle}
      centered
      transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
    >
      <Text size="sm">{messages.unsavedChangesText}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
          {messages.stayOnPage}
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          {messages.leavePage}
        </Button>
      </Group>
    </Modal>
  );
};
