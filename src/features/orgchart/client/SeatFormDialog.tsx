import {
  Button,
  Checkbox,
  ColorInput,
  FileInput,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { fieldRule } from '../../../client/lib/formRules.ts';
import { useWorkspacePeople } from '../../../client/lib/workspacePeople.ts';
import { ConfirmDialog } from '../../../client/ui/ConfirmDialog.tsx';
import { DialogForm } from '../../../client/ui/DialogForm.tsx';
import { errorText } from '../../../client/ui/FormError.tsx';
import { showSuccess } from '../../../client/ui/toast.ts';
import { useDelayedClose } from '../../../client/ui/useDelayedClose.ts';
import {
  DIALOG_CLOSE_DELAY_MS,
  HEX_COLOR,
  ORG_CHART_MAX_ROWS,
  SEAT_COLORS,
  SEAT_DESCRIPTION_LINES_MAX,
  SEAT_IMAGE_MAX_BYTES,
  SEAT_IMAGE_TYPES,
  SEAT_NUMBER_MAX,
} from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import { requiredText } from '../../../shared/validation.ts';
import { orgchartMessages } from '../orgchart.messages.ts';
import type { Seat } from '../orgchart.schemas.ts';
import { useDeleteSeat, useSaveSeat } from './orgchart.queries.ts';

/** Where a new seat goes (the free place clicked, or the first free one). */
export interface SeatDraft {
  row: number;
  seatNumber: number;
  parentId: string | null;
}

/** Seat numbers not used in `row`, besides the seat's own (document 2 §5). */
export const freeNumbers = (seats: Seat[], row: number, own: string | null) => {
  const used = new Set(seats.filter((s) => s.row === row && s.id !== own).map((s) => s.seatNumber));
  return Array.from({ length: SEAT_NUMBER_MAX }, (_, i) => i + 1).filter((n) => !used.has(n));
};

/** The seat and every seat below it: none of them may become its parent. */
const withDescendants = (seats: Seat[], id: string) => {
  const below = new Set([id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const seat of seats)
      if (seat.parentId && below.has(seat.parentId) && !below.has(seat.id)) {
        below.add(seat.id);
        grew = true;
      }
  }
  return below;
};

const imageRule = (file: File | null) => {
  if (!file) return null;
  if (!(SEAT_IMAGE_TYPES as readonly string[]).includes(file.type)) return orgchartMessages.seatImageType;
  return file.size > SEAT_IMAGE_MAX_BYTES ? orgchartMessages.seatImageTooLarge : null;
};

const SeatForm = ({
  seat,
  draft,
  seats,
  onClose,
}: {
  seat: Seat | null;
  draft: SeatDraft;
  seats: Seat[];
  onClose: () => void;
}) => {
  const save = useSaveSeat();
  const remove = useDeleteSeat();
  const people = useWorkspacePeople();
  const closeSoon = useDelayedClose(onClose);
  const [confirming, setConfirming] = useState(false);
  const form = useForm({
    initialValues: {
      jobTitle: seat?.jobTitle ?? '',
      row: seat?.row ?? draft.row,
      seatNumber: String(seat?.seatNumber ?? draft.seatNumber),
      parentId: seat ? (seat.parentId ?? '') : (draft.parentId ?? ''),
      color: seat?.color ?? SEAT_COLORS[0],
      coworkers: seat?.coworkers ?? [],
      firstName: seat?.firstName ?? '',
      lastName: seat?.lastName ?? '',
      description: seat?.description.join('\n') ?? '',
      image: null as File | null,
      removeImage: false,
    },
    validate: {
      jobTitle: fieldRule(requiredText(100)),
      seatNumber: (value) => (value ? null : messages.required),
      color: (value) => (HEX_COLOR.test(value) ? null : messages.invalidValue),
      description: (value) =>
        value.split('\n').filter((line) => line.trim()).length > SEAT_DESCRIPTION_LINES_MAX
          ? messages.tooLong(SEAT_DESCRIPTION_LINES_MAX)
          : null,
      image: imageRule,
    },
  });
  const row = Number(form.values.row) || 1;
  const numbers = freeNumbers(seats, row, seat?.id ?? null);
  const excluded = seat ? withDescendants(seats, seat.id) : new Set<string>();
  const parents = seats
    .filter((s) => !excluded.has(s.id))
    .map((s) => ({ value: s.id, label: `${s.jobTitle} (${orgchartMessages.seatRow} ${s.row}, #${s.seatNumber})` }));
  // People already in the seat stay choosable even if disabled since.
  const known = new Map((people.data ?? []).map((p) => [p.id, `${p.firstName} ${p.lastName}`]));
  for (const user of seat?.users ?? [])
    if (!known.has(user.id)) known.set(user.id, `${user.firstName} ${user.lastName}`);

  const submit = form.onSubmit((values) => {
    const input = {
      jobTitle: values.jobTitle.trim(),
      row,
      seatNumber: Number(values.seatNumber),
      parentId: values.parentId || null,
      color: values.color,
      coworkers: values.coworkers,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      description: values.description
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    };
    save.mutate(
      { id: seat?.id ?? null, input, image: values.image ?? (values.removeImage ? null : undefined) },
      {
        onSuccess: () => {
          showSuccess(orgchartMessages.seatSaved);
          closeSoon();
        },
      },
    );
  });

  return (
    <>
      <DialogForm
        onSubmit={() => submit()}
        onCancel={onClose}
        submitLabel={messages.saveButton}
        pending={save.isPending}
        failure={save.error ? errorText(save.error) : null}
      >
        <TextInput label={orgchartMessages.seatJobTitle} required data-autofocus {...form.getInputProps('jobTitle')} />
        <SimpleGrid cols={2} spacing="sm">
          <NumberInput
            label={orgchartMessages.seatRow}
            min={1}
            max={ORG_CHART_MAX_ROWS}
            allowDecimal={false}
            clampBehavior="strict"
            {...form.getInputProps('row')}
            onChange={(value) => {
              form.setFieldValue('row', Number(value) || 1);
              const free = freeNumbers(seats, Number(value) || 1, seat?.id ?? null);
              if (!free.includes(Number(form.values.seatNumber)))
                form.setFieldValue('seatNumber', String(free[0] ?? ''));
            }}
          />
          <Select
            label={orgchartMessages.seatNumber}
            data={numbers.map(String)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('seatNumber')}
          />
        </SimpleGrid>
        <Select
          label={orgchartMessages.seatParent}
          data={[{ value: '', label: orgchartMessages.seatNoParent }, ...parents]}
          searchable
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('parentId')}
        />
        <ColorInput
          label={orgchartMessages.seatColor}
          withEyeDropper={false}
          format="hex"
          swatches={[...SEAT_COLORS]}
          swatchesPerRow={9}
          {...form.getInputProps('color')}
        />
        <MultiSelect
          label={orgchartMessages.seatUsers}
          data={[...known].map(([value, label]) => ({ value, label }))}
          searchable
          clearable
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('coworkers')}
        />
        <Text size="sm" fw={500} mb={-8}>
          {orgchartMessages.seatPersonHint}
        </Text>
        <SimpleGrid cols={2} spacing="sm">
          <TextInput label={orgchartMessages.seatFirstName} {...form.getInputProps('firstName')} />
          <TextInput label={orgchartMessages.seatLastName} {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <FileInput
          label={orgchartMessages.seatImage}
          accept={SEAT_IMAGE_TYPES.join(',')}
          clearable
          {...form.getInputProps('image')}
        />
        {seat?.image && !form.values.image && (
          <Checkbox
            label={orgchartMessages.seatRemoveImage}
            {...form.getInputProps('removeImage', { type: 'checkbox' })}
          />
        )}
        <Textarea
          label={orgchartMessages.seatDescription}
          autosize
          minRows={3}
          maxRows={8}
          {...form.getInputProps('description')}
        />
        {seat && (
          <Group>
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => setConfirming(true)}
            >
              {orgchartMessages.deleteSeat}
            </Button>
          </Group>
        )}
      </DialogForm>
      {seat && (
        <ConfirmDialog
          opened={confirming}
          title={orgchartMessages.deleteSeatTitle(seat.jobTitle)}
          onClose={() => {
            setConfirming(false);
            remove.reset();
          }}
          pending={remove.isPending}
          error={remove.error ? errorText(remove.error) : null}
          onConfirm={() =>
            remove.mutate(seat.id, {
              onSuccess: () => {
                showSuccess(orgchartMessages.seatDeleted);
                setConfirming(false);
                onClose();
              },
            })
          }
        >
          {orgchartMessages.deleteSeatWarning}
        </ConfirmDialog>
      )}
    </>
  );
};

/** Add Seat / Edit Seat (document 2 §2). */
export const SeatFormDialog = ({
  opened,
  seat,
  draft,
  seats,
  onClose,
}: {
  opened: boolean;
  seat: Seat | null;
  draft: SeatDraft;
  seats: Seat[];
  onClose: () => void;
}) => (
  <Modal
    opened={opened}
    onClose={onClose}
    title={seat ? orgchartMessages.editSeat : orgchartMessages.addSeat}
    centered
    size="lg"
    transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
  >
    {opened && <SeatForm seat={seat} draft={draft} seats={seats} onClose={onClose} />}
  </Modal>
);
