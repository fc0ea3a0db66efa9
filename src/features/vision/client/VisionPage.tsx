import { Button, Card, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconPrinter, IconTemplate, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from '../../../client/lib/router/index.ts';
import { useSelf } from '../../../client/lib/self.ts';
import { ConfirmDialog } from '../../../client/ui/ConfirmDialog.tsx';
import { DialogForm } from '../../../client/ui/DialogForm.tsx';
import { errorText } from '../../../client/ui/FormError.tsx';
import { PdfExportMenu } from '../../../client/ui/PdfExportMenu.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { Segmented } from '../../../client/ui/Segmented.tsx';
import { showError, showSuccess } from '../../../client/ui/toast.ts';
import { DIALOG_CLOSE_DELAY_MS, VISION_TITLE_MAX } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import { requiredText } from '../../../shared/validation.ts';
import { visionMessages } from '../vision.messages.ts';
import type { Section, Template, TemplatesPage } from '../vision.schemas.ts';
import { DEFAULT_CATALOG_KEY } from '../vision.templates.ts';
import { SectionCard } from './SectionCard.tsx';
import { SectionFormDialog } from './SectionFormDialog.tsx';
import {
  useCreateTemplate,
  useDeleteSection,
  useDeleteTemplate,
  useTemplate,
  useTemplates,
  useUpdateTemplate,
} from './vision.queries.ts';
import type { VisionSlots } from './vision.slots.ts';
import './vision.css';

/** The first board: a template of the catalogue, copied into the workspace. */
const StartBoard = ({ catalog, onCreated }: { catalog: TemplatesPage['catalog']; onCreated: (id: string) => void }) => {
  const create = useCreateTemplate();
  const [key, setKey] = useState(DEFAULT_CATALOG_KEY);
  const chosen = catalog.find((entry) => entry.key === key);
  return (
    <Card withBorder padding="lg" radius="md" maw={560}>
      <Stack gap="sm" align="flex-start">
        <Text fw={600}>{visionMessages.visionEmpty}</Text>
        <Select
          label={visionMessages.visionStartFrom}
          data={catalog.map((entry) => ({ value: entry.key, label: entry.title }))}
          value={key}
          onChange={(value) => value && setKey(value)}
          allowDeselect={false}
          w="100%"
        />
        {chosen && (
          <Text size="sm" c="gray.7">
            {chosen.sectionTitles.join(' · ')}
          </Text>
        )}
        <Button
          loading={create.isPending}
          onClick={() =>
            chosen &&
            create.mutate(
              { title: chosen.title, catalogKey: chosen.key },
              { onSuccess: (template) => onCreated(template.id), onError: (error) => showError(errorText(error)) },
            )
          }
        >
          {visionMessages.visionStart}
        </Button>
      </Stack>
    </Card>
  );
};

/** Save template: the board as it is now, under a new title. */
const SaveTemplateDialog = ({
  template,
  opened,
  onClose,
  onSaved,
}: {
  template: Template;
  opened: boolean;
  onClose: () => void;
  onSaved: (id: string) => void;
}) => {
  const create = useCreateTemplate();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={visionMessages.saveTemplateTitle}
      centered
      transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
    >
      <DialogForm
        onSubmit={() => {
          const checked = requiredText(VISION_TITLE_MAX).safeParse(title);
          if (!checked.success) {
            setError(checked.error.issues[0]?.message ?? messages.required);
            return;
          }
          create.mutate(
            { title: checked.data, fromTemplateId: template.id, columns: template.columns === 1 ? 1 : 2 },
            {
              onSuccess: (saved) => {
                showSuccess(visionMessages.templateSaved);
                onSaved(saved.id);
                onClose();
              },
            },
          );
        }}
        onCancel={onClose}
        submitLabel={messages.saveButton}
        pending={create.isPending}
        failure={create.error ? errorText(create.error) : null}
      >
        <TextInput
          label={visionMessages.templateTitle}
          required
          data-autofocus
          value={title}
          error={error}
          onChange={(event) => {
            setTitle(event.currentTarget.value);
            setError(null);
          }}
        />
      </DialogForm>
    </Modal>
  );
};

const Board = ({
  template,
  onSelect,
  slots,
}: {
  template: Template;
  onSelect: (id: string | null) => void;
  slots?: VisionSlots | undefined;
}) => {
  const isAdmin = useSelf().data?.tenant?.isAdmin === '1';
  const update = useUpdateTemplate(template.id);
  const removeSection = useDeleteSection(template.id);
  const removeTemplate = useDeleteTemplate();
  const [editing, setEditing] = useState<{ section: Section | null } | null>(null);
  const [deleting, setDeleting] = useState<Section | null>(null);
  const [deletingTemplate, setDeletingTemplate] = useState(false);
  const [saving, setSaving] = useState(false);
  return (
    <>
      <Group gap="xs" wrap="wrap" className="cadence-no-print">
        <Segmented
          aria-label={visionMessages.twoColumns}
          value={String(template.columns)}
          data={[
            { value: '1', label: visionMessages.oneColumn },
            { value: '2', label: visionMessages.twoColumns },
          ]}
          onChange={(value) =>
            update.mutate({ columns: value === '1' ? 1 : 2 }, { onError: (error) => showError(errorText(error)) })
          }
        />
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ section: null })}>
          {visionMessages.addSection}
        </Button>
        <Button variant="default" leftSection={<IconTemplate size={16} />} onClick={() => setSaving(true)}>
          {visionMessages.saveTemplate}
        </Button>
        <PdfExportMenu
          path={(paper) => `/vision/templates/${template.id}/export?paper=${paper}`}
          fileName="vision-board.pdf"
        />
        <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
          {messages.printButton}
        </Button>
        {isAdmin && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => setDeletingTemplate(true)}
          >
            {visionMessages.deleteTemplate}
          </Button>
        )}
      </Group>
      <Title order={2} size="h3" className="vision-print-title">
        {template.title}
      </Title>
      <SimpleGrid
        cols={{ base: 1, md: template.columns }}
        spacing="md"
        className={`vision-grid vision-cols-${template.columns}`}
      >
        {template.sections.map((section) => (
          <SectionCard
            key={section.id}
            section={section}
            onEdit={() => setEditing({ section })}
            onDelete={() => setDeleting(section)}
            extra={slots?.sectionExtra(section)}
          />
        ))}
      </SimpleGrid>
      <SectionFormDialog
        opened={editing !== null}
        templateId={template.id}
        section={editing?.section ?? null}
        onClose={() => setEditing(null)}
      />
      <SaveTemplateDialog template={template} opened={saving} onClose={() => setSaving(false)} onSaved={onSelect} />
      <ConfirmDialog
        opened={deleting !== null}
        title={visionMessages.deleteSectionTitle(deleting?.title ?? '')}
        pending={removeSection.isPending}
        error={removeSection.error ? errorText(removeSection.error) : null}
        onClose={() => {
          setDeleting(null);
          removeSection.reset();
        }}
        onConfirm={() =>
          deleting &&
          removeSection.mutate(deleting.id, {
            onSuccess: () => {
              showSuccess(visionMessages.sectionDeleted);
              setDeleting(null);
            },
          })
        }
      >
        {visionMessages.deleteSectionWarning}
      </ConfirmDialog>
      <ConfirmDialog
        opened={deletingTemplate}
        title={visionMessages.deleteTemplateTitle(template.title)}
        pending={removeTemplate.isPending}
        error={removeTemplate.error ? errorText(removeTemplate.error) : null}
        onClose={() => setDeletingTemplate(false)}
        onConfirm={() =>
          removeTemplate.mutate(template.id, {
            onSuccess: () => {
              showSuccess(visionMessages.templateDeleted);
              setDeletingTemplate(false);
              onSelect(null);
            },
          })
        }
      >
        {visionMessages.deleteTemplateWarning}
      </ConfirmDialog>
    </>
  );
};

/** /vto: the vision board (document 2 §2). */
export const VisionPage = ({ slots }: { slots?: VisionSlots } = {}) => {
  const templates = useTemplates();
  const [params, setParams] = useSearchParams();
  const items = templates.data?.items ?? [];
  const wanted = params.get('template');
  const selectedId = items.find((t) => t.id === wanted)?.id ?? items[0]?.id ?? null;
  const template = useTemplate(selectedId);
  const select = (id: string | null) => setParams(id ? { template: id } : {}, { replace: true });
  return (
    <Stack gap="md" className="cadence-printable">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {visionMessages.visionTitle}
        </Title>
        {items.length > 0 && (
          <Select
            className="cadence-no-print"
            label={visionMessages.templateSelect}
            data={items.map((t) => ({ value: t.id, label: t.title }))}
            value={selectedId}
            onChange={(value) => value && select(value)}
            allowDeselect={false}
            w={260}
          />
        )}
      </Group>
      {templates.isPending ? (
        <SectionLoading />
      ) : templates.isError ? (
        <SectionError
          title={visionMessages.visionLoadFailed}
          error={templates.error}
          onRetry={() => void templates.refetch()}
          retrying={templates.isFetching}
        />
      ) : items.length === 0 ? (
        <StartBoard catalog={templates.data.catalog} onCreated={select} />
      ) : template.isError ? (
        <SectionError
          title={visionMessages.visionLoadFailed}
          error={template.error}
          onRetry={() => void template.refetch()}
          retrying={template.isFetching}
        />
      ) : template.data ? (
        <Board template={template.data} onSelect={select} slots={slots} />
      ) : (
        <SectionLoading />
      )}
    </Stack>
  );
};
