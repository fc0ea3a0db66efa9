import { Alert, Modal, Select, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../client/lib/api.ts';
import { fieldRule } from '../../../client/lib/formRules.ts';
import { useWorkspacePeople } from '../../../client/lib/workspacePeople.ts';
import { ConflictNotice } from '../../../client/ui/ConflictNotice.tsx';
import { DialogForm } from '../../../client/ui/DialogForm.tsx';
import { errorText } from '../../../client/ui/FormError.tsx';
import { RichTextEditor } from '../../../client/ui/RichTextEditor.tsx';
import { SafeHtml } from '../../../client/ui/SafeHtml.tsx';
import { showSuccess } from '../../../client/ui/toast.ts';
import { useDelayedClose } from '../../../client/ui/useDelayedClose.ts';
import { DIALOG_CLOSE_DELAY_MS, VISION_DESCRIPTION_MAX, VISION_TITLE_MAX } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import { fullName } from '../../../shared/person.ts';
import { requiredText } from '../../../shared/validation.ts';
import { visionMessages } from '../vision.messages.ts';
import type { Section, SectionKind } from '../vision.schemas.ts';
import { useSaveSection, useTemplate, watchSectionEdits } from './vision.queries.ts';

const KIND_LABELS: Record<SectionKind, string> = {
  text: visionMessages.sectionKindText,
  quarterlyGoals: visionMessages.sectionKindQuarterlyGoals,
  longTermIssues: visionMessages.sectionKindLongTermIssues,
};

/**
 * Add Section / Update Section. A save names the version the editor started from (decisions 047,
 * 089): when someone else saved other text in between, the server refuses it and nothing is
 * overwritten; the dialog keeps the text typed here and shows both, to keep this one (saved over
 * the version now shown) or take theirs.
 */
const SectionForm = ({
  templateId,
  section,
  onClose,
}: {
  templateId: string;
  section: Section | null;
  onClose: () => void;
}) => {
  const save = useSaveSection(templateId);
  const closeSoon = useDelayedClose(onClose);
  const [version, setVersion] = useState(section?.version ?? 1);
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  // Why the last save was refused (someone changed the section meanwhile); the form keeps this
  // person's text.
  const [refused, setRefused] = useState<string | null>(null);
  // The section as the board now has it (refetched after a refusal): the other person's text.
  const board = useTemplate(section ? templateId : null);
  const current = section ? board.data?.sections.find((s) => s.id === section.id) : undefined;
  const people = useWorkspacePeople(refused !== null);
  const changer = people.data?.find((person) => person.id === current?.changedBy);
  const form = useForm<SectionValues>({
    initialValues: {
      title: section?.title ?? '',
      kind: (section?.kind ?? 'text') as SectionKind,
      description: section?.description ?? '',
    },
    validate: {
      title: fieldRule(requiredText(VISION_TITLE_MAX)),
      description: (value) => (value.length > VISION_DESCRIPTION_MAX ? messages.descriptionTooLong : null),
    },
  });
  // Someone saved this section while it is open here: say so at once, before a save fails.
  useEffect(
    () =>
      section
        ? watchSectionEdits((data) => {
            if (data.sectionId === section.id && data.version !== null && data.version > version)
              setChangedElsewhere(true);
          })
        : undefined,
    [section, version],
  );
  const send = (values: SectionValues, over: number) => {
    setRefused(null);
    const input = {
      title: values.title.trim(),
      kind: values.kind,
      ...(values.kind === 'text' ? { description: values.description } : {}),
    };
    save.mutate(
      { id: section?.id ?? null, input: section ? { ...input, version: over } : input },
      {
        onSuccess: () => {
          showSuccess(visionMessages.sectionSaved);
          closeSoon();
        },
        onError: (error) => {
          // The board refetches the section (theirs); nothing is sent again until the person chooses.
          if (error instanceof ApiError && error.status === 409 && section) setRefused(errorText(error));
        },
      },
    );
  };
  const submit = form.onSubmit((values) => send(values, version));
  const keepMine = (over: number) => {
    if (form.validate().hasErrors) return;
    setChangedElsewhere(false);
    setVersion(over);
    send(form.values, over);
  };
  const takeTheirs = (theirs: Section) => {
    setRefused(null);
    setChangedElsewhere(false);
    save.reset();
    setVersion(theirs.version);
    form.setValues({ title: theirs.title, kind: theirs.kind, description: theirs.description });
  };
  const conflict = save.error instanceof ApiError && save.error.status === 409;
  return (
    <DialogForm
      onSubmit={() => submit()}
      onCancel={onClose}
      submitLabel={messages.saveButton}
      pending={save.isPending}
      failure={save.error && !conflict ? errorText(save.error) : null}
    >
      {/* Both texts once the board has read theirs (a newer version than the one typed over). */}
      {refused && current && current.version !== version ? (
        <ConflictNotice
          message={refused}
          theirName={changer ? fullName(changer) : ''}
          theirs={<SectionText values={current} />}
          mine={<SectionText values={form.values} />}
          onKeepMine={() => keepMine(current.version)}
          onUseTheirs={() => takeTheirs(current)}
        />
      ) : (
        (conflict || changedElsewhere) && (
          <Alert color="yellow" role="alert" p="xs">
            {refused ?? visionMessages.sectionChangedElsewhere(section?.title ?? '')}
          </Alert>
        )
      )}
      <TextInput label={visionMessages.sectionTitle} required data-autofocus {...form.getInputProps('title')} />
      <Select
        label={visionMessages.sectionKind}
        data={Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('kind')}
      />
      {form.values.kind === 'text' ? (
        <RichTextEditor
          label={visionMessages.sectionDescription}
          value={form.values.description}
          onChange={(html) => form.setFieldValue('description', html)}
          error={form.errors.description as string | undefined}
          minHeight={180}
        />
      ) : null}
    </DialogForm>
  );
};

type SectionValues = { title: string; kind: SectionKind; description: string };

/** One side of a refused save: the section's title and, for written text, its text. */
const SectionText = ({ values }: { values: SectionValues }) => (
  <>
    <Text size="sm" fw={600}>
      {values.title}
    </Text>
    {values.kind === 'text' ? <SafeHtml html={values.description} fz="sm" /> : KIND_LABELS[values.kind]}
  </>
);

export const SectionFormDialog = ({
  opened,
  templateId,
  section,
  onClose,
}: {
  opened: boolean;
  templateId: string;
  section: Section | null;
  onClose: () => void;
}) => (
  <Modal
    opened={opened}
    onClose={onClose}
    title={section ? visionMessages.updateSection : visionMessages.addSection}
    centered
    size="lg"
    transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
  >
    {opened && <SectionForm templateId={templateId} section={section} onClose={onClose} />}
  </Modal>
);
