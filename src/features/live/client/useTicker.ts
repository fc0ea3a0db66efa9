import { useEffect, useState } from 'react';
import { serverNowMs } from './live.queries.ts';

/** The server's clock, re-read every second while mounted (live timers tick each second). */
export const useServerClock = (): number => {
  const [now, setNow] = useState(serverNowMs);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNowMs()), 1000 - (Date.now() % 1000) || 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
};
