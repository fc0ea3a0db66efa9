import { Select, Stack } from '@mantine/core';
import { errorText, FormError } from '../../../client/ui/FormError.tsx';
import { SectionCard } from '../../../client/ui/SectionCard.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { showSuccess } from '../../../client/ui/toast.ts';
import { digestsMessages } from '../digests.messages.ts';
import { DIGEST_HOURS } from '../digests.schemas.ts';
import { useDigestSetting, useSaveDigestSetting } from './digests.queries.ts';

// The before-meeting digest (decision 125): off or some hours before each meeting date (24 by
// default). Everyone who sees the meeting reads it; its leaders and admins change it.

const OFF = 'off';
const OPTIONS = [
  { value: OFF, label: digestsMessages.off },
  ...DIGEST_HOURS.map((hours) => ({ value: String(hours), label: digestsMessages.hoursBefore(hours) })),
];

export const DigestSetting = ({ meetingId }: { meetingId: string }) => {
  const setting = useDigestSetting(meetingId);
  const save = useSaveDigestSetting(meetingId);
  const data = setting.data;
  // A value saved through the API that the list does not offer still shows as itself.
  const current = data?.hoursBefore ?? null;
  const options =
    current !== null && !OPTIONS.some((option) => option.value === String(current))
      ? [...OPTIONS, { value: String(current), label: digestsMessages.hoursBefore(current) }]
      : OPTIONS;
  return (
    <SectionCard title={digestsMessages.label}>
      {setting.isPending ? (
        <SectionLoading />
      ) : !data ? (
        <SectionError
          title={digestsMessages.loadFailed}
          error={setting.error}
          onRetry={() => void setting.refetch()}
          retrying={setting.isFetching}
        />
      ) : (
        <Stack gap="xs" maw={420}>
          <Select
            label={digestsMessages.selectLabel}
            description={data.canEdit ? digestsMessages.description : digestsMessages.leadersOnly}
            data={options}
            value={current === null ? OFF : String(current)}
            onChange={(value) => {
              if (value === null) return;
              save.mutate(value === OFF ? null : Number(value), {
                onSuccess: () => showSuccess(digestsMessages.saved),
              });
            }}
            allowDeselect={false}
            disabled={!data.canEdit || save.isPending}
            comboboxProps={{ withinPortal: true }}
            data-testid="digest-select"
          />
          <FormError message={save.isError ? `${digestsMessages.saveFailed}: ${errorText(save.error)}` : null} />
        </Stack>
      )}
    </SectionCard>
  );
};
