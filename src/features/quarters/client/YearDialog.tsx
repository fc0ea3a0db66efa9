import { Modal, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../client/lib/api.ts';
import { DialogForm } from '../../../client/ui/DialogForm.tsx';
import { errorText } from '../../../client/ui/FormError.tsx';
import { Segmented } from '../../../client/ui/Segmented.tsx';
import { showSuccess } from '../../../client/ui/toast.ts';
import { useDelayedClose } from '../../../client/ui/useDelayedClose.ts';
import { DIALOG_CLOSE_DELAY_MS } from '../../../shared/constants.ts';
import { isRealIsoDate } from '../../../shared/dates.ts';
import { messages } from '../../../shared/messages.ts';
import { quartersMessages } from '../quarters.messages.ts';
import { defaultYearDates, isPastDate, startField, type YearDates, yearDateErrors } from '../quarters.rules.ts';
import { todayLocal } from './quarters.format.ts';
import { useSaveYear } from './quarters.queries.ts';

// One dialog for both shapes of a year (decision 043): 'Add Annual / Periods' in Administration
// (year among the allowed choices, calendar or custom year) and 'Add Quartal' / 'Edit Quartal'
// on the Quarters page (any year as YYYY). Dates already past are locked when editing.

export type YearDialogTarget =
  | { kind: 'annual'; id: string | null; dates: YearDates | null; choices: number[] }
  | { kind: 'quartal'; id: string | null; dates: YearDates | null };

const DATE_FIELDS = [0, 1, 2, 3, 4] as const;
const END_FIELD = 'endDate';
/** The server's field names for date `i` (0–3 starts, 4 the end), in either shape. */
const fieldNames = (i: number) => (i < 4 ? [startField(i), `startQuartal${i + 1}`] : [END_FIELD, 'endQuartal4']);

const YearForm = ({ target, onClose }: { target: YearDialogTarget; onClose: () => void }) => {
  const today = todayLocal();
  const editing = target.id !== null;
  const firstChoice =
    target.kind === 'annual' ? (target.choices[0] ?? Number(today.slice(0, 4))) : Number(today.slice(0, 4));
  const [dates, setDates] = useState<YearDates>(target.dates ?? defaultYearDates(firstChoice));
  const [yearText, setYearText] = useState(String(dates.year));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveYear();
  const closeSoon = useDelayedClose(onClose);
  const values = [...dates.starts, dates.endDate];
  const locked = (i: number) =>
    editing && target.dates !== null && isPastDate([...target.dates.starts, target.dates.endDate][i] as string, today);
  const calendar = target.kind === 'annual' && dates.isCalendarYear === '1';

  const setYear = (year: number) => setDates({ ...defaultYearDates(year), isCalendarYear: dates.isCalendarYear });
  const setDate = (i: number, value: string) => {
    setErrors({});
    setDates((current) =>
      i < 4
        ? { ...current, starts: current.starts.map((d, j) => (j === i ? value : d)) as YearDates['starts'] }
        : { ...current, endDate: value },
    );
  };
  const errorOf = (i: number) =>
    fieldNames(i)
      .map((name) => errors[name])
      .find(Boolean);

  const submit = () => {
    const year = target.kind === 'quartal' ? Number(yearText) : dates.year;
    const local: Record<string, string> = {};
    if (!/^\d{4}$/.test(yearText)) local.year = quartersMessages.quarterYearFormat;
    DATE_FIELDS.forEach((i) => {
      const value = values[i] as string;
      if (!value) local[fieldNames(i)[0] as string] = messages.required;
      else if (!isRealIsoDate(value)) local[fieldNames(i)[0] as string] = messages.invalidDate;
    });
    const kind =
      target.kind === 'quartal'
        ? values[0] === `${year}-01-01` && values[4] === `${year}-12-31`
          ? '1'
          : '0'
        : dates.isCalendarYear;
    const checked = { ...dates, year, isCalendarYear: kind } as YearDates;
    const found = Object.keys(local).length ? local : yearDateErrors(checked, {});
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    const onSuccess = () => {
      showSuccess(target.kind === 'annual' ? quartersMessages.annualSaved : quartersMessages.quartalSaved);
      closeSoon();
    };
    const onError = (error: unknown) => setErrors(error instanceof ApiError ? (error.errors ?? {}) : {});
    if (target.kind === 'annual') {
      save.mutate(
        {
          kind: 'annual',
          id: target.id,
          body: {
            year,
            isCalendarYear: dates.isCalendarYear,
            quarters: dates.starts.map((startDate) => ({ startDate })),
            endDate: dates.endDate,
          },
        },
        { onSuccess, onError },
      );
    } else {
      const [s1, s2, s3, s4, end] = values as string[];
      save.mutate(
        {
          kind: 'quartal',
          body: {
            ...(target.id ? { id: target.id } : {}),
            year,
            startQuartal1: s1 as string,
            startQuartal2: s2 as string,
            startQuartal3: s3 as string,
            startQuartal4: s4 as string,
            endQuartal4: end as string,
          },
        },
        { onSuccess, onError },
      );
    }
  };

  const label = (i: number) =>
    target.kind === 'annual'
      ? i < 4
        ? quartersMessages.periodStartLabel(i + 1)
        : quartersMessages.periodEndLabel(4)
      : i < 4
        ? quartersMessages.quarterStartLabel(i + 1)
        : quartersMessages.quarterEndLabel;
  // A message for a field the form has no input for (e.g. the year) shows under the fields.
  const shownFields = new Set([...DATE_FIELDS.flatMap(fieldNames), 'year']);
  const other = Object.entries(errors).find(([field]) => !shownFields.has(field))?.[1];

  return (
    <DialogForm
      onSubmit={submit}
      onCancel={onClose}
      submitLabel={messages.saveButton}
      pending={save.isPending}
      failure={
        other ?? (save.error && !(save.error instanceof ApiError && save.error.errors) ? errorText(save.error) : null)
      }
    >
      {target.kind === 'annual' ? (
        <>
          <Select
            label={quartersMessages.annualYearLabel}
            data={(editing ? [dates.year] : target.choices).map((y) => String(y))}
            value={String(dates.year)}
            onChange={(value) => value && setYear(Number(value))}
            disabled={editing}
            error={errors.year}
            comboboxProps={{ withinPortal: true }}
          />
          <Segmented
            aria-label={quartersMessages.annualKindLabel}
            value={dates.isCalendarYear}
            disabled={editing && locked(0)}
            onChange={(value) =>
              setDates(value === '1' ? defaultYearDates(dates.year) : { ...dates, isCalendarYear: '0' })
            }
            data={[
              { value: '1', label: quartersMessages.annualCalendarYear },
              { value: '0', label: quartersMessages.annualFiscalYear },
            ]}
          />
        </>
      ) : (
        <TextInput
          label={quartersMessages.annualYearLabel}
          placeholder="YYYY"
          inputMode="numeric"
          maxLength={4}
          value={yearText}
          disabled={editing}
          onChange={(event) => {
            const text = event.currentTarget.value;
            setYearText(text);
            if (/^\d{4}$/.test(text) && !target.dates) setDates(defaultYearDates(Number(text)));
          }}
          error={errors.year}
          data-autofocus
        />
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {DATE_FIELDS.map((i) => (
          <TextInput
            key={i}
            type="date"
            label={label(i)}
            value={values[i]}
            onChange={(event) => setDate(i, event.currentTarget.value)}
            disabled={locked(i) || (calendar && (i === 0 || i === 4))}
            error={errorOf(i)}
          />
        ))}
      </SimpleGrid>
    </DialogForm>
  );
};

export const YearDialog = ({ target, onClose }: { target: YearDialogTarget | null; onClose: () => void }) => {
  const title = !target
    ? ''
    : target.kind === 'annual'
      ? target.id && target.dates
        ? quartersMessages.editAnnual(target.dates.year)
        : quartersMessages.addAnnual
      : target.id
        ? quartersMessages.editQuartal
        : quartersMessages.addQuartal;
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={title}
      centered
      transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
    >
      {target && <YearForm target={target} onClose={onClose} />}
    </Modal>
  );
};
