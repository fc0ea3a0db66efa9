import { Alert, Button, Card, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { formatSize } from '../../shared/fileSize.ts';
import { clientMessages } from '../client.messages.ts';
import { downloadFile } from '../lib/download.ts';

const PASSPHRASE_MIN = 12;

/**
 * Administration: download a backup of the whole server (POST /api/v2/backup, decision 091),
 * encrypted when a passphrase is given. The server decides who may (the admin of every workspace).
 */
export const BackupCard = () => {
  const titleId = useId();
  const [passphrase, setPassphrase] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const tooShort = passphrase.length > 0 && passphrase.length < PASSPHRASE_MIN;

  const download = async () => {
    setBusy(true);
    setFailure(null);
    setSaved(null);
    try {
      const file = await downloadFile('/backup', 'cadence-backup.cadence', clientMessages.backupFailed, {
        body: passphrase ? { passphrase } : {},
      });
      setSaved(clientMessages.backupSaved(file.fileName, formatSize(file.size), passphrase !== ''));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : clientMessages.backupFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h5" id={titleId} mb="sm">
        {clientMessages.backupTitle}
      </Title>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{clientMessages.backupText}</Text>
        <PasswordInput
          label={clientMessages.backupPassphrase}
          description={clientMessages.backupPassphraseHint}
          value={passphrase}
          onChange={(event) => setPassphrase(event.currentTarget.value)}
          error={tooShort ? clientMessages.backupPassphraseShort : undefined}
          // Mantine's PasswordInput links the error (aria-describedby) but does not mark the field invalid.
          aria-invalid={tooShort || undefined}
          autoComplete="new-password"
          w="100%"
          maw={420}
        />
        <Button leftSection={<IconDownload size={16} />} onClick={download} loading={busy} disabled={tooShort}>
          {clientMessages.backupDownload}
        </Button>
        {saved && (
          <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} p="sm" role="status">
            {saved}
          </Alert>
        )}
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} p="sm" role="alert">
            {failure}
          </Alert>
        )}
      </Stack>
    </Card>
  );
};
