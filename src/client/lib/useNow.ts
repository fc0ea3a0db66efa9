import { useEffect, useMemo, useState } from 'react';

/**
 * A clock (`read`, in ms) read again just after each change of `periodMs` on that clock: live
 * timers tick each second, greetings and due colours each minute. It wakes at the change rather
 * than every period from an arbitrary moment, so a shown mm:ss or hh:mm turns when it should.
 */
export const useClock = (periodMs: number, read: () => number = Date.now): number => {
  const [now, setNow] = useState(read);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(
        () => {
          setNow(read());
          schedule();
        },
        periodMs - (read() % periodMs) + 50,
      );
    };
    schedule();
    return () => clearTimeout(timer);
  }, [periodMs, read]);
  return now;
};

/** The current time, updated on each change of minute (clocks and greetings need no more). */
export const useNow = (): Date => {
  const ms = useClock(60_000);
  return useMemo(() => new Date(ms), [ms]);
};
