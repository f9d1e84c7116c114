import { Secret, TOTP } from 'otpauth';
import { logOut, submitPassword, typeSignIn } from '../support/auth.ts';
import { noSideways, noViolations } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * A member sets up an authenticator app from their profile (QR code or key, then a code from the
 * app), saves the recovery codes, and from then on signs in with the app's code, or with a recovery code once; the
 * app is removed with the password. The test is the member's phone: it reads the key the screen shows.
 */
const EMAIL = 'member33@acme.example';

const phoneOf = (key: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(key.replace(/\s/g, '')) });

test('a member sets up an authenticator app, signs in with its code and with a recovery code, then removes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await typeSignIn(page, 'enterprise', EMAIL);
  await page.goto('/enterprise/profile');
  const card = page.getByRole('region', { name: 'Authenticator app' });
  await expect(card).toContainText('instead of by email or SMS');
  await card.getByRole('button', { name: 'Set up authenticator app' }).click();

  const setup = page.getByRole('dialog', { name: 'Set up an authenticator app' });
  await expect(
    setup.getByRole('img', { name: 'QR code that adds Coach to your authenticator app' }),
  ).toBeVisible();
  const key = (await setup.locator('.factor-setup__key').textContent()) ?? '';
  expect(key.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{32}$/);
  await noViolations(page);
  const phone = phoneOf(key);
  // A wrong code is refused on its field.
  await setup
    .getByLabel('6-digit code from the app')
    .fill(phone.generate() === '000000' ? '111111' : '000000');
  await setup.getByRole('button', { name: 'Turn on' }).click();
  await expect(setup.getByText('The code is incorrect or has expired')).toBeVisible();
  await setup.getByLabel('6-digit code from the app').fill(phone.generate());
  await setup.getByRole('button', { name: 'Turn on' }).click();

  const saved = page.getByRole('dialog', { name: 'Save your recovery codes' });
  const codeItems = saved.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  // allTextContents() does not wait: the list is read once the dialog shows all of it.
  await expect(codeItems).toHaveCount(10);
  const codes = (await codeItems.allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  await noViolations(page);
  await saved.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card).toContainText('Recovery codes left: 10');
  await page.setViewportSize({ width: 390, height: 844 });
  await noSideways(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The next sign-in asks for the app's code; nothing is mailed. The code of the period the setup used is spent,
  // so the phone's next one is typed.
  await logOut(page);
  await page.goto('/login');
  await submitPassword(page, EMAIL);
  await expect(page.getByRole('radio', { name: /Authenticator app/ })).toBeChecked();
  await noViolations(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page
    .getByLabel('Code from your authenticator app')
    .fill(phone.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/enterprise\/dashboard/);

  // A lost phone: a recovery code, once.
  await logOut(page);
  await page.goto('/login');
  await submitPassword(page, EMAIL);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(codes[0] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/enterprise\/dashboard/);

  // Removing the app asks for the password.
  await page.goto('/enterprise/profile');
  await expect(card).toContainText('Recovery codes left: 9');
  await card.getByRole('button', { name: 'Remove authenticator app' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove the authenticator app?' });
  await remove.getByLabel('Password').fill('not-the-password');
  await remove.getByRole('button', { name: 'Remove' }).click();
  await expect(remove.getByText('The password is not correct')).toBeVisible();
  await remove.getByLabel('Password').fill('Coach-demo-2026');
  await remove.getByRole('button', { name: 'Remove' }).click();
  await expect(card).toContainText('instead of by email or SMS');
});
