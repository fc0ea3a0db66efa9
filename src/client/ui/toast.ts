import { notifications } from '@mantine/notifications';
import { createElement, type ReactNode } from 'react';
import { TOAST_MS } from '../../shared/constants.ts';
import { messages } from '../../shared/messages.ts';
import { ErrorDetails } from './ErrorDetails.tsx';

// Toasts of document 1 §8/§9: info and success close after 3 s, warnings after 5 s, errors stay
// until the user dismisses them.

type ToastKind = keyof typeof TOAST_MS;

const colorOf: Record<ToastKind, string> = { info: 'blue', success: 'teal', warning: 'yellow', error: 'red' };

const show = (kind: ToastKind, message: ReactNode, title?: string): string =>
  notifications.show({
    color: colorOf[kind],
    title,
    message,
    autoClose: TOAST_MS[kind],
    withCloseButton: true,
    closeButtonProps: { 'aria-label': messages.dismiss },
    'data-toast': kind,
  });

export const showInfo = (message: ReactNode, title?: string) => show('info', message, title);
export const showSuccess = (message: ReactNode, title?: string) => show('success', message, title);
export const showWarning = (message: ReactNode, title?: string) => show('warning', message, title);
export const showError = (message: ReactNode, title?: string) => show('error', message, title);

/** An error toast with an expandable "View details" / "Hide details" part. */
export const showErrorWithDetails = (message: string, details: string[]) =>
  show('error', createElement(ErrorDetails, { message, details }));
