import { useEffect, useMemo, useState } from 'react';
import { errorText } from '../../../client/ui/FormError.tsx';
import { showError, showInfo } from '../../../client/ui/toast.ts';
import { vaultMessages } from '../vault.messages.ts';
import type { VaultEntry } from '../vault.schemas.ts';
import type { RevealedValue } from './PasswordCell.tsx';
import { revealPassword } from './vault.queries.ts';

// Revealed passwords live only here, in memory, each for the seconds the server gave (30), and
// only while their entry is still in the list: an entry the user lost (a socket event refetched
// the list) takes its revealed value with it. Copies go to the clipboard and are cleared later.

const clearClipboardLater = (password: string, seconds: number) => {
  setTimeout(async () => {
    try {
      // Leave the clipboard alone if the user copied something else meanwhile (when readable).
      const now = await navigator.clipboard.readText().catch(() => password);
      if (now !== password) return;
      await navigator.clipboard.writeText('');
      showInfo(vaultMessages.vaultClipboardCleared);
    } catch {
      // The page lost focus: the browser refuses; nothing else to do.
    }
  }, seconds * 1000);
};

export const useRevealedPasswords = (entries: VaultEntry[]) => {
  const [shown, setShown] = useState<Map<string, { password: string; until: number }>>(new Map());
  const [busyId, setBusyId] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());

  // A clock only while something is revealed.
  useEffect(() => {
    if (shown.size === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [shown.size]);

  const visibleIds = useMemo(() => new Set(entries.filter((e) => e.canReveal).map((e) => e.id)), [entries]);
  useEffect(() => {
    setShown((current) => {
      const kept = new Map([...current].filter(([id, value]) => visibleIds.has(id) && value.until > now));
      return kept.size === current.size ? current : kept;
    });
  }, [visibleIds, now]);

  const revealed = useMemo(() => {
    const values = new Map<string, RevealedValue>();
    for (const [id, value] of shown)
      if (visibleIds.has(id) && value.until > now)
        values.set(id, { password: value.password, secondsLeft: Math.ceil((value.until - now) / 1000) });
    return values;
  }, [shown, visibleIds, now]);

  const reveal = (entry: VaultEntry) => {
    setBusyId(entry.id);
    revealPassword(entry.id, 'reveal')
      .then(({ password, seconds }) => {
        const at = Date.now();
        setNow(at);
        setShown((current) => new Map(current).set(entry.id, { password, until: at + seconds * 1000 }));
      })
      .catch((error: unknown) => showError(errorText(error)))
      .finally(() => setBusyId(null));
  };

  const hide = (entry: VaultEntry) =>
    setShown((current) => {
      const next = new Map(current);
      next.delete(entry.id);
      return next;
    });

  const copy = (entry: VaultEntry) => {
    revealPassword(entry.id, 'copy')
      .then(async ({ password, seconds }) => {
        try {
          await navigator.clipboard.writeText(password);
        } catch {
          showError(vaultMessages.vaultCopyFailed);
          return;
        }
        showInfo(vaultMessages.vaultCopied(seconds));
        clearClipboardLater(password, seconds);
      })
      .catch((error: unknown) => showError(errorText(error)));
  };

  return { revealed, busyId, reveal, hide, copy };
};
