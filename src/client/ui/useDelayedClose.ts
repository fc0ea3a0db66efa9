import { useCallback, useEffect, useRef } from 'react';
import { DIALOG_CLOSE_DELAY_MS } from '../../shared/constants.ts';

/**
 * document 1 §2: a dialog closes 200 ms after its action succeeded, so the user sees the result
 * land before it goes. Returns the function to call instead of `close`; the timer is dropped
 * if the component unmounts first.
 */
export const useDelayedClose = (close: () => void): (() => void) => {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latestClose = useRef(close);
  latestClose.current = close;
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => latestClose.current(), DIALOG_CLOSE_DELAY_MS);
  }, []);
};
