import { Badge, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../../client/lib/api.ts';
import { useMoments } from '../../../../client/lib/moments.ts';
import { ConfirmDialog } from '../../../../client/ui/ConfirmDialog.tsx';
import { errorText } from '../../../../client/ui/FormError.tsx';
import { SectionError, SectionLoading } from '../../../../client/ui/SectionState.tsx';
import { showSuccess } from '../../../../client/ui/toast.ts';
import { useLogout } from '../../../auth/client/auth.queries.ts';
import { signInMethodLabel } from '../../../auth/two-factor.messages.ts';
import { peopleMessages } from '../../people.messages.ts';
import type { AuthSessionRow } from '../../people.schemas.ts';
import { ownSettingsKeys } from '../people.queries.ts';

const KEY = ownSettingsKeys.sessions;

/** A short name for a User-Agent: the browser and the system, enough to recognise a device. */
export const deviceName = (userAgent: string | null) => {
  if (!userAgent) return peopleMessages.unknownDevice;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /iPhone|iPad/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Mac OS X/.test(userAgent)
        ? 'macOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return browser && system ? peopleMessages.deviceOn(browser, system) : (browser ?? system ?? userAgent.slice(0, 60));
};

/** The signed-in sessions and devices, with Sign out for each and Sign out everywhere. */
export const SessionsCard = () => {
  const moments = useMoments();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const [confirming, setConfirming] = useState(false);
  const sessions = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api.get<AuthSessionRow[]>('/self/sessions', { signal, silent: true }),
  });
  const end = useMutation({
    mutationFn: (id: string) => api.delete<boolean>(`/self/sessions/${id}`),
    onSuccess: () => {
      showSuccess(peopleMessages.sessionEnded);
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
  const everywhere = useMutation({
    mutationFn: () => api.post<boolean>('/self/sign-out-everywhere', undefined, { silent: true }),
    // This session ended too: the browser forgets it and shows the sign-in page.
    onSuccess: () => void logout(),
  });
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {peopleMessages.sessionsTitle}
        </Title>
        {sessions.isPending ? (
          <SectionLoading />
        ) : sessions.isError ? (
          <SectionError
            title={peopleMessages.sessionsLoadFailed}
            error={sessions.error}
            onRetry={() => void sessions.refetch()}
            retrying={sessions.isFetching}
          />
        ) : (
          sessions.data.map((session) => (
            <Paper key={session.id} withBorder p="sm" radius="md">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Group gap={6}>
                    <Text size="sm" fw={600}>
                      {deviceName(session.userAgent)}
                    </Text>
                    {session.current && (
                      <Badge size="sm" variant="light">
                        {peopleMessages.thisSession}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="gray.7">
                    {peopleMessages.signedInAt(moments.at(session.createdAt))}
                  </Text>
                  {session.method && (
                    <Text size="xs" c="gray.7">
                      {signInMethodLabel(session.method)}
                    </Text>
                  )}
                </Stack>
                {!session.current && (
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => end.mutate(session.id)}
                    loading={end.isPending && end.variables === session.id}
                  >
                    {peopleMessages.signOutSession}
                  </Button>
                )}
              </Group>
            </Paper>
          ))
        )}
        <Group justify="flex-end">
          <Button color="red" variant="light" onClick={() => setConfirming(true)}>
            {peopleMessages.signOutEverywhere}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={peopleMessages.signOutEverywhere}
        confirmLabel={peopleMessages.signOutEverywhere}
        onConfirm={() => everywhere.mutate()}
        onClose={() => setConfirming(false)}
        pending={everywhere.isPending}
        error={everywhere.error ? errorText(everywhere.error) : null}
      >
        {peopleMessages.signOutEverywhereConfirm}
      </ConfirmDialog>
    </Card>
  );
};
