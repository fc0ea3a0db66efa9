import { useCallback, useEffect, useRef, useState } from 'react';

/** `true` for `ms` after each `flash()` (the `Saved` indicator, copied states, short errors). */
export const useFlash = <T = true>(ms: number): [T | null, (value?: T) => void] => {
  const [value, setValue] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const flash = useCallback(
    (next?: T) => {
      setValue((next ?? true) as T);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setValue(null), ms);
    },
    [ms],
  );
  return [value, flash];
};

/** document 2 §9: the Saved indicator shows 3 s, the member error 4 s, the copied state 2 s. */
export const SAVED_MS = 3000;
export const MEMBER_ERROR_MS = 4000;
export const COPIED_MS = 2000;
export const AUTOSAVE_MS = 3000;
