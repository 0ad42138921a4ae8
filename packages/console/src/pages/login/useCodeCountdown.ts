import { useCallback, useEffect, useRef, useState } from 'react';

/** Seconds until another code may be requested (60 s after each send). */
export function useCodeCountdown(total = 60) {
  const [seconds, setSeconds] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const start = useCallback(() => {
    clearInterval(timer.current);
    setSeconds(total);
    timer.current = setInterval(() => {
      setSeconds((value) => {
        if (value <= 1) clearInterval(timer.current);
        return Math.max(value - 1, 0);
      });
    }, 1000);
  }, [total]);
  useEffect(() => () => clearInterval(timer.current), []);
  return { seconds, start };
}
