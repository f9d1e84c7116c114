import { render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { PageDirection } from '../app/app.tsx';
import { buildRoutes } from '../app/routes.tsx';
import { AppToaster } from '../app/toaster.tsx';
import { createAppApi, setApiClient } from '../lib/api.ts';
import { forgetAnswersOnSessionChange } from '../lib/query-client.ts';
import { type Session, sessionAtoms } from '../lib/session.ts';
import { createFakeServer, type FakeHandler } from './fake-server.ts';

/** Test origin: jsdom's page origin, so relative API paths resolve. */
export const TEST_ORIGIN = 'http://localhost:3000';

/** Renders the whole app at `path` with the given sessions, talking to a fake server. */
export const renderApp = ({
  path,
  enterprise = null,
  admin = null,
  routes = {},
}: {
  path: string;
  enterprise?: Session | null;
  admin?: Session | null;
  routes?: Record<string, FakeHandler>;
}) => {
  const store = createStore();
  store.set(sessionAtoms.enterprise, enterprise);
  store.set(sessionAtoms.admin, admin);
  const server = createFakeServer(routes);
  // The test's store stands in for the app's: its sign-ins and sign-outs empty the query cache as the app's do.
  forgetAnswersOnSessionChange(store);
  setApiClient(createAppApi({ store, fetch: server.fetch, baseUrl: TEST_ORIGIN }));
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  const view = render(
    <Provider store={store}>
      <PageDirection>
        <RouterProvider router={router} />
        <AppToaster />
      </PageDirection>
    </Provider>,
  );
  return {
    ...view,
    store,
    router,
    server,
    location: () => `${router.state.location.pathname}${router.state.location.search}`,
  };
};

/** A session that finished both factors. */
export const verifiedSession = (token: string): Session => ({ token, mfaDone: true, refreshDone: false });
