import { adminGeneral } from '@coach/shared/contract/admin';
import { courses } from '@coach/shared/contract/courses';
import { enterpriseSso } from '@coach/shared/contract/sso';
import { tasks } from '@coach/shared/contract/tasks';
import type { AccessRule } from '@coach/shared/permissions';
import { act, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { fakeToken, makeAdminUser, makeEnterpriseUser } from '../testing/fake-server.ts';
import { verifiedSession } from '../testing/render-app.tsx';
import { Can, useAccess, useCan } from './can.tsx';
import { adminUserAtom, enterpriseUserAtom, sessionAtoms } from './session.ts';

const Answer = ({ call }: { call: AccessRule }) => {
  const can = useCan(call);
  const verdict = useAccess(call);
  return (
    <p>
      {String(can)} {verdict && !verdict.allowed ? verdict.code : ''}
    </p>
  );
};

const storeWith = ({
  member = null,
  mfaDone = true,
}: {
  member?: ReturnType<typeof makeEnterpriseUser> | null;
  mfaDone?: boolean;
} = {}) => {
  const store = createStore();
  store.set(sessionAtoms.enterprise, { ...verifiedSession(fakeToken(3600)), mfaDone });
  store.set(enterpriseUserAtom, member);
  return store;
};

const show = (store: ReturnType<typeof createStore>, node: ReactNode) =>
  render(<Provider store={store}>{node}</Provider>);

describe('useCan and <Can>: the server’s access rule for the signed-in account', () => {
  it('knows nothing while the member loads, then answers as the server would', () => {
    const store = storeWith();
    show(store, <Answer call={tasks.getMembersTaskData} />);
    expect(screen.getByText('null')).toBeInTheDocument();
    act(() => store.set(enterpriseUserAtom, makeEnterpriseUser({ permissions: ['dashboard'] })));
    expect(screen.getByText('false FORBIDDEN')).toBeInTheDocument();
    act(() => store.set(enterpriseUserAtom, makeEnterpriseUser({ permissions: ['task-library'] })));
    expect(screen.getByText('true')).toBeInTheDocument();
  });

  it('refuses without a session, and before the second factor', () => {
    const none = createStore();
    show(none, <Answer call={tasks.getMyTasks} />);
    expect(screen.getByText('false UNAUTHENTICATED')).toBeInTheDocument();
    show(storeWith({ member: makeEnterpriseUser(), mfaDone: false }), <Answer call={tasks.getMyTasks} />);
    expect(screen.getByText('false MFA_REQUIRED')).toBeInTheDocument();
  });

  it('reads the role, the default admin and the feature flags of the member', () => {
    const admin = makeEnterpriseUser({ roleName: 'Admin', enterprise: { enableCourseFeature: false } });
    show(storeWith({ member: admin }), <Answer call={courses.list} />);
    expect(screen.getByText('false FEATURE_DISABLED')).toBeInTheDocument();
  });

  it('answers admin calls for the platform admin’s session', () => {
    const store = createStore();
    store.set(sessionAtoms.admin, verifiedSession(fakeToken(3600, 'admin-user')));
    show(store, <Answer call={adminGeneral.myDashboard} />);
    expect(screen.getByText('null')).toBeInTheDocument();
    act(() => store.set(adminUserAtom, makeAdminUser()));
    expect(screen.getByText('true')).toBeInTheDocument();
  });

  it('<Can> shows its children to an account the call is open to, the fallback to others', () => {
    show(
      storeWith({ member: makeEnterpriseUser({ roleName: 'Admin' }) }),
      <Can call={enterpriseSso.settings} fallback={<p>not yours</p>}>
        <p>single sign-on</p>
      </Can>,
    );
    expect(screen.getByText('not yours')).toBeInTheDocument();
    show(
      storeWith({ member: makeEnterpriseUser({ isDefaultAdmin: true }) }),
      <Can call={enterpriseSso.settings}>
        <p>single sign-on</p>
      </Can>,
    );
    expect(screen.getByText('single sign-on')).toBeInTheDocument();
  });
});
