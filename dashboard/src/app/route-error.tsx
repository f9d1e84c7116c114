import { useRouteError } from 'react-router-dom';
import { Button } from '../ui/button.tsx';
import { ErrorState } from '../ui/states.tsx';

/** Shown when a screen fails to load or render (e.g. a chunk missing after a deploy). */
export const RouteError = () => {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="standalone-state" style={{ maxWidth: 560, margin: '15vh auto', padding: 16 }}>
      <ErrorState
        title="This page could not be shown"
        description="Reload the page to try again. If it keeps happening, contact support."
        action={<Button onClick={() => window.location.reload()}>Reload</Button>}
      />
    </main>
  );
};
