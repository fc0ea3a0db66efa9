import { type ReactNode, useEffect, useRef, useState } from 'react';
import { clientMessages } from '../client.messages.ts';
import { showError } from './toast.ts';

/** The copied state shows this long (documents 1 and 2, §9: copy confirmation 2 s). */
export const COPY_CONFIRM_MS = 2000;

/**
 * Puts `value` on the clipboard when `copy` is called, like Mantine's CopyButton, but a copy the
 * browser refuses (no permission, an insecure page) tells the user 'Failed to copy!' instead of
 * only failing in the console.
 */
export const CopyButton = ({
  value,
  timeout = COPY_CONFIRM_MS,
  children,
}: {
  value: string;
  timeout?: number;
  children: (state: { copied: boolean; copy: () => void }) => ReactNode;
}) => {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = () => {
    const write = navigator.clipboard?.writeText(value) ?? Promise.reject(new Error('No clipboard in this browser'));
    write.then(
      () => {
        clearTimeout(timer.current);
        setCopied(true);
        timer.current = setTimeout(() => setCopied(false), timeout);
      },
      (error: unknown) => {
        console.warn('Copy to the clipboard failed', error);
        showError(clientMessages.copyFailed);
      },
    );
  };
  return <>{children({ copied, copy })}</>;
};
