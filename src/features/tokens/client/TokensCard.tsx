import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useMoments } from '../../../client/lib/moments.ts';
import { ConfirmRemoval } from '../../../client/ui/ConfirmDialog.tsx';
import { SectionCard } from '../../../client/ui/SectionCard.tsx';
import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { fullName } from '../../../shared/person.ts';
import { tokensMessages } from '../tokens.messages.ts';
import type { ApiToken, TokenKind } from '../tokens.schemas.ts';
import { CreateTokenDialog } from './CreateTokenDialog.tsx';
import { useRevokeToken, useTokens } from './tokens.queries.ts';

/** One token: name, masked secret, scopes, expiry and last use, and Revoke. */
const TokenRow = ({ token, kind, onRevoke }: { token: ApiToken; kind: TokenKind; onRevoke: () => void }) => {
  const moments = useMoments();
  return (
    <Paper component="li" withBorder p="sm" radius="md" data-testid="api-token-row">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={4} miw={0} style={{ flex: 1, minWidth: 200 }}>
          <Group gap={6} wrap="wrap">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {token.name}
            </Text>
            <Text size="xs" ff="monospace" c="gray.7" data-testid="api-token-masked">
              {token.masked}
            </Text>
            {token.expired && (
              <Badge size="sm" color="red" variant="light">
                {tokensMessages.expired}
              </Badge>
            )}
          </Group>
          <Group gap={4} wrap="wrap" aria-label={tokensMessages.scopesOf(token.scopes.length)}>
            {token.scopes.map((scope) => (
              <Badge key={scope} size="sm" variant="outline" color="gray" style={{ textTransform: 'none' }}>
                {scope}
              </Badge>
            ))}
          </Group>
          <Text size="xs" c="gray.7">
            {token.lastUsedAt
              ? tokensMessages.lastUsed(moments.at(token.lastUsedAt), token.lastUsedAddress)
              : tokensMessages.neverUsed}
            {' · '}
            {token.expiresAt ? tokensMessages.expires(moments.at(token.expiresAt)) : tokensMessages.noExpiry}
            {kind === 'workspace' && token.createdBy ? ` · ${tokensMessages.createdBy(fullName(token.createdBy))}` : ''}
          </Text>
        </Stack>
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={onRevoke}
          aria-label={tokensMessages.revokeNamed(token.name)}
        >
          {tokensMessages.revoke}
        </Button>
      </Group>
    </Paper>
  );
};

/** A list of API tokens with New token and Revoke (confirmed): a person's own, or the workspace's. */
export const TokensCard = ({ kind, title, intro }: { kind: TokenKind; title: string; intro: string }) => {
  const tokens = useTokens(kind);
  const revoke = useRevokeToken(kind);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  return (
    <SectionCard
      title={title}
      actions={
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setCreating(true)}>
          {tokensMessages.newToken}
        </Button>
      }
    >
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          {intro}
        </Text>
        {tokens.isPending ? (
          <SectionLoading />
        ) : tokens.isError ? (
          <SectionError
            title={tokensMessages.loadFailed}
            error={tokens.error}
            onRetry={() => void tokens.refetch()}
            retrying={tokens.isFetching}
          />
        ) : tokens.data.length === 0 ? (
          <Group gap="xs" c="gray.7">
            <IconKey size={16} aria-hidden />
            <Text size="sm">{tokensMessages.empty}</Text>
          </Group>
        ) : (
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label={title}>
            {tokens.data.map((token) => (
              <TokenRow key={token.id} token={token} kind={kind} onRevoke={() => setRevoking(token)} />
            ))}
          </Stack>
        )}
      </Stack>
      <CreateTokenDialog kind={kind} opened={creating} onClose={() => setCreating(false)} />
      <ConfirmRemoval
        target={revoking}
        onClose={() => setRevoking(null)}
        title={tokensMessages.revokeTitle}
        confirmLabel={tokensMessages.revoke}
        question={(token) => tokensMessages.revokeConfirm(token.name)}
        mutation={revoke}
        done={tokensMessages.revoked}
      />
    </SectionCard>
  );
};

/** Settings → Security: the person's own tokens in this workspace. */
export const PersonalTokensCard = () => (
  <TokensCard kind="personal" title={tokensMessages.personalTitle} intro={tokensMessages.personalIntro} />
);

/** Administration → Integrations: the workspace's tokens (admins). */
export const WorkspaceTokensSection = () => (
  <TokensCard kind="workspace" title={tokensMessages.workspaceTitle} intro={tokensMessages.workspaceIntro} />
);
