import { Button, Code, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useMoments } from '../../../../client/lib/moments.ts';
import { ConfirmDialog } from '../../../../client/ui/ConfirmDialog.tsx';
import { CopyButton } from '../../../../client/ui/CopyButton.tsx';
import { errorText, FormError } from '../../../../client/ui/FormError.tsx';
import { SecretOnce } from '../../../../client/ui/SecretOnce.tsx';
import { DIALOG_CLOSE_DELAY_MS } from '../../../../shared/constants.ts';
import { kpiFeedMessages as t } from '../../kpi-feeds.messages.ts';
import { useDeleteKpiFeed, useKpiFeed, useSetKpiFeed } from '../kpi-feeds.queries.ts';

const example = (url: string) =>
  [
    `body='{"date":"2026-03-04","value":42}'`,
    't=$(date +%s)',
    `sig=$(printf '%s.%s' "$t" "$body" | openssl dgst -sha256 -hmac "$SECRET" -hex | sed 's/^.* //')`,
    `curl -X POST '${url}' -H 'Content-Type: application/json' -H "Cadence-Signature: t=$t,v1=$sig" -d "$body"`,
  ].join('\n');

/**
 * "Feed from another system" (decision 119): the KPI's address and when it last received a value;
 * making the feed or replacing its secret shows the secret once; stopping it asks first.
 */
export const KpiFeedDialog = ({
  scoreId,
  title,
  canManage,
  opened,
  onClose,
}: {
  scoreId: string;
  title: string;
  canManage: boolean;
  opened: boolean;
  onClose: () => void;
}) => {
  const moments = useMoments();
  const feed = useKpiFeed(scoreId, opened);
  const setFeed = useSetKpiFeed(scoreId);
  const deleteFeed = useDeleteKpiFeed(scoreId);
  const [secret, setSecret] = useState<string | null>(null);
  const [asking, setAsking] = useState<'replace' | 'remove' | null>(null);
  const status = feed.data ?? null;

  const make = () =>
    setFeed.mutate(undefined, {
      onSuccess: (made) => {
        setAsking(null);
        setSecret(made.secret);
      },
    });
  const close = () => {
    setSecret(null);
    setFeed.reset();
    deleteFeed.reset();
    onClose();
  };

  return (
    <>
      <Modal
        opened={opened && asking === null}
        onClose={close}
        title={t.open(title)}
        centered
        size="lg"
        transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
      >
        {secret ? (
          <SecretOnce
            secret={secret}
            warning={t.secretOnce}
            label={t.secret}
            texts={{ copy: t.copy, copied: t.copied, done: t.done }}
            testId="kpi-feed-secret"
            onDone={() => setSecret(null)}
          />
        ) : (
          <Stack gap="md" data-testid="kpi-feed">
            <Text size="sm">{t.intro}</Text>
            {feed.isPending ? (
              <Loader size="sm" aria-label={t.title} />
            ) : feed.isError ? (
              <Group justify="space-between">
                <FormError message={errorText(feed.error)} />
                <Button variant="default" onClick={() => feed.refetch()}>
                  {t.retry}
                </Button>
              </Group>
            ) : status ? (
              <>
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    {t.address}
                  </Text>
                  <Group gap="xs" wrap="nowrap" align="flex-start">
                    <Code
                      block
                      data-testid="kpi-feed-url"
                      style={{ flex: 1, minWidth: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
                    >
                      {status.url}
                    </Code>
                    <CopyButton value={status.url}>
                      {({ copied, copy }) => (
                        <Button
                          variant="light"
                          onClick={copy}
                          aria-live="polite"
                          leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                        >
                          {copied ? t.copied : t.copy}
                        </Button>
                      )}
                    </CopyButton>
                  </Group>
                </Stack>
                <Text size="sm" c="dimmed" data-testid="kpi-feed-received">
                  {status.lastReceivedAt ? t.lastReceived(moments.at(status.lastReceivedAt)) : t.neverReceived}
                </Text>
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    {t.example}
                  </Text>
                  <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                    {example(status.url)}
                  </Code>
                </Stack>
              </>
            ) : (
              <Text size="sm" c="dimmed">
                {t.noneYet}
              </Text>
            )}
            <FormError message={setFeed.isError ? errorText(setFeed.error) : null} />
            <Group justify="flex-end" gap="sm">
              {canManage && status && (
                <>
                  <Button variant="default" color="red" onClick={() => setAsking('remove')}>
                    {t.remove}
                  </Button>
                  <Button variant="default" onClick={() => setAsking('replace')}>
                    {t.replace}
                  </Button>
                </>
              )}
              {canManage && !status && !feed.isPending && !feed.isError && (
                <Button onClick={make} loading={setFeed.isPending}>
                  {t.start}
                </Button>
              )}
              <Button variant={canManage && !status ? 'default' : 'filled'} onClick={close}>
                {t.close}
              </Button>
            </Group>
            {!canManage && (
              <Text size="xs" c="dimmed">
                {t.managersOnly}
              </Text>
            )}
          </Stack>
        )}
      </Modal>
      <ConfirmDialog
        opened={opened && asking === 'replace'}
        title={t.replace}
        confirmLabel={t.replace}
        onConfirm={make}
        onClose={() => setAsking(null)}
        pending={setFeed.isPending}
        error={setFeed.isError ? errorText(setFeed.error) : null}
      >
        {t.replaceConfirm}
      </ConfirmDialog>
      <ConfirmDialog
        opened={opened && asking === 'remove'}
        title={t.remove}
        confirmLabel={t.remove}
        onConfirm={() => deleteFeed.mutate(undefined, { onSuccess: () => setAsking(null) })}
        onClose={() => setAsking(null)}
        pending={deleteFeed.isPending}
        error={deleteFeed.isError ? errorText(deleteFeed.error) : null}
      >
        {t.removeConfirm}
      </ConfirmDialog>
    </>
  );
};
