import {
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Modal,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '../../../../client/lib/api.ts';
import { useSelf } from '../../../../client/lib/self.ts';
import { ConfirmDialog } from '../../../../client/ui/ConfirmDialog.tsx';
import { errorText, FormError, fieldErrorsOf } from '../../../../client/ui/FormError.tsx';
import { SectionCard } from '../../../../client/ui/SectionCard.tsx';
import { SectionError, SectionLoading } from '../../../../client/ui/SectionState.tsx';
import { showSuccess } from '../../../../client/ui/toast.ts';
import { DIALOG_CLOSE_DELAY_MS } from '../../../../shared/constants.ts';
import { ssoMessages } from '../../sso.messages.ts';
import type { SsoSettings, SsoSettingsInput } from '../../sso.schemas.ts';

// Administration → Single sign-on (decision 103): the workspace's own OpenID Connect provider.

const ssoSettingsKey = (tenantId: string) => ['sso', 'settings', tenantId] as const;

const useSsoSettings = (tenantId: string | undefined) =>
  useQuery({
    queryKey: ssoSettingsKey(tenantId ?? ''),
    queryFn: ({ signal }) => api.get<SsoSettings>(`/workspaces/${tenantId}/sso`, { signal, silent: true }),
    enabled: Boolean(tenantId),
  });

const useSaveSso = (tenantId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SsoSettingsInput | null) =>
      input
        ? api.put<SsoSettings>(`/workspaces/${tenantId}/sso`, input, { silent: true })
        : api.delete<SsoSettings>(`/workspaces/${tenantId}/sso`, undefined, { silent: true }),
    onSuccess: (settings) => queryClient.setQueryData(ssoSettingsKey(tenantId), settings),
  });
};

const SsoDialog = ({
  opened,
  settings,
  tenantId,
  onClose,
}: {
  opened: boolean;
  settings: SsoSettings;
  tenantId: string;
  onClose: () => void;
}) => {
  const save = useSaveSso(tenantId);
  const [values, setValues] = useState({
    displayName: settings.displayName,
    issuer: settings.issuer,
    clientId: settings.clientId,
    clientSecret: '',
    allowedDomains: settings.allowedDomains.join(', '),
    joinOnFirstSignIn: settings.joinOnFirstSignIn,
    requireSso: settings.requireSso,
  });
  const errors = fieldErrorsOf(save.error);
  const set = <K extends keyof typeof values>(field: K, value: (typeof values)[K]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        displayName: values.displayName,
        issuer: values.issuer.trim(),
        clientId: values.clientId,
        ...(values.clientSecret ? { clientSecret: values.clientSecret } : {}),
        allowedDomains: values.allowedDomains
          .split(/[,\s]+/)
          .map((domain) => domain.trim())
          .filter(Boolean),
        joinOnFirstSignIn: values.joinOnFirstSignIn,
        requireSso: values.requireSso,
      },
      {
        onSuccess: () => {
          showSuccess(ssoMessages.saved);
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={settings.configured ? ssoMessages.sectionTitle : ssoMessages.configure}
      centered
      size="lg"
      transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={ssoMessages.displayName}
            required
            value={values.displayName}
            onChange={(event) => set('displayName', event.currentTarget.value)}
            error={errors.displayName}
            data-autofocus
          />
          <TextInput
            label={ssoMessages.issuer}
            required
            placeholder="https://login.example.com/realms/acme"
            value={values.issuer}
            onChange={(event) => set('issuer', event.currentTarget.value)}
            error={errors.issuer}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={ssoMessages.clientId}
              required
              value={values.clientId}
              onChange={(event) => set('clientId', event.currentTarget.value)}
              error={errors.clientId}
            />
            <PasswordInput
              label={ssoMessages.clientSecret}
              description={settings.hasClientSecret ? ssoMessages.clientSecretKept : undefined}
              autoComplete="new-password"
              value={values.clientSecret}
              onChange={(event) => set('clientSecret', event.currentTarget.value)}
              error={errors.clientSecret}
            />
          </SimpleGrid>
          <TextInput
            label={ssoMessages.allowedDomains}
            description={ssoMessages.allowedDomainsHelp}
            required
            value={values.allowedDomains}
            onChange={(event) => set('allowedDomains', event.currentTarget.value)}
            error={errors.allowedDomains}
          />
          <Checkbox
            label={ssoMessages.joinOnFirstSignIn}
            checked={values.joinOnFirstSignIn}
            onChange={(event) => set('joinOnFirstSignIn', event.currentTarget.checked)}
          />
          <Checkbox
            label={ssoMessages.requireSso}
            checked={values.requireSso}
            onChange={(event) => set('requireSso', event.currentTarget.checked)}
          />
          <FormError message={save.error && Object.keys(errors).length === 0 ? errorText(save.error) : null} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {ssoMessages.cancel}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {ssoMessages.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};

/** A URL to copy into the provider or to people: shown whole, wrapping anywhere on a phone. */
const Copyable = ({ label, value }: { label: string; value: string }) => (
  <Stack gap={2}>
    <Text size="sm" fw={600}>
      {label}
    </Text>
    <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
      {value}
    </Code>
  </Stack>
);

/** Administration → Single sign-on: the workspace's identity provider (admins). */
export const SsoSettingsCard = () => {
  const tenantId = useSelf().data?.tenant?.id;
  const settings = useSsoSettings(tenantId);
  const remove = useSaveSso(tenantId ?? '');
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const data = settings.data;
  return (
    <SectionCard
      title={ssoMessages.sectionTitle}
      actions={
        data && (
          <Button size="xs" leftSection={<IconKey size={14} aria-hidden />} onClick={() => setEditing(true)}>
            {data.configured ? ssoMessages.edit : ssoMessages.configure}
          </Button>
        )
      }
    >
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          {ssoMessages.sectionHelp}
        </Text>
        {settings.isPending ? (
          <SectionLoading />
        ) : settings.isError ? (
          <SectionError
            title={ssoMessages.sectionTitle}
            error={settings.error}
            onRetry={() => void settings.refetch()}
            retrying={settings.isFetching}
          />
        ) : (
          <>
            {data!.configured ? (
              <Stack gap="xs">
                <Group gap="xs" wrap="wrap">
                  <Text size="sm" fw={600}>
                    {data!.displayName}
                  </Text>
                  {data!.requireSso && (
                    <Badge size="sm" variant="light" color="orange">
                      {ssoMessages.requiredBadge}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {data!.issuer}
                </Text>
                <Text size="sm" c="gray.7">
                  {`${ssoMessages.allowedDomains}: ${data!.allowedDomains.join(', ')}`}
                </Text>
                <Copyable label={ssoMessages.signInLink} value={data!.signInUrl} />
              </Stack>
            ) : (
              <Text size="sm">{ssoMessages.notConfigured}</Text>
            )}
            <Copyable label={ssoMessages.redirectUrl} value={data!.redirectUrl} />
            {data!.configured && (
              <Group>
                <Button size="xs" variant="light" color="red" onClick={() => setRemoving(true)}>
                  {ssoMessages.remove}
                </Button>
              </Group>
            )}
            {editing && tenantId && (
              <SsoDialog opened={editing} settings={data!} tenantId={tenantId} onClose={() => setEditing(false)} />
            )}
          </>
        )}
      </Stack>
      <ConfirmDialog
        opened={removing}
        title={ssoMessages.remove}
        confirmLabel={ssoMessages.remove}
        pending={remove.isPending}
        error={remove.error ? errorText(remove.error) : null}
        onClose={() => setRemoving(false)}
        onConfirm={() =>
          remove.mutate(null, {
            onSuccess: () => {
              showSuccess(ssoMessages.removed);
              setRemoving(false);
            },
          })
        }
      >
        {ssoMessages.removeConfirm}
      </ConfirmDialog>
    </SectionCard>
  );
};
