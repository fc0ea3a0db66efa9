import { ActionIcon, Button, Divider, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api } from '../../../client/lib/api.ts';
import { useMoments } from '../../../client/lib/moments.ts';
import { ConfirmDialog } from '../../../client/ui/ConfirmDialog.tsx';
import { CopyButton } from '../../../client/ui/CopyButton.tsx';
import { DialogForm } from '../../../client/ui/DialogForm.tsx';
import { errorText } from '../../../client/ui/FormError.tsx';
import { showSuccess } from '../../../client/ui/toast.ts';
import { messages } from '../../../shared/messages.ts';
import { useSaveUserSettings, useUserSettings } from '../../settings/client/userSettings.queries.ts';
import { calendarMessages } from '../calendar.messages.ts';
import type { CalendarFeed } from '../calendar.schemas.ts';

/** Its own root: the calendar's events are refreshed on every change of a card or meeting, the feed never. */
const feedKey = ['calendarFeed'] as const;

/** The Google Calendar embed URL form (empty removes it; the server checks it is Google's). */
const EmbedForm = ({ initial, onClose }: { initial: string; onClose: () => void }) => {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveUserSettings();
  return (
    <DialogForm
      submitLabel={messages.widgetsSave}
      pending={save.isPending}
      failure={null}
      onCancel={onClose}
      onSubmit={() =>
        save.mutate(
          { googleCalendarEmbedUrl: value.trim() || null },
          {
            onSuccess: () => {
              showSuccess(messages.settingsSaved);
              onClose();
            },
            onError: (e) =>
              setError(e instanceof ApiError ? (e.errors?.googleCalendarEmbedUrl ?? e.message) : errorText(e)),
          },
        )
      }
    >
      <TextInput
        label={calendarMessages.googleCalendarEmbedLabel}
        description={calendarMessages.googleCalendarEmbedHint}
        placeholder="https://calendar.google.com/calendar/embed?src=…"
        value={value}
        onChange={(e) => {
          setValue(e.currentTarget.value);
          setError(null);
        }}
        error={error}
      />
    </DialogForm>
  );
};

/** The private ICS link: made, replaced (the URL shows once) or turned off after a confirmation. */
const FeedPanel = () => {
  const moments = useMoments();
  const queryClient = useQueryClient();
  const feed = useQuery({
    queryKey: feedKey,
    queryFn: ({ signal }) => api.get<CalendarFeed>('/calendar/feed', { signal, silent: true }),
  });
  const [shown, setShown] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const create = useMutation({
    mutationFn: () => api.post<CalendarFeed>('/calendar/feed'),
    onSuccess: (made) => {
      setShown(made.url);
      queryClient.setQueryData(feedKey, { ...made, url: null });
    },
  });
  const revoke = useMutation({
    mutationFn: () => api.delete<CalendarFeed>('/calendar/feed'),
    onSuccess: (off) => {
      setShown(null);
      setConfirming(false);
      queryClient.setQueryData(feedKey, off);
    },
  });
  const active = feed.data?.active ?? false;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {calendarMessages.feedTitle}
      </Title>
      <Text size="sm" c="dimmed">
        {calendarMessages.feedHint}
      </Text>
      {shown ? (
        <Stack gap={4}>
          <Group gap="xs" wrap="nowrap">
            <TextInput aria-label={calendarMessages.feedTitle} value={shown} readOnly style={{ flex: 1 }} size="xs" />
            <CopyButton value={shown}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy}>
                  {copied ? calendarMessages.feedCopied : calendarMessages.feedCopy}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="xs" c="dimmed">
            {calendarMessages.feedCopyOnce}
          </Text>
        </Stack>
      ) : (
        <Text size="sm">
          {active && feed.data?.createdAt
            ? calendarMessages.feedActiveSince(moments.day(feed.data.createdAt))
            : calendarMessages.feedNone}
        </Text>
      )}
      <Group gap="xs">
        <Button size="xs" onClick={() => create.mutate()} loading={create.isPending} disabled={feed.isPending}>
          {active ? calendarMessages.feedRenew : calendarMessages.feedCreate}
        </Button>
        {active && (
          <Button size="xs" variant="default" color="red" onClick={() => setConfirming(true)}>
            {calendarMessages.feedRevoke}
          </Button>
        )}
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={calendarMessages.feedRevoke}
        confirmLabel={calendarMessages.feedRevoke}
        onClose={() => setConfirming(false)}
        pending={revoke.isPending}
        error={revoke.isError ? errorText(revoke.error) : null}
        onConfirm={() => revoke.mutate()}
      >
        {calendarMessages.feedRevokeConfirm}
      </ConfirmDialog>
    </Stack>
  );
};

/** The calendar's settings: the Google Calendar shown beside it, and the ICS subscription. */
export const CalendarSettingsButton = () => {
  const [opened, setOpened] = useState(false);
  const settings = useUserSettings();
  return (
    <>
      <ActionIcon
        variant="default"
        size="md"
        aria-label={calendarMessages.calendarSettings}
        onClick={() => setOpened(true)}
      >
        <IconSettings size={16} stroke={1.6} />
      </ActionIcon>
      <Modal opened={opened} onClose={() => setOpened(false)} title={calendarMessages.calendarSettings} size="lg">
        <Stack gap="md">
          {settings.data && (
            <EmbedForm initial={settings.data.googleCalendarEmbedUrl ?? ''} onClose={() => setOpened(false)} />
          )}
          <Divider />
          <FeedPanel />
        </Stack>
      </Modal>
    </>
  );
};
