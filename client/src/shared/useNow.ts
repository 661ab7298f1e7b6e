import { useEffect, useState } from 'react';

/** The time now (epoch ms), moving on every `ms`: for what depends on the time of day (in progress, ended, next). */
export function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(tick);
  }, [ms]);
  return now;
}
