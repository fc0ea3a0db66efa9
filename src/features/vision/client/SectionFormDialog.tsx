import { Alert, Modal, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { ApiError, api } from '../../../client/lib/api.ts';
import { fieldRule } from '../../../client/lib/formRules.ts';
import { DialogForm } from '../../../client/ui/DialogForm.tsx';
import { errorText } from '../../../client/ui/FormError.tsx';
import { RichTextEditor } from '../../../client/ui/RichTextEditor.tsx';
import { showSuccess } from '../../../client/ui/toast.ts';
import { useDelayedClose } from '../../../client/ui/useDelayedClose.ts';
import { DIALOG_CLOSE_DELAY_MS, VISION_DESCRIPTION_MAX, VISION_TITLE_MAX } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import { requiredText } from '../../../shared/validation.ts';
import { visionMessages } from '../vision.messages.ts';
import type { Section, SectionKind, Template } from '../vision.schemas.ts';
import { useSaveSection, watchSectionEdits } from './vision.queries.ts';

const KIND_LABELS: Record<SectionKind, string> = {
  text: visionMessages.sectionKindText,
  quarterlyGoals: visionMessages.sectionKindQuarterlyGoals,
  longTermIssues: visionMessages.sectionKindLongTermIssues,
};

/**
 * Add Section / Update Section. A save names the version the editor started from (decision
 * 047): when someone else saved in between, the server refuses it, the dialog says so, keeps
 * the text typed here, and the next save (made knowingly) goes over theirs.
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
  const form = useForm({
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
  const conflict = save.error instanceof ApiError && save.error.status === 409;
  const submit = form.onSubmit((values) => {
    const input = {
      title: values.title.trim(),
      kind: values.kind,
      ...(values.kind === 'text' ? { description: values.description } : {}),
    };
    save.mutate(
      { id: section?.id ?? null, input: section ? { ...input, version } : input },
      {
        onSuccess: () => {
          showSuccess(visionMessages.sectionSaved);
          closeSoon();
        },
        onError: (error) => {
          // Theirs is shown on the board now; a second save here goes over it knowingly.
          if (error instanceof ApiError && error.status === 409 && section)
            void api
              .get<Template>(`/vision/templates/${templateId}`, { silent: true })
              .then((fresh) => setVersion(fresh.sections.find((s) => s.id === section.id)?.version ?? version));
        },
      },
    );
  });
  return (
    <DialogForm
      onSubmit={() => submit()}
      onCancel={onClose}
      submitLabel={messages.saveButton}
      pending={save.isPending}
      failure={save.error && !conflict ? errorText(save.error) : null}
    >
      {(conflict || changedElsewhere) && (
        <Alert color="yellow" role="alert" p="xs">
          {conflict ? visionMessages.sectionConflict : visionMessages.sectionChangedElsewhere(section?.title ?? '')}
        </Alert>
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
