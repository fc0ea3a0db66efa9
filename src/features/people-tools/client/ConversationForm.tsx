import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../../client/ui/FormError.tsx';
import { Segmented } from '../../../client/ui/Segmented.tsx';
import { showSuccess } from '../../../client/ui/toast.ts';
import { peopleToolsMessages as m } from '../people-tools.messages.ts';
import type { Answers, Conversation, Form } from '../people-tools.schemas.ts';
import { useConversationActions } from './people-tools.queries.ts';

const EMPTY: Answers = {
  working: '',
  notWorking: '',
  values: {},
  gwc: { getsIt: null, wantsIt: null, capacity: null },
  goals: {},
};
const RATINGS = [
  { value: '+', label: m.ratingPlus },
  { value: '+/-', label: m.ratingMixed },
  { value: '-', label: m.ratingMinus },
];
const YES_NO = [
  { value: 'yes', label: m.yes },
  { value: 'no', label: m.no },
];
const GWC = [
  ['getsIt', m.getsIt],
  ['wantsIt', m.wantsIt],
  ['capacity', m.capacity],
] as const;

/** The caller's own form: filled alone, saved as a draft, then submitted once. */
export const ConversationForm = ({ conversation }: { conversation: Conversation }) => {
  const { saveForm } = useConversationActions(conversation.id);
  const [answers, setAnswers] = useState<Answers>(conversation.myForm?.answers ?? EMPTY);
  const set = (patch: Partial<Answers>) => setAnswers((current) => ({ ...current, ...patch }));
  const save = (submit: boolean) =>
    saveForm.mutate({ answers, submit }, { onSuccess: () => showSuccess(submit ? m.formSubmitted : m.formSaved) });
  return (
    <Stack gap="sm" component="section" aria-label={m.myForm}>
      <Textarea
        label={m.whatsWorking}
        value={answers.working}
        onChange={(e) => set({ working: e.currentTarget.value })}
        autosize
        minRows={2}
      />
      <Textarea
        label={m.whatsNotWorking}
        value={answers.notWorking}
        onChange={(e) => set({ notWorking: e.currentTarget.value })}
        autosize
        minRows={2}
      />
      {conversation.coreValues.length > 0 && (
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {m.coreValuesRating}
          </Text>
          {conversation.coreValues.map((value) => (
            <Group key={value.id} justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm" id={`value-${value.id}`}>
                {value.title}
              </Text>
              <Segmented
                size="xs"
                aria-labelledby={`value-${value.id}`}
                data={RATINGS}
                value={answers.values[value.id] ?? ''}
                onChange={(rating) => set({ values: { ...answers.values, [value.id]: rating as '+' } })}
              />
            </Group>
          ))}
        </Stack>
      )}
      <Stack gap={4}>
        <Text fw={600} size="sm">
          {m.gwc}
        </Text>
        {GWC.map(([key, label]) => (
          <Group key={key} justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" id={`gwc-${key}`}>
              {label}
            </Text>
            <Segmented
              size="xs"
              aria-labelledby={`gwc-${key}`}
              data={YES_NO}
              value={answers.gwc[key] === null ? '' : answers.gwc[key] ? 'yes' : 'no'}
              onChange={(choice) => set({ gwc: { ...answers.gwc, [key]: choice === 'yes' } })}
            />
          </Group>
        ))}
      </Stack>
      <Stack gap={4}>
        <Text fw={600} size="sm">
          {m.quarterGoals}
        </Text>
        {conversation.goals.length === 0 && (
          <Text size="sm" c="gray.7">
            {m.goalsNone}
          </Text>
        )}
        {conversation.goals.map((goal) => (
          <TextInput
            key={goal.id}
            label={`${goal.title} (${goal.statusName})`}
            placeholder={m.goalComment}
            value={answers.goals[goal.id] ?? ''}
            onChange={(e) => set({ goals: { ...answers.goals, [goal.id]: e.currentTarget.value } })}
          />
        ))}
      </Stack>
      {saveForm.error && (
        <Text size="sm" c="red.8" role="alert">
          {errorText(saveForm.error)}
        </Text>
      )}
      <Group gap="xs">
        <Button variant="default" onClick={() => save(false)} loading={saveForm.isPending}>
          {m.saveDraft}
        </Button>
        <Button onClick={() => save(true)} loading={saveForm.isPending}>
          {m.submitForm}
        </Button>
      </Group>
    </Stack>
  );
};

const yesNo = (value: boolean | null) => (value === null ? '—' : value ? m.yes : m.no);

/** A submitted form, read only (one column of the side-by-side view). */
export const FormView = ({
  title,
  form,
  conversation,
}: {
  title: string;
  form: Form | null;
  conversation: Conversation;
}) => (
  <Stack gap={6} component="section" aria-label={title}>
    <Text fw={700}>{title}</Text>
    {!form ? (
      <Text size="sm" c="gray.7">
        {m.waitingForOther}
      </Text>
    ) : (
      <>
        <Text size="sm" fw={600}>
          {m.whatsWorking}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {form.answers.working || '—'}
        </Text>
        <Text size="sm" fw={600}>
          {m.whatsNotWorking}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {form.answers.notWorking || '—'}
        </Text>
        <Text size="sm" fw={600}>
          {m.coreValuesRating}
        </Text>
        {conversation.coreValues.map((value) => (
          <Text key={value.id} size="sm">
            {value.title}: {form.answers.values[value.id] ?? '—'}
          </Text>
        ))}
        <Text size="sm" fw={600}>
          {m.gwc}
        </Text>
        {GWC.map(([key, label]) => (
          <Text key={key} size="sm">
            {label}: {yesNo(form.answers.gwc[key])}
          </Text>
        ))}
        <Text size="sm" fw={600}>
          {m.quarterGoals}
        </Text>
        {conversation.goals.map((goal) => (
          <Text key={goal.id} size="sm">
            {goal.title} ({goal.statusName}){form.answers.goals[goal.id] ? ` — ${form.answers.goals[goal.id]}` : ''}
          </Text>
        ))}
      </>
    )}
  </Stack>
);
