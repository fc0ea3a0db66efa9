import { Alert, Button, FileInput, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck, IconFileZip } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../client/lib/api.ts';
import { errorText, FormError, fieldErrorsOf } from '../../../client/ui/FormError.tsx';
import { SectionCard } from '../../../client/ui/SectionCard.tsx';
import { useSwitchWorkspace, workspaceKeys } from '../../workspaces/client/workspaces.queries.ts';
import { cadenceImportMessages as t } from '../cadence-import.messages.ts';
import type { CadenceImportResult } from '../cadence-import.schemas.ts';

interface ImportInput {
  file: File;
  name: string;
  passphrase: string;
}

/** POST /workspace-imports: the fields first, then the zip. */
const useImportCadenceExport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, name, passphrase }: ImportInput) => {
      const form = new FormData();
      if (name.trim()) form.append('name', name.trim());
      if (passphrase) form.append('passphrase', passphrase);
      form.append('file', file, file.name);
      return api.post<CadenceImportResult>('/workspace-imports', form, { silent: true });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.mine }),
  });
};

/**
 * "Import a Cadence export": the zip of a workspace export becomes a new workspace whose admin
 * is the person importing; once made, one button switches to it.
 */
export const CadenceImportPanel = () => {
  const importCall = useImportCadenceExport();
  const switchWorkspace = useSwitchWorkspace();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [passphrase, setPassphrase] = useState('');
  const fieldErrors = importCall.isError ? fieldErrorsOf(importCall.error) : {};
  const result = importCall.data;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (file) importCall.mutate({ file, name, passphrase });
  };

  return (
    <SectionCard title={t.title}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t.intro}</Text>
          <FileInput
            label={t.fileLabel}
            accept=".zip,application/zip"
            value={file}
            onChange={(next) => {
              setFile(next);
              importCall.reset();
            }}
            leftSection={<IconFileZip size={18} aria-hidden />}
            clearable
            clearButtonProps={{ 'aria-label': t.clearFile }}
            required
            error={fieldErrors.file}
          />
          <TextInput
            label={t.nameLabel}
            description={t.nameDescription}
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.currentTarget.value)}
            error={fieldErrors.name}
          />
          <PasswordInput
            label={t.passphraseLabel}
            description={t.passphraseDescription}
            value={passphrase}
            autoComplete="off"
            onChange={(event) => setPassphrase(event.currentTarget.value)}
            error={fieldErrors.passphrase}
          />
          <FormError
            message={importCall.isError && Object.keys(fieldErrors).length === 0 ? errorText(importCall.error) : null}
          />
          {importCall.isPending && (
            <Text size="sm" role="status">
              {t.importing}
            </Text>
          )}
          {result ? (
            <Alert color="green" icon={<IconCircleCheck aria-hidden />} title={t.done(result.workspace.name)}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t.summary(result.rows, result.invited)}</Text>
                {result.vaultPasswordsMissing > 0 && (
                  <Text size="sm">{t.vaultSkipped(result.vaultPasswordsMissing)}</Text>
                )}
                <Button onClick={() => switchWorkspace.mutate(result.workspace.id)} loading={switchWorkspace.isPending}>
                  {t.open}
                </Button>
              </Stack>
            </Alert>
          ) : (
            <div>
              <Button type="submit" disabled={!file} loading={importCall.isPending}>
                {t.submit}
              </Button>
            </div>
          )}
        </Stack>
      </form>
    </SectionCard>
  );
};
