import { ActionIcon, Button, Group, Popover, Stack, Text, TextInput } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { errorText } from '../../../client/ui/FormError.tsx';
import { messages } from '../../../shared/messages.ts';
import { isoDate } from '../../../shared/validation.ts';
import { timeMessages } from '../time.messages.ts';
import { formatMoney, moneyText, parseMoney } from '../time.money.ts';
import { useCostRates, useDeleteCostRate, useSaveCostRate } from './timesheet.queries.ts';
import { shortDate, todayIso } from './week.ts';

/**
 * A person's hourly cost (admins): the rate from a day on, and the earlier rates with a remove
 * button each (decision 090). An entry costs the rate in force on the day it was spent.
 */
export const CostRateEditor = ({ userId, name, current }: { userId: string; name: string; current: number | null }) => {
  const [opened, setOpened] = useState(false);
  const [amount, setAmount] = useState(current === null ? '' : moneyText(current));
  const [from, setFrom] = useState(() => `${todayIso().slice(0, 7)}-01`);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const rates = useCostRates(userId, opened);
  const save = useSaveCostRate();
  const remove = useDeleteCostRate();
  const title = timeMessages.timeSetCostRate(name);
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus withinPortal width={280}>
      <Popover.Target>
        <ActionIcon variant="subtle" size="sm" aria-label={title} onClick={() => setOpened((o) => !o)}>
          <IconEdit size={14} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          aria-label={title}
          onSubmit={(event) => {
            event.preventDefault();
            const hourlyCost = parseMoney(amount);
            const found: Record<string, string> = {};
            if (hourlyCost === null) found.hourlyCost = timeMessages.timeMoneyFormat;
            if (!isoDate().safeParse(from).success) found.validFrom = messages.invalidDate;
            setErrors(found);
            if (hourlyCost === null || Object.keys(found).length > 0) return;
            save.mutate(
              { userId, hourlyCost, validFrom: from },
              {
                onSuccess: () => setOpened(false),
                onError: (e) =>
                  setErrors({ ...((e as { errors?: Record<string, string> }).errors ?? {}), form: errorText(e) }),
              },
            );
          }}
        >
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {title}
            </Text>
            <TextInput
              label={timeMessages.timeCostPerHour}
              value={amount}
              onChange={(e) => setAmount(e.currentTarget.value)}
              error={errors.hourlyCost}
              inputMode="decimal"
              data-autofocus
            />
            <TextInput
              type="date"
              label={timeMessages.timeCostFrom}
              value={from}
              onChange={(e) => setFrom(e.currentTarget.value)}
              error={errors.validFrom}
            />
            {errors.form && !errors.hourlyCost && !errors.validFrom && (
              <Text size="sm" c="red" role="alert">
                {errors.form}
              </Text>
            )}
            <Button type="submit" size="xs" loading={save.isPending}>
              {timeMessages.timeSave}
            </Button>
            {(rates.data?.length ?? 0) > 0 && (
              <Stack gap={2}>
                <Text size="xs" c="dimmed">
                  {timeMessages.timeCostRates}
                </Text>
                {rates.data?.map((rate) => (
                  <Group key={rate.validFrom} justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm">
                      {shortDate(rate.validFrom)} {rate.validFrom.slice(0, 4)}
                    </Text>
                    <Group gap={4} wrap="nowrap">
                      <Text size="sm" ff="monospace">
                        {formatMoney(rate.hourlyCost)}
                      </Text>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="sm"
                        aria-label={timeMessages.timeRemoveCostRate(rate.validFrom)}
                        loading={remove.isPending && remove.variables?.validFrom === rate.validFrom}
                        onClick={() => remove.mutate({ userId, validFrom: rate.validFrom })}
                      >
                        <IconTrash size={14} />
                      </ActionIcon>
                    </Group>
                  </Group>
                ))}
              </Stack>
            )}
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
};
