import { ActionIcon, Group, Stack, Text, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCopy, IconEye, IconEyeOff, IconLock } from '@tabler/icons-react';
import { Fragment, useEffect, useRef, useState } from 'react';
import { vaultMessages } from '../vault.messages.ts';
import type { VaultEntry } from '../vault.schemas.ts';

// An entry's password, masked; Reveal shows it for a while, Copy puts it on the clipboard. Both
// ask the server for that one password (an audited call). Shared by the table and the cards.
// Showing and hiding it (by hand or when its time is up) is said to screen readers.

export interface RevealedValue {
  password: string;
  /** Seconds left before it is hidden again. */
  secondsLeft: number;
}

export interface SecretActions {
  revealed: RevealedValue | undefined;
  busy: boolean;
  onReveal: () => void;
  onHide: () => void;
  onCopy: () => void;
}

/**
 * A revealed password: one line of monospace in a read-only field that scrolls inside itself
 * (a secret has no word to break at, and wrapped characters are misread); focus selects it.
 */
const RevealedField = ({ account, password }: { account: string; password: string }) => (
  <TextInput
    readOnly
    value={password}
    aria-label={vaultMessages.vaultRevealedField(account)}
    data-testid="vault-password"
    autoComplete="off"
    spellCheck={false}
    size="xs"
    flex="1 1 9rem"
    miw="9rem"
    styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-sm)' } }}
    onFocus={(event) => event.currentTarget.select()}
  />
);

/**
 * A polite live region that says when the password is shown and when it is hidden again. It is
 * there (empty) from the start, so that screen readers hear the change; nothing is said on mount.
 */
const RevealAnnouncement = ({ account, shown }: { account: string; shown: boolean }) => {
  const [said, setSaid] = useState('');
  const was = useRef(shown);
  useEffect(() => {
    if (was.current === shown) return;
    was.current = shown;
    setSaid(shown ? vaultMessages.vaultPasswordShown(account) : vaultMessages.vaultPasswordHidden(account));
  }, [account, shown]);
  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="vault-reveal-announcement">
      {said}
    </VisuallyHidden>
  );
};

export const PasswordCell = ({
  entry,
  revealed,
  busy,
  onReveal,
  onHide,
  onCopy,
  touch = false,
}: SecretActions & {
  entry: VaultEntry;
  /** Bigger buttons, for a finger. */
  touch?: boolean;
}) => {
  if (!entry.canReveal) {
    return (
      <Tooltip label={vaultMessages.vaultNoAccessToSecret} withArrow>
        <Group gap={4} wrap="nowrap" tabIndex={0} c="dimmed" w="fit-content">
          <IconLock size={14} aria-hidden />
          <Text size="sm" c="dimmed">
            {vaultMessages.vaultMasked}
          </Text>
        </Group>
      </Tooltip>
    );
  }
  const size = touch ? 'lg' : 'md';
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap">
        {revealed ? (
          <RevealedField account={entry.account} password={revealed.password} />
        ) : (
          <Text
            size="sm"
            ff="monospace"
            data-testid="vault-password"
            style={{ whiteSpace: 'nowrap' }}
            flex={touch ? 1 : undefined}
          >
            {vaultMessages.vaultMasked}
          </Text>
        )}
        <Tooltip label={revealed ? vaultMessages.vaultHide : vaultMessages.vaultReveal} withArrow>
          <ActionIcon
            variant="subtle"
            size={size}
            aria-label={
              revealed ? vaultMessages.vaultHideOf(entry.account) : vaultMessages.vaultRevealOf(entry.account)
            }
            onClick={revealed ? onHide : onReveal}
            loading={busy}
          >
            {revealed ? <IconEyeOff size={16} /> : <IconEye size={16} />}
          </ActionIcon>
        </Tooltip>
        <Tooltip label={vaultMessages.vaultCopy} withArrow>
          <ActionIcon
            variant="subtle"
            size={size}
            aria-label={vaultMessages.vaultCopyOf(entry.account)}
            onClick={onCopy}
          >
            <IconCopy size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {revealed && (
        <Text size="xs" c="dimmed">
          {vaultMessages.vaultRevealedFor(revealed.secondsLeft)}
        </Text>
      )}
      <RevealAnnouncement account={entry.account} shown={revealed !== undefined} />
    </Stack>
  );
};

/**
 * An address that may wrap only after "@", or before "." and "/" (`overflow-wrap: anywhere`
 * broke emails anywhere, and let a table squeeze them to a few letters a line).
 */
export const BreakableText = ({ text }: { text: string }) => {
  let start = 0;
  const parts = text.split(/(?<=@)|(?=[./])/).map((part) => {
    const at = start;
    start += part.length;
    return { part, at };
  });
  return (
    <>
      {parts.map(({ part, at }) => (
        <Fragment key={at}>
          {at > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
};
