import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { DEFAULT_TIMEZONE } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import { TIMEZONES } from '../../../shared/timezones.ts';
import { peopleMessages } from '../people.messages.ts';
import type { Contact } from '../people.schemas.ts';
import { dobToInput, inputToDob } from './dob.ts';

// The person's fields shared by the user form (Add/Edit contact) and Basic Info.

export interface ContactFormValues {
  firstName: string;
  lastName: string;
  jobTitle: string;
  timezone: string;
  phone: string;
  alternativePhone: string;
  address: string;
  alternativeAddress: string;
  dob: string;
  slack: string;
}

type Fields = Pick<
  Contact,
  | 'firstName'
  | 'lastName'
  | 'jobTitle'
  | 'timezone'
  | 'phone'
  | 'alternativePhone'
  | 'address'
  | 'alternativeAddress'
  | 'dob'
  | 'slack'
>;

/** The form's values for `person`; a new person starts in `defaultTimezone` (the admin's own). */
export const contactFormValues = (
  person: Partial<Fields> | null,
  defaultTimezone = DEFAULT_TIMEZONE,
): ContactFormValues => ({
  firstName: person?.firstName ?? '',
  lastName: person?.lastName ?? '',
  jobTitle: person?.jobTitle ?? '',
  timezone: person?.timezone ?? defaultTimezone,
  phone: person?.phone ?? '',
  alternativePhone: person?.alternativePhone ?? '',
  address: person?.address ?? '',
  alternativeAddress: person?.alternativeAddress ?? '',
  dob: dobToInput(person?.dob),
  slack: person?.slack ?? '',
});

/** The body fields for the API: trimmed, empty → null (cleared), the date as YYYY-MM-DD. */
export const contactPayload = (values: ContactFormValues) => ({
  firstName: values.firstName.trim(),
  lastName: values.lastName.trim(),
  jobTitle: values.jobTitle.trim() || null,
  timezone: values.timezone,
  phone: values.phone.trim() || null,
  alternativePhone: values.alternativePhone.trim() || null,
  address: values.address.trim() || null,
  alternativeAddress: values.alternativeAddress.trim() || null,
  dob: inputToDob(values.dob) ?? null,
  slack: values.slack.trim() || null,
});

export const dobRule = (value: string) => (inputToDob(value) === undefined ? peopleMessages.invalidDob : null);

const timezoneOptions = [...TIMEZONES];

/** Job title, time zone, phones, addresses, date of birth and Slack. */
export const ContactDetailFields = <V extends ContactFormValues>({ form }: { form: UseFormReturnType<V> }) => (
  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
    <TextInput label={peopleMessages.jobTitle} autoComplete="organization-title" {...form.getInputProps('jobTitle')} />
    <Select
      label={peopleMessages.timezone}
      data={timezoneOptions}
      searchable
      allowDeselect={false}
      maxDropdownHeight={240}
      comboboxProps={{ withinPortal: true }}
      {...form.getInputProps('timezone')}
    />
    <TextInput label={peopleMessages.phone} type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
    <TextInput label={peopleMessages.alternativePhone} type="tel" {...form.getInputProps('alternativePhone')} />
    <TextInput label={peopleMessages.address} autoComplete="street-address" {...form.getInputProps('address')} />
    <TextInput label={peopleMessages.alternativeAddress} {...form.getInputProps('alternativeAddress')} />
    <TextInput
      label={peopleMessages.dateOfBirth}
      placeholder={peopleMessages.dobPlaceholder}
      inputMode="numeric"
      {...form.getInputProps('dob')}
    />
    <TextInput label={messages.slack} placeholder={peopleMessages.slackPlaceholder} {...form.getInputProps('slack')} />
  </SimpleGrid>
);
