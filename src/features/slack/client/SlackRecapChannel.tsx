import { Button, Divider, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconBrandSlack } from '@tabler/icons-react';
import { useState } from 'react';
import { errorText, FormError } from '../../../client/ui/FormError.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { showSuccess } from '../../../client/ui/toast.ts';
import { DIALOG_CLOSE_DELAY_MS } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import { slackMessages } from '../slack.messages.ts';
import type { MeetingSlack } from '../slack.schemas.ts';
import { useMeetingSlack, useSaveMeetingSlack, useSlackChannels } from './slack.queries.ts';

const NONE = '';

/** The picker: the team's channels page by page ("Load more channels"), or no channel. */
const ChannelDialog = ({
  meetingId,
  current,
  opened,
  onClose,
}: {
  meetingId: string;
  current: MeetingSlack['channel'];
  opened: boolean;
  onClose: () => void;
}) => {
  const channels = useSlackChannels(meetingId, opened);
  const save = useSaveMeetingSlack(meetingId);
  const [choice, setChoice] = useState<string>(current?.id ?? NONE);
  const listed = channels.data?.pages.flatMap((page) => page.items) ?? [];
  const options = [
    { value: NONE, label: slackMessages.slackNoRecapChannel },
    ...(current && !listed.some((c) => c.id === current.id) ? [{ value: current.id, label: `#${current.name}` }] : []),
    ...listed.map((c) => ({ value: c.id, label: c.isMember ? `#${c.name}` : slackMessages.slackNotMember(c.name) })),
  ];
  const close = () => {
    save.reset();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={slackMessages.slackRecapChannel}
      centered
      transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(
            { channelId: choice === NONE ? null : choice },
            {
              onSuccess: () => {
                showSuccess(slackMessages.slackRecapSaved);
                onClose();
              },
            },
          );
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {slackMessages.slackRecapChannelHint}
          </Text>
          {channels.isPending ? (
            <SectionLoading />
          ) : channels.isError ? (
            <SectionError
              title={slackMessages.slackChannelsFailed}
              error={channels.error}
              onRetry={() => void channels.refetch()}
              retrying={channels.isFetching}
            />
          ) : (
            <Stack gap="xs">
              <Select
                label={slackMessages.slackChannelLabel}
                data={options}
                value={choice}
                onChange={(value) => setChoice(value ?? NONE)}
                searchable
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
              {channels.hasNextPage && (
                <Button
                  variant="subtle"
                  size="compact-sm"
                  onClick={() => void channels.fetchNextPage()}
                  loading={channels.isFetchingNextPage}
                  style={{ alignSelf: 'flex-start' }}
                >
                  {slackMessages.slackMoreChannels}
                </Button>
              )}
            </Stack>
          )}
          <FormError message={save.error ? errorText(save.error) : null} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {messages.cancelButton}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!channels.isSuccess}>
              {messages.saveButton}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};

/**
 * The meeting's Slack recap channel, in its Management section: shown when the workspace is
 * connected (or, to those who manage the meeting, how to connect it); leaders and admins change it.
 */
export const SlackRecapChannel = ({ meetingId }: { meetingId: string }) => {
  const slack = useMeetingSlack(meetingId);
  const [opened, setOpened] = useState(false);
  const data = slack.data;
  if (!data?.configured || (!data.connected && !data.canManage)) return null;
  return (
    <>
      <Divider />
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconBrandSlack size={18} stroke={1.6} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Text fw={600} size="sm">
            {slackMessages.slackRecapChannel}
          </Text>
          <Text size="sm" c={data.channel ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
            {!data.connected
              ? slackMessages.slackRecapNotConnected
              : data.channel
                ? `#${data.channel.name}`
                : slackMessages.slackNoRecapChannel}
          </Text>
        </Stack>
        {data.connected && data.canManage && (
          <Button size="compact-sm" variant="light" onClick={() => setOpened(true)} style={{ flex: 'none' }}>
            {slackMessages.slackChangeChannel}
          </Button>
        )}
        {opened && (
          <ChannelDialog
            meetingId={meetingId}
            current={data.channel}
            opened={opened}
            onClose={() => setOpened(false)}
          />
        )}
      </Group>
    </>
  );
};
