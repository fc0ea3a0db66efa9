import { Button, Card, Group, Loader, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api.ts';
import { fieldRule } from '../../../client/lib/formRules.ts';
import { showSuccess } from '../../../client/ui/toast.ts';
import { messages } from '../../../shared/messages.ts';
import { TIMEZONES } from '../../../shared/timezones.ts';
import { requiredText } from '../../../shared/validation.ts';
import type { Self, UpdateProfileInput, User } from '../../auth/auth.schemas.ts';
import { authKeys, useSelf } from '../../auth/client/auth.queries.ts';

const timezoneOptions = [...TIMEZONES];

const ProfileForm = ({ user }: { user: User }) => {
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      jobTitle: user.jobTitle ?? '',
      timezone: user.timezone,
    },
    validate: {
      firstName: fieldRule(requiredText(100)),
      lastName: fieldRule(requiredText(100)),
      timezone: (value) => (value ? null : messages.required),
    },
  });
  const save = useMutation({
    mutationFn: (patch: UpdateProfileInput) => api.patch<User>('/self', patch),
    onSuccess: (saved) => {
      // The top bar's name and clock follow at once.
      queryClient.setQueryData<Self>(authKeys.self, (self) => (self ? { ...self, user: saved } : self));
      form.resetDirty({
        firstName: saved.firstName,
        lastName: saved.lastName,
        jobTitle: saved.jobTitle ?? '',
        timezone: saved.timezone,
      });
      showSuccess(messages.settingsSaved);
    },
  });

  const submit = form.onSubmit((values) =>
    save.mutate({
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      jobTitle: values.jobTitle.trim() || null,
      timezone: values.timezone,
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
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
        <TextInput label={messages.jobTitle} autoComplete="organization-title" {...form.getInputProps('jobTitle')} />
        <Select
          label={messages.timezone}
          data={timezoneOptions}
          searchable
          allowDeselect={false}
          required
          maxDropdownHeight={280}
          {...form.getInputProps('timezone')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            {messages.saveButton}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** /settings/profile: the person's own name, job title and time zone (PATCH /self). */
export const ProfilePage = () => {
  const self = useSelf();
  return (
    <Stack gap="lg" maw={640}>
      <Title order={1} size="h2">
        {messages.profileTitle}
      </Title>
      <Card withBorder padding="lg">
        {/* The guard has loaded the session; the loader covers a refetch after a reset cache. */}
        {self.data ? (
          <ProfileForm user={self.data.user} />
        ) : (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              {messages.loading}
            </Text>
          </Group>
        )}
      </Card>
    </Stack>
  );
};
