import { Select, Stack } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../client/lib/api.ts';
import { registerRealtimeUpdater } from '../../../../client/lib/realtimeCache.ts';
import { errorText, FormError } from '../../../../client/ui/FormError.tsx';
import { SectionCard } from '../../../../client/ui/SectionCard.tsx';
import { SectionError, SectionLoading } from '../../../../client/ui/SectionState.tsx';
import { showSuccess } from '../../../../client/ui/toast.ts';
import type {} from '../../kpi-reminders.events.ts';
import { kpiReminderMessages } from '../../kpi-reminders.messages.ts';
import { KPI_REMINDER_HOURS, type KpiReminder } from '../../kpi-reminders.schemas.ts';

// The scorecard nudge (decision 120): "Remind owners of empty KPIs", off or some hours before
// each meeting date. Everyone who sees the meeting reads it; its leaders and admins change it.

const OFF = 'off';
const OPTIONS = [
  { value: OFF, label: kpiReminderMessages.off },
  ...KPI_REMINDER_HOURS.map((hours) => ({ value: String(hours), label: kpiReminderMessages.hoursBefore(hours) })),
];

const keyOf = (meetingId: string) => ['kpis', 'reminder', meetingId] as const;

// Another leader's change shows at once on every open settings page of the meeting.
registerRealtimeUpdater('kpi.reminder.changed', (queryClient, data) => {
  queryClient.setQueryData<KpiReminder>(keyOf(data.meetingId), (current) =>
    current ? { ...current, hoursBefore: data.hoursBefore } : current,
  );
});

export const ScoreReminderSetting = ({ meetingId }: { meetingId: string }) => {
  const queryClient = useQueryClient();
  const key = keyOf(meetingId);
  const reminder = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<KpiReminder>(`/meetings/${meetingId}/kpis/reminder`, { signal, silent: true }),
  });
  const save = useMutation({
    mutationFn: (hoursBefore: number | null) =>
      api.put<KpiReminder>(`/meetings/${meetingId}/kpis/reminder`, { hoursBefore }, { silent: true }),
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      showSuccess(kpiReminderMessages.saved);
    },
  });
  const data = reminder.data;
  // A value saved through the API that the list does not offer still shows as itself.
  const current = data?.hoursBefore ?? null;
  const options =
    current !== null && !OPTIONS.some((option) => option.value === String(current))
      ? [...OPTIONS, { value: String(current), label: kpiReminderMessages.hoursBefore(current) }]
      : OPTIONS;
  return (
    <SectionCard title={kpiReminderMessages.title}>
      {reminder.isPending ? (
        <SectionLoading />
      ) : !data ? (
        <SectionError
          title={kpiReminderMessages.loadFailed}
          error={reminder.error}
          onRetry={() => void reminder.refetch()}
          retrying={reminder.isFetching}
        />
      ) : (
        <Stack gap="xs" maw={420}>
          <Select
            label={kpiReminderMessages.label}
            description={data.canEdit ? kpiReminderMessages.description : kpiReminderMessages.leadersOnly}
            data={options}
            value={current === null ? OFF : String(current)}
            onChange={(value) => {
              if (value === null) return;
              save.mutate(value === OFF ? null : Number(value));
            }}
            allowDeselect={false}
            disabled={!data.canEdit || save.isPending}
            comboboxProps={{ withinPortal: true }}
            data-testid="kpi-reminder-select"
          />
          <FormError message={save.isError ? `${kpiReminderMessages.saveFailed}: ${errorText(save.error)}` : null} />
        </Stack>
      )}
    </SectionCard>
  );
};
