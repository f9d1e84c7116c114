import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { CDPSession, Locator, Page } from '@playwright/test';
import { enterCode, logOut, requestEmailCode, submitPassword } from '../support/auth.ts';
import { noSideways, noViolations } from '../support/checks.ts';
import { E2E_NAMED_URL, REPO_ROOT } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * A member adds a passkey on the profile, signs in with the password and the passkey as the second
 * step, then with the passkey alone, and removes it. Chromium's virtual authenticator (DevTools' WebAuthn domain) is
 * the member's device: a platform authenticator that keeps discoverable credentials and verifies its user.
 *
 * WebAuthn takes no IP address as the relying party's id, so this journey visits the server by name
 * (http://localhost:<port>, its PUBLIC_URL) where the others use 127.0.0.1.
 */
const EMAIL = 'member35@acme.example';
const PASSWORD = 'Coach-demo-2026';
const at = (route: string) => `${E2E_NAMED_URL}${route}`;

/** Screens for a person to look at: PASSKEY_SCREENS=<folder>, else e2e/screens/passkeys (ignored by git). */
const SCREENS = process.env.PASSKEY_SCREENS ?? path.join(REPO_ROOT, 'e2e/screens/passkeys');

/** The page's device: a platform authenticator with a fingerprint reader that always recognises its owner. */
const addDevice = async (page: Page) => {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const credentials = async () =>
    (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  return { credentials };
};

/** The screen at 1280 and at 390 px, whole or one part of it; nothing may stick out sideways on the phone. */
const snap = async (page: Page, name: string, part?: Locator) => {
  mkdirSync(SCREENS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    if (width === 390) await noSideways(page);
    const file = path.join(SCREENS, `${name}-${width}.png`);
    await (part ? part.screenshot({ path: file }) : page.screenshot({ path: file, fullPage: true }));
  }
  await page.setViewportSize({ width: 1280, height: 800 });
};

test('a member adds a passkey, signs in with it after the password and then alone, and removes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const device = await addDevice(page);

  // Signed in the usual way first: password and a mailed code.
  await page.goto(at('/login'));
  await submitPassword(page, EMAIL);
  await enterCode(page, await requestEmailCode(page, EMAIL));
  await expect(page).toHaveURL(/\/enterprise\/dashboard/);

  await page.goto(at('/enterprise/profile'));
  const card = page.getByRole('region', { name: 'Passkeys' });
  await expect(card).toContainText('No passkeys yet.');
  await snap(page, 'profile-no-passkey', card);
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  const add = page.getByRole('dialog', { name: 'Add a passkey' });
  await noViolations(page);
  await add.getByLabel('Passkey name').fill('Work laptop');
  await snap(page, 'add-dialog', add);
  await add.getByRole('button', { name: 'Continue' }).click();
  await expect(add).toBeHidden();
  const list = card.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Work laptop');
  await expect(list).toContainText('not used yet');
  // The device keeps it as a discoverable credential for this site, for this member.
  const [kept] = await device.credentials();
  expect(kept?.isResidentCredential).toBe(true);
  expect(kept?.rpId).toBe('localhost');
  await noViolations(page);
  await snap(page, 'profile-passkey', card);
  await snap(page, 'profile');

  // Password, then the passkey as the second step: offered first, nothing mailed.
  await logOut(page);
  await page.goto(at('/login'));
  await submitPassword(page, EMAIL);
  await expect(page.getByRole('radio', { name: /Passkey/ })).toBeChecked();
  await noViolations(page);
  await snap(page, 'second-factor');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/enterprise\/dashboard/);

  // The passkey alone: no email, no password.
  await logOut(page);
  await page.goto(at('/login'));
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
  await noViolations(page);
  await snap(page, 'sign-in');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/enterprise\/dashboard/);
  expect((await device.credentials())[0]?.signCount).toBeGreaterThanOrEqual(0);

  // Used twice now; removing it asks for the password.
  await page.goto(at('/enterprise/profile'));
  await expect(list).not.toContainText('not used yet');
  await list.getByRole('button', { name: 'Remove Work laptop' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove the passkey “Work laptop”?' });
  await remove.getByLabel('Password').fill('not-the-password');
  await remove.getByRole('button', { name: 'Remove' }).click();
  await expect(remove.getByText('The password is not correct')).toBeVisible();
  await remove.getByLabel('Password').fill(PASSWORD);
  await remove.getByRole('button', { name: 'Remove' }).click();
  await expect(card).toContainText('No passkeys yet.');

  // The device still holds the key, but the server no longer takes it: the sign-in page says why.
  await logOut(page);
  await page.goto(at('/login'));
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toContainText('This passkey is not registered here');
  await expect(page).toHaveURL(/\/login/);
});
