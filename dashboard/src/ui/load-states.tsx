import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Loaded } from '../lib/load-state.ts';
import { Button } from './button.tsx';
import { LoadingBlock } from './spinner.tsx';
import { ErrorState } from './states.tsx';
import { T } from './t.tsx';

/** A sentence's first letter in capitals: 'the usage could not be loaded' → 'The usage could not be loaded'. */
const capitalise = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/**
 * What a screen shows for something it loads: a spinner, the error with Try again (not when it is not found), or
 * the data.
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
  const { t } = useTranslation('common');
  if (state.status === 'loading') return <LoadingBlock label={t('ui.loadingWhat', { what })} />;
  if (state.status === 'error')
    return (
      <ErrorState
        title={capitalise(t('ui.notLoaded', { what }))}
        description={state.message}
        // Gone, or another enterprise's (404): trying again cannot help, so it is not offered.
        action={
          state.notFound ? undefined : (
            <Button variant="secondary" onClick={reload}>
              <T k="ui.tryAgain" />
            </Button>
          )
        }
      />
    );
  return <>{children(state.data)}</>;
};
