import type { ReactNode } from 'react';
import type { Loaded } from '../lib/use-load.ts';
import { Button } from './button.tsx';
import { LoadingBlock } from './spinner.tsx';
import { ErrorState } from './states.tsx';

/**
 * What a screen shows for something it loads: a spinner, the error with Try again, or the data.
 * `what` names it in lower case: "the usage" → "Loading the usage", "The usage could not be loaded".
 */
export const LoadStates = <T,>({
  state,
  reload,
  what,
  children,
}: {
  state: Loaded<T>;
  reload: () => void;
  what: string;
  children: (data: T) => ReactNode;
}) => {
  if (state.status === 'loading') return <LoadingBlock label={`Loading ${what}`} />;
  if (state.status === 'error')
    return (
      <ErrorState
        title={`${what[0]?.toUpperCase()}${what.slice(1)} could not be loaded`}
        description={state.message}
        action={
          <Button variant="secondary" onClick={reload}>
            Try again
          </Button>
        }
      />
    );
  return <>{children(state.data)}</>;
};
