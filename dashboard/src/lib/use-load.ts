import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { useCallback, useEffect, useRef, useState } from 'react';

export type Loaded<T> =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: T };

/**
 * Loads one thing for a screen and reloads when `key` changes; an answer for an older key is dropped.
 * `reload` fetches again in place (the old data stays on screen meanwhile).
 */
export const useLoad = <T>(key: string, load: () => Promise<T>) => {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  // `key` names what `load` fetches; the latest `load` is used without refetching on every render.
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    let current = true;
    void version;
    loadRef.current().then(
      (data) => {
        if (current) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (current)
          setState({
            status: 'error',
            message: error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE,
          });
      },
    );
    return () => {
      current = false;
    };
  }, [key, version]);
  useEffect(() => {
    setState({ status: 'loading' });
  }, [key]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { state, setState, reload };
};
