import { SCIM_TOKEN_PATTERN } from '@coach/shared/contract/scim';
import type { Page } from '@playwright/test';
import { enterCode, requestEmailCode, signIn, submitPassword } from '../support/auth.ts';
import { noSideways, noViolations } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';
import { outboxMark, readLinkPath } from '../support/outbox.ts';
import { runStamp, shootBothWidths } from '../support/pages.ts';

/** DIRECTORY_SCREENS=<folder> saves the card and its dialogs at 1280 and 390 px, for a person to look at. */
const SCREENS = process.env.DIRECTORY_SCREENS;
const shoot = (page: Page, name: string) => shootBothWidths(page, SCREENS, name);
const SCIM_JSON = { 'content-type': 'application/scim+json' };

test('the owner connects a directory: it provisions a member and a group, and its active:false signs the member out at once', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(SCREENS ? 300_000 : 150_000);
  const stamp = runStamp();
  const email = `sam.${stamp}@acme.example`.toLowerCase();
  const groupName = `Field sales ${stamp}`;

  // The owner makes a token in Settings and reads the base URL to paste into Entra ID.
  await signIn(page, 'enterprise', 'owner@acme.example');
  await page.goto('/enterprise/settings');
  const card = page.getByRole('region', { name: 'Directory sync (SCIM)' });
  const baseUrl = await card.getByLabel('SCIM base URL').inputValue();
  expect(baseUrl).toMatch(/\/scim\/v2$/);
  await card.getByRole('button', { name: 'Make a token' }).click();
  const form = page.getByRole('dialog', { name: 'Make a SCIM token' });
  await form.getByLabel('Name', { exact: false }).fill(`Entra ID ${stamp}`);
  await form.getByRole('button', { name: 'Make token' }).click();
  const shown = page.getByRole('dialog', { name: `Your new SCIM token: Entra ID ${stamp}` });
  const secret = await shown.getByLabel('SCIM token', { exact: true }).inputValue();
  expect(secret).toMatch(SCIM_TOKEN_PATTERN);
  await noViolations(page);
  await shoot(page, 'scim-secret');
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(card.getByRole('table', { name: 'SCIM tokens' })).toContainText(`Entra ID ${stamp}`);
  // The secret is never shown again.
  await expect(page.getByText(secret)).toHaveCount(0);

  // The directory (here Playwright's request, over HTTP as Entra ID would) creates the member and their group.
  const scim = { ...SCIM_JSON, authorization: `Bearer ${secret}` };
  const path = new URL(baseUrl).pathname;
  const made = await request.post(`${path}/Users`, {
    headers: scim,
    data: {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      externalId: `entra-${stamp}`,
      userName: email,
      active: true,
      displayName: `Sam ${stamp}`,
      emails: [{ primary: true, type: 'work', value: email }],
    },
  });
  expect(made.status()).toBe(201);
  const samId = ((await made.json()) as { id: string }).id;
  const group = await request.post(`${path}/Groups`, {
    headers: scim,
    data: {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      displayName: groupName,
      members: [{ value: samId }],
    },
  });
  expect(group.status()).toBe(201);

  // The owner sees both on their screens.
  await page.goto('/enterprise/groups');
  await expect(page.getByRole('row').filter({ hasText: groupName })).toContainText('1');

  // Sam chooses a password with "Forgot password" (the directory vouched for the address) and signs in.
  const sam = await browser.newContext();
  const samPage = await sam.newPage();
  await samPage.goto('/forgot-password');
  const mark = outboxMark(email);
  await samPage.getByLabel('Email', { exact: true }).fill(email);
  await samPage.getByRole('button', { name: 'Send reset link' }).click();
  await samPage.goto(await readLinkPath(email, mark));
  const password = `Directory-${stamp}-pass`;
  await samPage.getByLabel('New password', { exact: true }).fill(password);
  await samPage.getByLabel('Confirm new password', { exact: true }).fill(password);
  await samPage.getByRole('button', { name: 'Save new password' }).click();
  await expect(samPage.getByText('Your password has been reset. Please sign in.')).toBeVisible();
  await samPage.goto('/login');
  await submitPassword(samPage, email, password);
  await enterCode(samPage, await requestEmailCode(samPage, email));
  await expect(samPage).toHaveURL(/\/enterprise\//);
  await expect(samPage.getByRole('heading', { level: 1 })).toBeVisible();

  // Entra ID deactivates Sam (its "False" string): Sam's very next request is refused and the page goes to sign-in.
  const off = await request.patch(`${path}/Users/${samId}`, {
    headers: scim,
    data: {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    },
  });
  expect(off.status()).toBe(200);
  await samPage.reload();
  await expect(samPage).toHaveURL(/\/login/);
  await sam.close();

  // Settings shows what the directory did, with each answer.
  await page.goto('/enterprise/settings');
  const requests = card.getByRole('table', { name: 'Latest requests from your directory' });
  await expect(requests.getByRole('row').filter({ hasText: `PATCH /Users/${samId}` })).toContainText('200');
  await expect(requests.getByRole('row').filter({ hasText: 'POST /Groups' }).first()).toContainText('201');
  await noViolations(page);
  await noSideways(page);
  await shoot(page, 'scim-card');

  // The directory removes the group and the member (the demo's counts are as they were for later journeys).
  const groupId = ((await group.json()) as { id: string }).id;
  expect((await request.delete(`${path}/Groups/${groupId}`, { headers: scim })).status()).toBe(204);
  expect((await request.delete(`${path}/Users/${samId}`, { headers: scim })).status()).toBe(204);
  expect((await request.get(`${path}/Users/${samId}`, { headers: scim })).status()).toBe(404);

  // Revoking the token stops the directory at its next request.
  await card
    .getByRole('row')
    .filter({ hasText: `Entra ID ${stamp}` })
    .getByRole('button', { name: `Revoke Entra ID ${stamp}` })
    .click();
  await page
    .getByRole('dialog', { name: `Revoke Entra ID ${stamp}?` })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(page.getByText('SCIM token revoked')).toBeVisible();
  const refused = await request.get(`${path}/Users?count=1`, { headers: scim });
  expect(refused.status()).toBe(401);
});
