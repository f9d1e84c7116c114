import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPasskey } from '../../lib/passkey.ts';
import { fail, ok } from '../../testing/fake-server.ts';
import { renderProfile } from '../../testing/render-profile.tsx';

// The browser's passkey prompt is the test's to answer: the rest of lib/passkey.ts (reading its failures) is real.
vi.mock('../../lib/passkey.ts', async (original) => ({
  ...(await original<typeof import('../../lib/passkey.ts')>()),
  createPasskey: vi.fn(),
}));

const E = '/api/v1/enterprise/general/auth';
const OPTIONS = {
  rp: { name: 'Coach', id: 'localhost' },
  user: { id: 'dXNlci0x', name: 'owner@acme.example', displayName: 'owner@acme.example' },
  challenge: 'Y2hhbGxlbmdl',
  pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
  authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
};
const CREDENTIAL = {
  id: 'a2V5LTE',
  rawId: 'a2V5LTE',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'o2Nmb3Jt', transports: ['internal'] },
  clientExtensionResults: {},
};
const laptop = {
  _id: 'pk-1',
  name: 'Work laptop',
  createdAt: '2026-11-20T09:00:00.000Z',
  lastUsedAt: null,
  deviceType: 'singleDevice',
  backedUp: false,
};
const phone = {
  _id: 'pk-2',
  name: 'Phone',
  createdAt: '2026-11-21T09:00:00.000Z',
  lastUsedAt: '2026-11-25T09:00:00.000Z',
  deviceType: 'multiDevice',
  backedUp: true,
};

beforeEach(() => {
  vi.mocked(createPasskey).mockReset();
});

describe('the profile’s passkeys', () => {
  it('a member with no passkey names one, confirms it in the browser, and sees it listed', async () => {
    const listed: unknown[] = [];
    vi.mocked(createPasskey).mockResolvedValue(CREDENTIAL as never);
    const app = renderProfile({
      [`GET ${E}/passkeys`]: () => ok({ passkeys: [...listed] }),
      [`POST ${E}/passkeys/register-options`]: () => ok({ options: OPTIONS }),
      [`POST ${E}/passkeys/register-verify`]: (body) => {
        const added = { ...laptop, name: String(body.name) };
        listed.push(added);
        return ok(added, 'Passkey added');
      },
    });
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Passkeys' });
    expect(await within(card).findByText('No passkeys yet.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Add a passkey' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a passkey' });
    // A name is asked first, before the browser's prompt.
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('Enter a name for the passkey')).toBeInTheDocument();
    expect(createPasskey).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText('Passkey name'), '  Work laptop ');
    await user.keyboard('{Enter}');
    expect(await within(card).findByText('Work laptop')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(createPasskey).toHaveBeenCalledWith(expect.objectContaining({ challenge: OPTIONS.challenge }));
    expect(app.server.calls.find((call) => call.route.endsWith('register-verify'))?.body).toEqual({
      name: 'Work laptop',
      credential: CREDENTIAL,
    });
    expect(within(card).getByText(/not used yet/)).toBeInTheDocument();
  });

  it('closing the browser’s prompt is said calmly and nothing is sent; a key already on the device is named', async () => {
    const cancelled = Object.assign(new Error('The operation either timed out or was not allowed.'), {
      name: 'NotAllowedError',
    });
    vi.mocked(createPasskey).mockRejectedValueOnce(cancelled);
    const app = renderProfile({
      [`GET ${E}/passkeys`]: () => ok({ passkeys: [] }),
      [`POST ${E}/passkeys/register-options`]: () => ok({ options: OPTIONS }),
    });
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Passkeys' });
    await user.click(await within(card).findByRole('button', { name: 'Add a passkey' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a passkey' });
    await user.type(within(dialog).getByLabelText('Passkey name'), 'Phone');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const note = await within(dialog).findByRole('status');
    expect(note).toHaveTextContent('No passkey was used: the request was cancelled or timed out.');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(app.server.calls.some((call) => call.route.endsWith('register-verify'))).toBe(false);

    vi.mocked(createPasskey).mockRejectedValueOnce(
      Object.assign(new Error('exists'), {
        name: 'InvalidStateError',
        code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This device already keeps a passkey for your account.',
    );
  });

  it('a member renames a passkey and removes another with the password, a wrong one refused on its field', async () => {
    let passkeys = [laptop, phone];
    const app = renderProfile({
      [`GET ${E}/passkeys`]: () => ok({ passkeys }),
      [`POST ${E}/passkeys/rename`]: (body) => {
        passkeys = passkeys.map((p) => (p._id === body.passkeyId ? { ...p, name: String(body.name) } : p));
        return ok(passkeys.find((p) => p._id === body.passkeyId));
      },
      [`POST ${E}/passkeys/remove`]: (body) => {
        if (body.password !== 'Coach-demo-2026')
          return fail(422, 'password: The password is not correct', { field: 'password' });
        passkeys = passkeys.filter((p) => p._id !== body.passkeyId);
        return ok({});
      },
    });
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    // The synced one says so.
    expect(
      within(within(list).getAllByRole('listitem')[1] as HTMLElement).getByText('Synced'),
    ).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Rename Work laptop' }));
    const rename = screen.getByRole('dialog', { name: 'Rename the passkey' });
    const field = within(rename).getByLabelText('Passkey name');
    expect(field).toHaveValue('Work laptop');
    await user.clear(field);
    await user.type(field, 'Old laptop');
    await user.click(within(rename).getByRole('button', { name: 'Save' }));
    expect(await within(list).findByText('Old laptop')).toBeInTheDocument();
    expect(app.server.calls.find((call) => call.route.endsWith('rename'))?.body).toEqual({
      passkeyId: 'pk-1',
      name: 'Old laptop',
    });

    await user.click(within(list).getByRole('button', { name: 'Remove Phone' }));
    const remove = screen.getByRole('dialog', { name: 'Remove the passkey “Phone”?' });
    await user.type(within(remove).getByLabelText('Password'), 'not-the-password');
    await user.click(within(remove).getByRole('button', { name: 'Remove' }));
    expect(await within(remove).findByText(/The password is not correct/)).toBeInTheDocument();
    const password = within(remove).getByLabelText('Password');
    await user.clear(password);
    await user.type(password, 'Coach-demo-2026');
    await user.click(within(remove).getByRole('button', { name: 'Remove' }));
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).queryByText('Phone')).not.toBeInTheDocument();
  });

  it('a list that cannot be loaded says so and loads again on Try again', async () => {
    let attempts = 0;
    renderProfile({
      [`GET ${E}/passkeys`]: () =>
        ++attempts === 1 ? fail(500, 'Something went wrong') : ok({ passkeys: [laptop] }),
    });
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Passkeys' });
    expect(await within(card).findByText('Your passkeys could not be loaded')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByText('Work laptop')).toBeInTheDocument();
  });
});
