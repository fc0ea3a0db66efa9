import { useSyncExternalStore } from 'react';
import { getToken, onTokenChange } from './session.ts';

/** The session token, re-rendering the component whenever it is set or cleared. */
export const useToken = (): string | null => useSyncExternalStore(onTokenChange, getToken);
