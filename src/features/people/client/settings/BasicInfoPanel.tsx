import { Button, Card, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../client/lib/api.ts';
import { fieldRule } from '../../../../client/lib/formRules.ts';
import { selfKey, useSelf } from '../../../../client/lib/self.ts';
import { PhotoInput } from '../../../../client/ui/PhotoInput.tsx';
import { SectionLoading } from '../../../../client/ui/SectionState.tsx';
import { showSuccess } from '../../../../client/ui/toast.ts';
import { LOCALES, PROFILE_IMAGE_MAX_BYTES } from '../../../../shared/constants.ts';
import { messages } from '../../../../shared/messages.ts';
import type { Self, User } from '../../../../shared/self.ts';
import { requiredText } from '../../../../shared/validation.ts';
import { peopleMessages } from '../../people.messages.ts';
import {
  ContactDetailFields,
  type ContactFormValues,
  contactFormValues,
  contactPayload,
  dobRule,
} from '../ContactFields.tsx';
import { uploadPhoto, useSetOwnImage } from '../people.queries.ts';

interface Values extends ContactFormValues {
  locale: string;
  firstDayOfWeek: string;
}

const valuesOf = (user: User): Values => ({
  ...contactFormValues(user),
  locale: user.locale,
  firstDayOfWeek: String(user.firstDayOfWeek),
});

const BasicInfoForm = ({ user }: { user: User }) => {
  const queryClient = useQueryClient();
  const setOwnImage = useSetOwnImage();
  const form = useForm<Values>({
    initialValues: valuesOf(user),
    validate: { firstName: fieldRule(requiredText(100)), lastName: fieldRule(requiredText(100)), dob: dobRule },
  });
  const save = useMutation({
    mutationFn: (values: Values) =>
      api.patch<User>('/self', {
        ...contactPayload(values),
        locale: values.locale,
        firstDayOfWeek: Number(values.firstDayOfWeek),
      }),
    onSuccess: (saved) => {
      // The top bar's name, clock and date pickers follow at once.
      queryClient.setQueryData<Self>(selfKey, (self) => (self ? { ...self, user: saved } : self));
      form.resetDirty(valuesOf(saved));
      showSuccess(peopleMessages.profileUpdated);
    },
  });
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
      <Stack gap="md">
        <PhotoInput
          name={name}
          image={user.image}
          maxBytes={PROFILE_IMAGE_MAX_BYTES}
          tooLargeMessage={peopleMessages.profileImageTooLarge}
          upload={async (file) => {
            const { image } = await uploadPhoto('/self/photo', file);
            setOwnImage(image);
            showSuccess(peopleMessages.profileUpdated);
            return image;
          }}
          remove={async () => {
            await api.delete('/self/photo');
            setOwnImage(null);
          }}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={messages.firstName}
            autoComplete="given-name"
            required
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label={messages.lastName}
            autoComplete="family-name"
            required
            {...form.getInputProps('lastName')}
          />
        </SimpleGrid>
        <TextInput label={messages.email} value={user.email} readOnly variant="filled" />
        <ContactDetailFields form={form} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={peopleMessages.locale}
            data={LOCALES.map((value) => ({ value, label: peopleMessages.localeNames[value] }))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('locale')}
          />
          <Select
            label={peopleMessages.firstDayOfWeek}
            data={peopleMessages.weekdays.map((label, index) => ({ value: String(index), label }))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('firstDayOfWeek')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            {messages.saveButton}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** /settings/profile: Basic Info (PATCH /self, PUT /self/photo). */
export const BasicInfoPanel = () => {
  const self = useSelf();
  return (
    <Card withBorder padding="lg" radius="md">
      {self.data ? <BasicInfoForm user={self.data.user} /> : <SectionLoading />}
    </Card>
  );
};
