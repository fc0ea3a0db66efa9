import { Button, Group, NumberInput, Select, Stack, Switch, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { errorText, FormError } from '../../../client/ui/FormError.tsx';
import { SectionCard } from '../../../client/ui/SectionCard.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { showSuccess } from '../../../client/ui/toast.ts';
import { PROPOSAL_HOURS, PROPOSAL_RULES } from '../proposals.kinds.ts';
import { proposalsMessages as m } from '../proposals.messages.ts';
import type { RuleSettings } from '../proposals.schemas.ts';
import { useProposalSettings, useSaveProposalSettings } from './proposals.queries.ts';

// A meeting's proposal settings (decision 123), beside its other meeting settings: when proposals
// are prepared and each rule on or off with its thresholds. Everyone who sees the meeting reads
// them; its leaders and workspace admins change them.

export const ProposalSettingsCard = ({ meetingId }: { meetingId: string }) => {
  const settings = useProposalSettings(meetingId);
  const save = useSaveProposalSettings(meetingId);
  const [rules, setRules] = useState<RuleSettings | null>(null);
  const data = settings.data;
  // Another leader's change (refetched by the room's event) replaces what is shown.
  useEffect(() => setRules(data?.rules ?? null), [data]);
  const hours = data?.hoursBefore ?? 24;
  const hourOptions = [...new Set([...PROPOSAL_HOURS, hours])]
    .sort((a, b) => a - b)
    .map((value) => ({ value: String(value), label: m.hoursOption(value) }));
  const saved = () => showSuccess(m.saved);
  return (
    <SectionCard title={m.settingsTitle} level={3}>
      {settings.isPending ? (
        <SectionLoading />
      ) : !data || !rules ? (
        <SectionError
          title={m.settingsLoadFailed}
          error={settings.error}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      ) : (
        <Stack gap="sm" maw={560}>
          <Text size="sm" c="dimmed">
            {data.canEdit ? m.settingsDescription : m.leadersOnly}
          </Text>
          <Select
            label={m.hoursBefore}
            data={hourOptions}
            value={String(hours)}
            allowDeselect={false}
            disabled={!data.canEdit || save.isPending}
            onChange={(value) => value && save.mutate({ hoursBefore: Number(value) }, { onSuccess: saved })}
            comboboxProps={{ withinPortal: true }}
          />
          {PROPOSAL_RULES.map((rule) => {
            const current = rules[rule] as Record<string, number | boolean>;
            const fields = Object.keys(current).filter((key) => key !== 'enabled');
            return (
              <Stack key={rule} gap={4}>
                <Switch
                  label={m.ruleNames[rule]}
                  description={m.ruleHelp[rule]}
                  checked={current.enabled as boolean}
                  disabled={!data.canEdit}
                  onChange={(event) =>
                    setRules({ ...rules, [rule]: { ...current, enabled: event.currentTarget.checked } })
                  }
                />
                {fields.length > 0 && (
                  <Group gap="xs" pl={48} wrap="wrap">
                    {fields.map((field) => (
                      <NumberInput
                        key={field}
                        // Its spinner buttons are smaller than a finger; the arrow keys still step it.
                        hideControls
                        size="xs"
                        w={150}
                        label={m.fields[field] ?? field}
                        min={1}
                        max={365}
                        allowDecimal={false}
                        value={current[field] as number}
                        disabled={!data.canEdit || !current.enabled}
                        onChange={(value) =>
                          setRules({ ...rules, [rule]: { ...current, [field]: typeof value === 'number' ? value : 1 } })
                        }
                      />
                    ))}
                  </Group>
                )}
              </Stack>
            );
          })}
          {data.canEdit && (
            <Group>
              <Button loading={save.isPending} onClick={() => save.mutate({ rules }, { onSuccess: saved })}>
                {m.saveRules}
              </Button>
            </Group>
          )}
          <FormError message={save.isError ? `${m.saveFailed}: ${errorText(save.error)}` : null} />
        </Stack>
      )}
    </SectionCard>
  );
};
