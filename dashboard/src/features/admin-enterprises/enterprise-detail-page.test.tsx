import { DEFAULT_FEATURE_FLAGS } from '@coach/shared/constants/features';
import { adminEnterprises, type EnterpriseDetail } from '@coach/shared/contract/admin-enterprises';
import { adminMembers } from '@coach/shared/contract/admin-members';
import { adminReports } from '@coach/shared/contract/admin-reports';
import type { FeatureFlags } from '@coach/shared/contract/auth';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeHandler, fail, fakeToken, makeAdminUser, ok } from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

const route = ({ method, path }: { method: string; path: string }) => `${method} ${path}`;
const SAVE = route(adminEnterprises.updateFeatures);
const COMMUNICATION_CHILDREN = ['Pronunciation', 'Vocabulary', 'Read', 'Speak Freely', 'Call'];

const acme = (features: FeatureFlags): EnterpriseDetail => ({
  _id: 'e1',
  company_name: 'Acme Learning',
  enterprise_logo: null,
  address: null,
  createdAt: '2026-01-05T09:00:00.000Z',
  memberCount: 3,
  invitedCount: 0,
  defaultAdmin: { _id: 'u1', name: 'Olivia Owner', email: 'owner@acme.example', invitePending: false },
  features,
  signInMethods: {
    authenticatorApp: 1,
    smsCodes: 2,
    passkeys: 4,
    singleSignOn: {
      issuer: 'https://login.acme.example',
      domains: ['acme.example', 'acme.co'],
      required: true,
    },
  },
});

/** Acme's detail page as the platform admin sees it; `save` answers update-enterprise-features. */
const renderAcme = (save: FakeHandler) => {
  const seeded = { ...DEFAULT_FEATURE_FLAGS, enableCourseFeature: true };
  return renderApp({
    path: '/admin/enterprise/detail/e1',
    admin: verifiedSession(fakeToken(86400)),
    routes: {
      'GET /api/v1/admin/general/auth/me': () => ok(makeAdminUser()),
      [route(adminEnterprises.detail)]: () => ok(acme(seeded)),
      [route(adminReports.enterpriseUsage)]: () =>
        ok({
          from: '2026-01-01',
          to: '2026-01-30',
          members: 3,
          activeMembers: 2,
          activeLearners: 2,
          tasksCompleted: 4,
          minutesPractised: 35,
          videosWatched: 1,
          lastActiveDay: '2026-01-29',
        }),
      [route(adminMembers.list)]: () => ok({ currentPage: 1, totalPages: 0, listdata: [] }),
      [SAVE]: save,
    },
  });
};

const featureSwitches = async () =>
  within(await screen.findByRole('group', { name: 'Features of Acme Learning' }));

describe('enterprise detail sign-in methods', () => {
  it('says how its members sign in: everyone by password and mailed code, some by app, some by SMS, some with a passkey', async () => {
    renderAcme(() => ok({}));
    expect(await screen.findByText('Password and a code by email: every member')).toBeVisible();
    expect(screen.getByText('Members with an authenticator app: 1')).toBeVisible();
    expect(screen.getByText('Members with a mobile number for codes by SMS: 2')).toBeVisible();
    expect(screen.getByText('Members with a passkey: 4')).toBeVisible();
    expect(
      screen.getByText('Single sign-on with https://login.acme.example for acme.example and acme.co', {
        exact: false,
      }),
    ).toBeVisible();
    expect(screen.getByText('Required: passwords are off for everyone but the default admin')).toBeVisible();
  });
});

describe('enterprise detail member count', () => {
  const membersFact = async () => {
    const term = await screen.findByText('Members', { selector: 'dt' });
    return term.nextElementSibling as HTMLElement;
  };

  it('a platform admin sees the members who joined and, apart, the people invited who have not', async () => {
    renderApp({
      path: '/admin/enterprise/detail/e1',
      admin: verifiedSession(fakeToken(86400)),
      routes: {
        'GET /api/v1/admin/general/auth/me': () => ok(makeAdminUser()),
        [route(adminEnterprises.detail)]: () =>
          ok({ ...acme(DEFAULT_FEATURE_FLAGS), memberCount: 1, invitedCount: 6 }),
        [route(adminReports.enterpriseUsage)]: () => fail(500, 'Something went wrong'),
        [route(adminMembers.list)]: () => ok({ currentPage: 1, totalPages: 0, listdata: [] }),
      },
    });
    expect(await membersFact()).toHaveTextContent(/^1 · 6 invited, not joined yet$/);
  });

  it('a platform admin sees the member count alone when nobody waits on an invitation', async () => {
    renderAcme(() => ok({}));
    expect(await membersFact()).toHaveTextContent(/^3$/);
  });
});

describe('enterprise detail feature switches (spec §3)', () => {
  it('a platform admin switches Communication Ready off, its children go off and cannot be switched on, and come back with it', async () => {
    const app = renderAcme((body) => ok(acme(body.features as FeatureFlags)));
    const user = userEvent.setup();
    const features = await featureSwitches();
    const communication = features.getByRole('switch', { name: 'Communication Ready' });
    expect(communication).toBeChecked();

    await user.click(communication);
    // Nothing is saved until the admin confirms, and the dialog says what switching it off closes.
    const confirm = await screen.findByRole('dialog', {
      name: 'Switch Communication Ready off for Acme Learning?',
    });
    expect(confirm).toHaveTextContent(
      /closes Pronunciation, Vocabulary, Read, Speak Freely and Call with it/,
    );
    expect(app.server.calls.some((call) => call.route === SAVE)).toBe(false);
    expect(communication).toBeChecked();
    await user.click(within(confirm).getByRole('button', { name: 'Switch Communication Ready off' }));
    expect(await screen.findByText('Communication Ready is off for Acme Learning')).toBeInTheDocument();
    expect(communication).not.toBeChecked();
    for (const name of COMMUNICATION_CHILDREN) {
      const child = features.getByRole('switch', { name });
      expect(child).not.toBeChecked();
      expect(child).toBeDisabled();
      expect(child).toHaveAccessibleDescription('Turn on Communication Ready first');
    }
    expect(features.getByRole('switch', { name: 'MarketPlace' })).toBeChecked();
    expect(app.server.calls.find((call) => call.route === SAVE)?.body).toEqual({
      enterpriseId: 'e1',
      features: {
        ...DEFAULT_FEATURE_FLAGS,
        enableCourseFeature: true,
        enableCommunicationReadyFeature: false,
        enablePronunciationFeature: false,
        enableVocabularyFeature: false,
        enableReadFeature: false,
        enableSpeakFreelyFeature: false,
        enableCallFeature: false,
      },
    });

    // From the keyboard: Space flips the focused switch back on, focus stays, and the children can move again.
    communication.focus();
    await user.keyboard(' ');
    expect(await screen.findByText('Communication Ready is on for Acme Learning')).toBeInTheDocument();
    expect(communication).toBeChecked();
    expect(communication).toHaveFocus();
    // Its parts come back with it, as the confirmation said ("switching it on again brings it all back").
    for (const name of COMMUNICATION_CHILDREN) {
      const child = features.getByRole('switch', { name });
      expect(child).toBeEnabled();
      expect(child).toBeChecked();
      expect(child).not.toHaveAccessibleDescription();
    }
    expect(app.server.calls.filter((call) => call.route === SAVE).at(-1)?.body).toEqual({
      enterpriseId: 'e1',
      features: { ...DEFAULT_FEATURE_FLAGS, enableCourseFeature: true },
    });
  });

  it('a platform admin who cancels the confirmation leaves the feature on and saves nothing', async () => {
    const app = renderAcme((body) => ok(acme(body.features as FeatureFlags)));
    const user = userEvent.setup();
    const features = await featureSwitches();
    const company = features.getByRole('switch', { name: 'MarketPlace' });
    await user.click(company);
    const confirm = await screen.findByRole('dialog', { name: 'Switch MarketPlace off for Acme Learning?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(company).toBeChecked();
    await waitFor(() => expect(company).toHaveFocus());
    expect(app.server.calls.some((call) => call.route === SAVE)).toBe(false);
  });

  it('a platform admin whose save fails sees the server message and the switch moves back', async () => {
    let refuse = () => {};
    const answered = new Promise<void>((resolve) => {
      refuse = resolve;
    });
    renderAcme(async () => {
      await answered;
      return fail(422, 'The features could not be saved');
    });
    const user = userEvent.setup();
    const features = await featureSwitches();
    const marketplace = features.getByRole('switch', { name: 'MarketPlace' });

    await user.click(marketplace);
    const confirm = await screen.findByRole('dialog', { name: 'Switch MarketPlace off for Acme Learning?' });
    expect(confirm).toHaveTextContent('This closes the Courses menu and the course calls');
    await user.click(within(confirm).getByRole('button', { name: 'Switch MarketPlace off' }));
    // It moves at once and holds still (without losing focus) until the server answers.
    expect(marketplace).not.toBeChecked();
    expect(marketplace).toHaveAttribute('aria-disabled', 'true');
    // The dialog gives focus back to the switch that opened it.
    await waitFor(() => expect(marketplace).toHaveFocus());
    expect(features.getByRole('status', { name: 'Saving MarketPlace' })).toBeInTheDocument();

    refuse();
    expect(await screen.findByText('The features could not be saved')).toBeInTheDocument();
    await waitFor(() => expect(marketplace).toBeChecked());
    expect(marketplace).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByText('MarketPlace is off for Acme Learning')).toBeNull();
  });
});

describe('enterprise detail members', () => {
  it("a platform admin sees a new enterprise's default admin and other members who have not accepted the invitation as Invited", async () => {
    const detail = {
      ...acme(DEFAULT_FEATURE_FLAGS),
      defaultAdmin: { _id: 'u1', name: 'Olivia Owner', email: 'owner@acme.example', invitePending: true },
    };
    renderApp({
      path: '/admin/enterprise/detail/e1',
      admin: verifiedSession(fakeToken(86400)),
      routes: {
        'GET /api/v1/admin/general/auth/me': () => ok(makeAdminUser()),
        [route(adminEnterprises.detail)]: () => ok(detail),
        [route(adminReports.enterpriseUsage)]: () => fail(500, 'Something went wrong'),
        [route(adminMembers.list)]: () =>
          ok({
            currentPage: 1,
            totalPages: 1,
            totalCount: 3,
            listdata: [
              {
                _id: 'u1',
                name: 'Olivia Owner',
                email: 'owner@acme.example',
                enterprise: { _id: 'e1', company_name: 'Acme Learning' },
                role: { _id: 'r1', name: 'Admin' },
                status: 'Active',
                lastActiveAt: null,
                isDefaultAdmin: true,
                invitePending: true,
              },
              {
                _id: 'u3',
                name: 'Ina Invited',
                email: 'ina@acme.example',
                enterprise: { _id: 'e1', company_name: 'Acme Learning' },
                role: { _id: 'r2', name: 'Learner' },
                status: 'Active',
                lastActiveAt: null,
                isDefaultAdmin: false,
                invitePending: true,
              },
              {
                _id: 'u2',
                name: 'Sam Signed-in',
                email: 'sam@acme.example',
                enterprise: { _id: 'e1', company_name: 'Acme Learning' },
                role: { _id: 'r2', name: 'Learner' },
                status: 'Active',
                lastActiveAt: '2026-01-29T09:00:00.000Z',
                isDefaultAdmin: false,
                invitePending: false,
              },
            ],
          }),
      },
    });
    expect(await screen.findByText('Invitation pending')).toBeVisible();
    // The facts name the default admin too: wait for the members table before looking for her row.
    await screen.findByText('Ina Invited');
    const ownerRow = (await screen.findAllByText('Olivia Owner'))
      .map((cell) => cell.closest('tr'))
      .find((row) => row !== null);
    if (!ownerRow) throw new Error('the default admin has no row in the members table');
    expect(within(ownerRow).getByText('Invited')).toBeVisible();
    expect(within(ownerRow).queryByText('Active')).not.toBeInTheDocument();
    // Any member who has not accepted the invitation, not only the default admin.
    const inaRow = screen.getByText('Ina Invited').closest('tr');
    if (!inaRow) throw new Error('Ina has no row in the members table');
    expect(within(inaRow).getByText('Invited')).toBeVisible();
    expect(within(inaRow).queryByText('Active')).not.toBeInTheDocument();
    const samRow = screen.getByText('Sam Signed-in').closest('tr');
    if (!samRow) throw new Error('Sam has no row in the members table');
    expect(within(samRow).getByText('Active')).toBeVisible();
    // The table counts people, joined or invited: not "3 members" beside a card saying one member joined.
    expect(screen.getByRole('navigation', { name: /people/ })).toHaveTextContent(/^3 people · Page 1 of 1/);
  });
});
