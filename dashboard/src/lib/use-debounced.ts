import { useEffect, useState } from 'react';

/** The value, once it has stopped changing for `delayMs` (search boxes ask the server after a pause). */
export const useDebounced = <T>(value: T, delayMs: number): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
};
