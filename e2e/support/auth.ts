import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './env.ts';
import { outboxMark, readCode } from './outbox.ts';
import { dashboardText } from './words.ts';

export type Audience = 'enterprise' | 'admin';
const loginPath = (audience: Audience) => (audience === 'admin' ? '/admin/login' : '/login');

/** The sign-in screens' words in the page's language (English unless a journey says otherwise). */
const authText = (language: string, key: string) => dashboardText(language, 'common', `auth.${key}`);

/** Fills the sign-in form on the current page (already on /login or /admin/login). */
export const submitPassword = async (
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  language = 'en',
) => {
  await page.getByLabel(authText(language, 'login.email'), { exact: true }).fill(email);
  await page.getByLabel(authText(language, 'login.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: authText(language, 'login.submit') }).click();
};

/** On the auth-check screen: choose email, send, and return the code the outbox received. */
export const requestEmailCode = async (page: Page, email: string, language = 'en') => {
  await expect(page.getByRole('heading', { name: authText(language, 'check.title') })).toBeVisible();
  await page.getByRole('radio', { name: authText(language, 'check.email') }).check();
  const mark = outboxMark(email);
  await page.getByRole('button', { name: authText(language, 'check.send') }).click();
  return readCode(email, mark);
};

export const enterCode = async (page: Page, code: string, language = 'en') => {
  await page.getByLabel(authText(language, 'check.code')).fill(code);
  await page.getByRole('button', { name: authText(language, 'check.verify') }).click();
};

/** The whole journey: password, then the second factor read from the outbox. */
export const signIn = async (page: Page, audience: Audience, email: string) => {
  await page.goto(loginPath(audience));
  await submitPassword(page, email);
  const code = await requestEmailCode(page, email);
  await enterCode(page, code);
  // Signed in once the check is left behind (a goto before that would meet the half-done session).
  await expect(page).not.toHaveURL(/auth-check/);
};

export const openUserMenu = async (page: Page) => {
  await page.locator('.user-menu__trigger').click();
  return page.getByRole('menu');
};

export const logOut = async (page: Page) => {
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Logout' }).click();
};
