import { Modal, Table, Text } from '@mantine/core';
import { SectionError, SectionLoading } from '../../../../client/ui/SectionState.tsx';
import { DIALOG_CLOSE_DELAY_MS } from '../../../../shared/constants.ts';
import { messages } from '../../../../shared/messages.ts';
import { meetingsMessages } from '../../meetings.messages.ts';
import { totalMinutes } from '../meetings.format.ts';
import { useAgenda } from '../meetings.queries.ts';

/** The checked agenda items with their minutes and the total (document 1 §2), with its loading and error states. */
export const AgendaPreview = ({ meetingId }: { meetingId: string }) => {
  const agenda = useAgenda(meetingId);
  if (agenda.isPending) return <SectionLoading />;
  if (agenda.isError)
    return (
      <SectionError
        title={meetingsMessages.agendaLoadFailed}
        error={agenda.error}
        onRetry={() => void agenda.refetch()}
        retrying={agenda.isFetching}
      />
    );
  const checked = agenda.data.filter((item) => item.checked);
  if (checked.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {meetingsMessages.noAgendaItems}
      </Text>
    );
  return (
    <Table verticalSpacing={6} fz="sm" aria-label={messages.agendaLabel}>
      <Table.Tbody>
        {checked.map((item, index) => (
          <Table.Tr key={item.id}>
            <Table.Td w={28} c="dimmed">
              {index + 1}.
            </Table.Td>
            <Table.Td>{item.title}</Table.Td>
            <Table.Td ta="right" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {messages.minutesShort(item.duration)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Td />
          <Table.Td fw={600}>{meetingsMessages.totalMinutes(totalMinutes(agenda.data))}</Table.Td>
          <Table.Td />
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
};

/** The meetings list's AG shortcut: the meeting's agenda in a dialog. */
export const AgendaPreviewDialog = ({
  meeting,
  opened,
  onClose,
}: {
  meeting: { id: string; title: string };
  opened: boolean;
  onClose: () => void;
}) => (
  <Modal
    opened={opened}
    onClose={onClose}
    title={meetingsMessages.agendaShortcutNamed(meeting.title)}
    centered
    transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
  >
    {opened && <AgendaPreview meetingId={meeting.id} />}
  </Modal>
);
