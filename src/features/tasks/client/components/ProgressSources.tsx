import { Button, Group, Modal, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../../client/lib/api.ts';
import { errorText, FormError } from '../../../../client/ui/FormError.tsx';
import { messages } from '../../../../shared/messages.ts';
import type { Milestones } from '../../milestones.schemas.ts';
import { tasksMessages } from '../../tasks.messages.ts';
import type { Task, TaskPage } from '../../tasks.schemas.ts';
import { useMilestoneChange } from '../milestones.queries.ts';

// What else counts in a goal's progress (decision 092): cards of its meeting (their share done)
// and one of the meeting's KPIs with a target of the goal's own. Shown under the milestones;
// chosen in a dialog of its own.

type Fields = Partial<Record<'cardIds' | 'kpi' | 'form', string>>;

/** The meeting's cards and KPIs to choose from (only while the dialog is open). */
const useChoices = (meetingId: string | undefined, goalId: string, enabled: boolean) => {
  const cards = useQuery({
    queryKey: ['tasks', 'list', 'progress-choices', meetingId],
    enabled: enabled && meetingId !== undefined,
    queryFn: ({ signal }) =>
      api.get<TaskPage>(`/tasks?meetingId=${meetingId}&state=active&limit=100`, { signal, silent: true }),
  });
  const kpis = useQuery({
    queryKey: ['kpis', 'choices', meetingId],
    enabled: enabled && meetingId !== undefined,
    queryFn: ({ signal }) =>
      api.get<{ scores: { id: string; title: string }[] }>(`/meetings/${meetingId}/kpis`, { signal, silent: true }),
  });
  return {
    cards: (cards.data?.items ?? []).filter((c) => c.id !== goalId && c.type !== '1'),
    kpis: kpis.data?.scores ?? [],
    failed: cards.isError || kpis.isError,
  };
};

const SourcesDialog = ({
  goal,
  sources,
  opened,
  onClose,
}: {
  goal: Task;
  sources: Milestones['sources'];
  opened: boolean;
  onClose: () => void;
}) => {
  const change = useMilestoneChange(goal.id);
  const choices = useChoices(goal.meetingIds[0], goal.id, opened);
  // Mounted only while open: each opening starts from the goal's sources as they are.
  const [cardIds, setCardIds] = useState<string[]>(() => sources.cards.items.map((c) => c.id));
  const [scoreId, setScoreId] = useState<string | null>(sources.kpi?.scoreId ?? null);
  const [target, setTarget] = useState(sources.kpi?.target ?? '');
  const [errors, setErrors] = useState<Fields>({});
  // Linked cards stay choosable even when no longer open.
  const cardData = [
    ...sources.cards.items.map((c) => ({ value: c.id, label: c.title })),
    ...choices.cards
      .filter((c) => !sources.cards.items.some((s) => s.id === c.id))
      .map((c) => ({ value: c.id, label: c.title })),
  ];
  const kpiData = choices.kpis.map((k) => ({ value: k.id, label: k.title }));
  if (sources.kpi && !kpiData.some((k) => k.value === sources.kpi!.scoreId))
    kpiData.unshift({ value: sources.kpi.scoreId, label: sources.kpi.title });
  const save = () => {
    if (scoreId && !target.trim()) return setErrors({ kpi: tasksMessages.progressTargetRequired });
    change.mutate(
      { kind: 'sources', input: { cardIds, kpi: scoreId ? { scoreId, target } : null } },
      {
        onSuccess: onClose,
        onError: (error) => {
          const fields = (error as { errors?: Record<string, string> }).errors ?? {};
          setErrors({
            cardIds: fields.cardIds,
            kpi: fields.kpi ?? fields['kpi.target'] ?? fields['kpi.scoreId'],
            form: fields.cardIds || fields.kpi ? undefined : errorText(error),
          });
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title={tasksMessages.progressSourcesTitle}>
      <form
        noValidate
        aria-label={tasksMessages.progressSourcesTitle}
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{tasksMessages.progressSourcesText}</Text>
          {choices.failed && <FormError message={tasksMessages.progressChoicesFailed} />}
          <MultiSelect
            label={tasksMessages.progressCards}
            data={cardData}
            value={cardIds}
            onChange={setCardIds}
            searchable
            clearable
            error={errors.cardIds}
            comboboxProps={{ withinPortal: false }}
          />
          <Group gap="xs" align="flex-start" wrap="wrap">
            <Select
              flex={2}
              miw={180}
              label={tasksMessages.progressKpi}
              placeholder={tasksMessages.progressKpiNone}
              data={kpiData}
              value={scoreId}
              onChange={setScoreId}
              clearable
              error={errors.kpi}
              comboboxProps={{ withinPortal: false }}
            />
            <TextInput
              flex={1}
              miw={120}
              label={tasksMessages.progressTarget}
              value={target}
              disabled={!scoreId}
              onChange={(event) => setTarget(event.currentTarget.value)}
            />
          </Group>
          <FormError message={errors.form ?? null} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {messages.cancelButton}
            </Button>
            <Button type="submit" loading={change.isPending}>
              {messages.saveButton}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};

/** The goal's other progress sources, said in words, and the button that chooses them. */
export const ProgressSources = ({ goal, sources }: { goal: Task; sources: Milestones['sources'] }) => {
  const [open, setOpen] = useState(false);
  const { cards, kpi } = sources;
  return (
    <Stack gap={4} data-testid="progress-sources">
      {cards.total > 0 && (
        <Text size="sm" c="dimmed">
          {tasksMessages.progressCardsDone(cards.done, cards.total)}
        </Text>
      )}
      {kpi && (
        <Text size="sm" c="dimmed">
          {tasksMessages.progressKpiAt(kpi.title, kpi.latest, kpi.target)}
        </Text>
      )}
      <Group>
        <Button size="xs" variant="subtle" onClick={() => setOpen(true)}>
          {tasksMessages.progressSourcesButton}
        </Button>
      </Group>
      {open && <SourcesDialog goal={goal} sources={sources} opened={open} onClose={() => setOpen(false)} />}
    </Stack>
  );
};
