import { startTransition, useEffect, useState } from 'react';

/**
 * How many rows of a list to render: `first` while the list first shows, then all of them in a
 * transition right after that paint (React may interrupt it for input). The rows in view reach
 * the screen without waiting for the ones below (the live Issues step, decision 066).
 */
export const useStagedRows = (ready: boolean, first: number) => {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (!ready || all) return;
    const timer = setTimeout(() => startTransition(() => setAll(true)), 0);
    return () => clearTimeout(timer);
  }, [ready, all]);
  return all ? Number.POSITIVE_INFINITY : first;
};
