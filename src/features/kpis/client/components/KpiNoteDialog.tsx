import { Modal, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { DialogForm } from '../../../../client/ui/DialogForm.tsx';
import { errorText } from '../../../../client/ui/FormError.tsx';
import { useDelayedClose } from '../../../../client/ui/useDelayedClose.ts';
import { DIALOG_CLOSE_DELAY_MS } from '../../../../shared/constants.ts';
import { formatKpiValue, KPI_NOTE_MAX } from '../../../../shared/kpis.ts';
import { messages } from '../../../../shared/messages.ts';
import { kpisMessages } from '../../kpis.messages.ts';
import type { ScorecardCell, ScorecardRow } from '../../kpis.schemas.ts';
import { useSaveCell } from '../kpis.queries.ts';

// The KPI note dialog (document 2 §2): "Add Note" or "Edit Note" on a coloured cell. An empty
// note removes it.

export interface NoteTarget {
  row: ScorecardRow;
  sessionId: string;
  cell: ScorecardCell | null;
  dateLabel: string;
}

const NoteForm = ({ meetingId, target, onClose }: { meetingId: string; target: NoteTarget; onClose: () => void }) => {
  const [note, setNote] = useState(target.cell?.note ?? '');
  const save = useSaveCell(meetingId);
  const closeSoon = useDelayedClose(onClose);
  return (
    <DialogForm
      onSubmit={() =>
        save.mutate(
          {
            scoreId: target.row.id,
            sessionId: target.sessionId,
            frequency: target.row.frequency,
            body: { note: note.trim() || null },
          },
          { onSuccess: closeSoon },
        )
      }
      onCancel={onClose}
      submitLabel={messages.saveButton}
      pending={save.isPending}
      failure={save.isError ? errorText(save.error) : null}
    >
      <Text size="sm" c="dimmed">
        {kpisMessages.kpiCellLabel(target.row.title, target.dateLabel)}:{' '}
        <Text span fw={600} c="var(--mantine-color-text)">
          {formatKpiValue(target.cell?.measured ?? null, target.row)}
        </Text>
      </Text>
      <Textarea
        label={kpisMessages.kpiNoteLabel}
        data-autofocus
        autosize
        minRows={3}
        maxRows={8}
        maxLength={KPI_NOTE_MAX}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
    </DialogForm>
  );
};

export const KpiNoteDialog = ({
  meetingId,
  target,
  onClose,
}: {
  meetingId: string;
  target: NoteTarget | null;
  onClose: () => void;
}) => {
  // The last target stays rendered while the closing transition runs.
  const [shown, setShown] = useState<NoteTarget | null>(target);
  if (target !== null && target !== shown) setShown(target);
  const current = target ?? shown;
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={current?.cell?.note ? kpisMessages.kpiEditNote : kpisMessages.kpiAddNote}
      centered
      transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
    >
      {current && (
        <NoteForm
          key={`${current.row.id}/${current.sessionId}`}
          meetingId={meetingId}
          target={current}
          onClose={onClose}
        />
      )}
    </Modal>
  );
};
