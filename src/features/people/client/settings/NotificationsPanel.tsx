import { Card, Divider, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../client/lib/api.ts';
import { SectionError, SectionLoading } from '../../../../client/ui/SectionState.tsx';
import { showSuccess } from '../../../../client/ui/toast.ts';
import type { NotificationSettings, NotificationSettingsView } from '../../../notifications/notifications.schemas.ts';
import { peopleMessages } from '../../people.messages.ts';
import { ownSettingsKeys } from '../people.queries.ts';

const KEY = ownSettingsKeys.notifications;

const CHANNELS: [keyof NotificationSettings, string][] = [
  ['enableEmailNotification', peopleMessages.emailNotifications],
  ['enableSlackNotification', peopleMessages.slackNotifications],
];
const KINDS: [keyof NotificationSettings, string][] = [
  ['assignments', peopleMessages.notifyAssignments],
  ['comments', peopleMessages.notifyComments],
  ['meetingStarts', peopleMessages.notifyMeetingStarts],
  ['reminders', peopleMessages.notifyReminders],
];

/** /settings/profile/notifications: email and Slack switches, and one per kind of notification. */
export const NotificationsPanel = () => {
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api.get<NotificationSettingsView>('/self/notifications', { signal, silent: true }),
  });
  const save = useMutation({
    mutationFn: (patch: Partial<NotificationSettings>) =>
      api.patch<NotificationSettingsView>('/self/notifications', patch),
    onMutate: (patch) =>
      queryClient.setQueryData<NotificationSettingsView>(KEY, (current) =>
        current ? { ...current, ...patch } : current,
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(KEY, saved);
      showSuccess(peopleMessages.notificationsSaved);
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: KEY }),
  });
  const toggle = ([key, label]: [keyof NotificationSettings, string]) => {
    if (!settings.data) return null;
    // Without Slack on this server the switch is off and cannot be turned on: nothing would go out.
    const unavailable = key === 'enableSlackNotification' && !settings.data.slackAvailable;
    return (
      <Switch
        key={key}
        label={label}
        checked={settings.data[key] && !unavailable}
        disabled={unavailable}
        description={unavailable ? peopleMessages.slackUnavailable : undefined}
        onChange={(event) => save.mutate({ [key]: event.currentTarget.checked })}
      />
    );
  };
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <Title order={2} size="h4">
          {peopleMessages.notificationsMenu}
        </Title>
        {settings.isPending ? (
          <SectionLoading />
        ) : settings.isError ? (
          <SectionError
            title={peopleMessages.notificationSettingsLoadFailed}
            error={settings.error}
            onRetry={() => void settings.refetch()}
            retrying={settings.isFetching}
          />
        ) : (
          <>
            <Stack gap="sm">{CHANNELS.map(toggle)}</Stack>
            <Divider />
            <Text size="sm" fw={600}>
              {peopleMessages.notificationKindsTitle}
            </Text>
            <Stack gap="sm">{KINDS.map(toggle)}</Stack>
          </>
        )}
      </Stack>
    </Card>
  );
};
