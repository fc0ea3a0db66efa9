import { Modal, NumberInput, Select, Switch, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../../client/lib/api.ts';
import { DialogForm } from '../../../../client/ui/DialogForm.tsx';
import { errorText } from '../../../../client/ui/FormError.tsx';
import { RichTextEditor } from '../../../../client/ui/RichTextEditor.tsx';
import { showSuccess } from '../../../../client/ui/toast.ts';
import {
  AGENCY_COLORS,
  AGENCY_ICONS,
  AGENCY_LIMITS,
  type AgencyKind,
  DIALOG_CLOSE_DELAY_MS,
} from '../../../../shared/constants.ts';
import { messages } from '../../../../shared/messages.ts';
import { agencyMessages } from '../../agency.messages.ts';
import {
  ZCreateAgencyCategory,
  ZCreateAgencyColumn,
  ZCreateAgencyItem,
  ZCreateAgencyQuestion,
} from '../../agency.schemas.ts';
import { useSaveContent } from '../agency.queries.ts';

// The admin's form for a category, framework, column or question of the workspace's own
// (decision 052): one dialog whose fields follow the kind; the server's own schemas check it
// first, so the messages match the server's.

type Values = Record<string, unknown>;
type Field =
  | { name: string; label: string; type: 'text' | 'textarea' | 'rich'; required?: boolean; max: number }
  | { name: string; label: string; type: 'select'; options: { value: string; label: string }[]; clearable?: boolean }
  | { name: string; label: string; type: 'number'; min: number; max: number }
  | { name: string; label: string; type: 'switch' };

const icons = AGENCY_ICONS.map((icon) => ({ value: icon, label: icon }));
const colors = AGENCY_COLORS.map((color) => ({ value: color, label: color }));

const FIELDS = (parents: { value: string; label: string }[]): Record<AgencyKind, Field[]> => ({
  categories: [
    { name: 'title', label: agencyMessages.agencyFieldTitle, type: 'text', required: true, max: AGENCY_LIMITS.title },
    {
      name: 'description',
      label: agencyMessages.agencyFieldDescription,
      type: 'textarea',
      max: AGENCY_LIMITS.description,
    },
    { name: 'avatar', label: agencyMessages.agencyFieldAvatar, type: 'select', options: icons },
    { name: 'color', label: agencyMessages.agencyFieldColor, type: 'select', options: colors },
    {
      name: 'buttonTitle',
      label: agencyMessages.agencyFieldButtonTitle,
      type: 'text',
      required: true,
      max: AGENCY_LIMITS.buttonTitle,
    },
  ],
  items: [
    { name: 'title', label: agencyMessages.agencyFieldTitle, type: 'text', required: true, max: AGENCY_LIMITS.title },
    {
      name: 'description',
      label: agencyMessages.agencyFieldDescription,
      type: 'textarea',
      max: AGENCY_LIMITS.description,
    },
    { name: 'recap', label: agencyMessages.agencyFieldRecap, type: 'textarea', max: AGENCY_LIMITS.recap },
    { name: 'url', label: agencyMessages.agencyFieldUrl, type: 'text', max: AGENCY_LIMITS.url },
    { name: 'isDefault', label: agencyMessages.agencyFieldDefault, type: 'switch' },
  ],
  columns: [
    { name: 'title', label: agencyMessages.agencyFieldTitle, type: 'text', required: true, max: AGENCY_LIMITS.title },
    { name: 'subtitle', label: agencyMessages.agencyFieldSubtitle, type: 'text', max: AGENCY_LIMITS.subtitle },
    { name: 'image', label: agencyMessages.agencyFieldImage, type: 'select', options: icons, clearable: true },
    { name: 'color', label: agencyMessages.agencyFieldColor, type: 'select', options: colors },
    {
      name: 'columnType',
      label: agencyMessages.agencyFieldColumnType,
      type: 'select',
      options: [
        { value: 'editable', label: agencyMessages.agencyColumnEditable },
        { value: 'noneditable', label: agencyMessages.agencyColumnNoneditable },
      ],
    },
    {
      name: 'parentId',
      label: agencyMessages.agencyFieldParent,
      type: 'select',
      options: parents,
      clearable: true,
    },
    { name: 'description', label: agencyMessages.agencyFieldDescription, type: 'rich', max: AGENCY_LIMITS.description },
  ],
  questions: [
    {
      name: 'question',
      label: agencyMessages.agencyFieldQuestion,
      type: 'textarea',
      required: true,
      max: AGENCY_LIMITS.question,
    },
    {
      name: 'maxLength',
      label: agencyMessages.agencyFieldMaxLength,
      type: 'number',
      min: 1,
      max: AGENCY_LIMITS.answer,
    },
    {
      name: 'numOfAnswers',
      label: agencyMessages.agencyFieldNumOfAnswers,
      type: 'number',
      min: 1,
      max: AGENCY_LIMITS.numOfAnswers,
    },
    { name: 'addAnswer', label: agencyMessages.agencyFieldAddAnswer, type: 'switch' },
  ],
});

const SCHEMAS = {
  categories: ZCreateAgencyCategory,
  items: ZCreateAgencyItem,
  columns: ZCreateAgencyColumn,
  questions: ZCreateAgencyQuestion,
} as const;

/** What a new piece of content starts with. */
export const DEFAULTS: Record<AgencyKind, Values> = {
  categories: { title: '', description: '', avatar: 'bulb', color: 'blue', buttonTitle: '' },
  items: { title: '', description: '', recap: '', url: '', isDefault: false },
  columns: {
    title: '',
    subtitle: '',
    image: null,
    color: 'blue',
    columnType: 'editable',
    parentId: null,
    description: '',
  },
  questions: { question: '', maxLength: 500, numOfAnswers: 1, addAnswer: false },
};

const TITLES: Record<AgencyKind, [string, string]> = {
  categories: [agencyMessages.agencyAddCategory, agencyMessages.agencyEditCategory],
  items: [agencyMessages.agencyAddItem, agencyMessages.agencyEditItem],
  columns: [agencyMessages.agencyAddColumn, agencyMessages.agencyEditColumn],
  questions: [agencyMessages.agencyAddQuestion, agencyMessages.agencyEditQuestion],
};

export interface ContentForm {
  kind: AgencyKind;
  /** The row being changed; null for a new one. */
  id: string | null;
  values: Values;
  /** A new row's parent field (categoryId, itemId, columnId). */
  parent: Values;
  /** Columns a column may follow. */
  parents: { value: string; label: string }[];
}

const FormBody = ({ form, onClose }: { form: ContentForm; onClose: () => void }) => {
  const save = useSaveContent(form.kind);
  const [values, setValues] = useState<Values>(form.values);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fields = FIELDS(form.parents)[form.kind];
  const set = (name: string, value: unknown) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: '' }));
  };
  const submit = () => {
    const checked = SCHEMAS[form.kind].safeParse({
      ...values,
      ...form.parent,
      ...(form.id ? fakeParent(form.kind) : {}),
    });
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0] ?? ''), issue.message])));
      return;
    }
    save.mutate(
      { id: form.id, input: { ...values, ...form.parent } },
      {
        onSuccess: () => {
          showSuccess(agencyMessages.agencySavedContent);
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.errors) setErrors(error.errors);
        },
      },
    );
  };
  return (
    <DialogForm
      onSubmit={submit}
      onCancel={onClose}
      submitLabel={messages.saveButton}
      pending={save.isPending}
      failure={save.error ? errorText(save.error) : null}
    >
      {fields.map((field, index) => {
        const common = {
          label: field.label,
          error: errors[field.name] || undefined,
          'data-autofocus': index === 0 || undefined,
        };
        const value = values[field.name];
        switch (field.type) {
          case 'text':
            return (
              <TextInput
                key={field.name}
                {...common}
                required={field.required}
                maxLength={field.max}
                value={(value as string | null) ?? ''}
                onChange={(event) => set(field.name, event.currentTarget.value)}
              />
            );
          case 'textarea':
            return (
              <Textarea
                key={field.name}
                {...common}
                required={field.required}
                autosize
                minRows={2}
                maxRows={6}
                value={(value as string | null) ?? ''}
                onChange={(event) => set(field.name, event.currentTarget.value)}
              />
            );
          case 'rich':
            return (
              <RichTextEditor
                key={field.name}
                label={field.label}
                minHeight={80}
                value={(value as string | null) ?? ''}
                onChange={(html) => set(field.name, html)}
              />
            );
          case 'select':
            return (
              <Select
                key={field.name}
                {...common}
                data={field.options}
                value={(value as string | null) ?? null}
                onChange={(next) => set(field.name, next)}
                clearable={field.clearable}
                allowDeselect={field.clearable ?? false}
                placeholder={field.name === 'parentId' ? agencyMessages.agencyNoParent : undefined}
                comboboxProps={{ withinPortal: true }}
              />
            );
          case 'number':
            return (
              <NumberInput
                key={field.name}
                {...common}
                min={field.min}
                max={field.max}
                allowDecimal={false}
                allowNegative={false}
                value={value as number}
                onChange={(next) => set(field.name, next === '' ? undefined : Number(next))}
              />
            );
          default:
            return (
              <Switch
                key={field.name}
                label={field.label}
                checked={Boolean(value)}
                onChange={(event) => set(field.name, event.currentTarget.checked)}
              />
            );
        }
      })}
    </DialogForm>
  );
};

/** A change keeps its parent: the create schema is checked with a stand-in parent id. */
const STAND_IN = '00000000-0000-4000-8000-000000000000';
const fakeParent = (kind: AgencyKind): Values =>
  kind === 'items'
    ? { categoryId: STAND_IN }
    : kind === 'columns'
      ? { itemId: STAND_IN }
      : kind === 'questions'
        ? { columnId: STAND_IN }
        : {};

export const ContentFormDialog = ({ form, onClose }: { form: ContentForm | null; onClose: () => void }) => (
  <Modal
    opened={form !== null}
    onClose={onClose}
    title={form ? TITLES[form.kind][form.id ? 1 : 0] : ''}
    centered
    size="lg"
    transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
  >
    {form && <FormBody key={`${form.kind}-${form.id ?? 'new'}`} form={form} onClose={onClose} />}
  </Modal>
);
