import { Button, Group, Modal, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { errorText, FormError } from '../../../../client/ui/FormError.tsx';
import { messages } from '../../../../shared/messages.ts';
import type { Milestones } from '../../milestones.schemas.ts';
import { tasksMessages } from '../../tasks.messages.ts';
import type { Task } from '../../tasks.schemas.ts';
import { useGoalChoices, useMilestoneChange } from '../milestones.queries.ts';

// What else counts in a goal's progress (decision 092): open cards of its meetings (their share
// done) and one of its meetings' KPIs with a target of the goal's own. Shown under the
// milestones; chosen in a dialog of its own from every meeting of the goal the caller sees,
// searched on the server (a goal's meetings may hold thousands of cards).

type Fields = Partial<Record<'cardIds' | 'kpi' | 'form', string>>;

/** The first page of each list, for the words typed in its search box. */
const useChoices = (goalId: string, opened: boolean, chosenKpi: string | undefined) => {
  const [cardSearch, setCardSearch] = useState('');
  const [kpiSearch, setKpiSearch] = useState('');
  const [cardQ] = useDebouncedValue(cardSearch.trim(), 250);
  // The box shows the chosen KPI's name once picked: that is no search, every KPI stays listed.
  const [kpiQ] = useDebouncedValue(kpiSearch === chosenKpi ? '' : kpiSearch.trim(), 250);
  const cards = useGoalChoices(goalId, 'cards', cardQ, opened);
  const kpis = useGoalChoices(goalId, 'kpis', kpiQ, opened);
  return {
    cards: cards.data,
    kpis: kpis.data,
    cardSearch: { searchValue: cardSearch, onSearchChange: setCardSearch },
    kpiSearch: { searchValue: kpiSearch, onSearchChange: setKpiSearch },
    failed: cards.isError || kpis.isError,
  };
};

/** "Showing 100 of 240: type to narrow" under a list the first page does not hold whole. */
const moreText = (page: { items: unknown[]; total: number } | undefined) =>
  page && page.total > page.items.length ? tasksMessages.progressChoicesMore(page.items.length, page.total) : undefined;

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
  // Mounted only while open: each opening starts from the goal's sources as they are.
  const [cardIds, setCardIds] = useState<string[]>(() => sources.cards.items.map((c) => c.id));
  const [scoreId, setScoreId] = useState<string | null>(sources.kpi?.scoreId ?? null);
  const kpiLabels = useRef(new Map(sources.kpi ? [[sources.kpi.scoreId, sources.kpi.title]] : []));
  const choices = useChoices(goal.id, opened, scoreId ? kpiLabels.current.get(scoreId) : undefined);
  const [target, setTarget] = useState(sources.kpi?.target ?? '');
  const [errors, setErrors] = useState<Fields>({});
  // Every card seen in this dialog keeps its label: a chosen one stays named whatever is searched.
  const labels = useRef(new Map(sources.cards.items.map((c) => [c.id, c.title])));
  for (const c of choices.cards?.items ?? []) {
    const label =
      c.countsInGoalId && c.countsInGoalId !== goal.id ? tasksMessages.progressCardElsewhere(c.title) : c.title;
    labels.current.set(c.id, label);
  }
  const shown = new Set([...cardIds, ...(choices.cards?.items ?? []).map((c) => c.id)]);
  const cardData = [...shown].map((id) => ({ value: id, label: labels.current.get(id) ?? id }));
  // KPIs by meeting; the chosen one stays choosable whatever is searched.
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const k of choices.kpis?.items ?? []) {
    kpiLabels.current.set(k.id, k.title);
    groups.set(k.meetingTitle, [...(groups.get(k.meetingTitle) ?? []), { value: k.id, label: k.title }]);
  }
  const kpiData = [...groups].map(([group, items]) => ({ group, items }));
  if (scoreId && !(choices.kpis?.items ?? []).some((k) => k.id === scoreId))
    kpiData.unshift({
      group: tasksMessages.progressKpiCurrent,
      items: [{ value: scoreId, label: kpiLabels.current.get(scoreId) ?? scoreId }],
    });
  const pickKpi = (id: string | null) => {
    setScoreId(id);
    // A KPI's own target is where the goal's starts, until one is typed.
    const picked = choices.kpis?.items.find((k) => k.id === id);
    if (picked && !target.trim()) setTarget(picked.target);
  };
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
            description={moreText(choices.cards)}
            data={cardData}
            value={cardIds}
            onChange={setCardIds}
            searchable
            {...choices.cardSearch}
            nothingFoundMessage={tasksMessages.progressChoicesNone}
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
              description={moreText(choices.kpis)}
              data={kpiData}
              value={scoreId}
              onChange={pickKpi}
              searchable
              {...choices.kpiSearch}
              nothingFoundMessage={tasksMessages.progressChoicesNone}
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
