import { SESSION_STORAGE_KEYS } from '@coach/shared/constants/session-storage';
import { adminAuth, enterpriseAuth } from '@coach/shared/contract/auth';
import { TOKEN_HEADER } from '@coach/shared/contract/define-call';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
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
  await page.getByRole('button', { name: authText(language, 'login.submit'), exact: true }).click();
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

/** The whole journey typed as a person does: password, then the second factor read from the outbox. */
export const typeSignIn = async (page: Page, audience: Audience, email: string) => {
  await page.goto(loginPath(audience));
  await submitPassword(page, email);
  const code = await requestEmailCode(page, email);
  await enterCode(page, code);
  // Signed in once the check is left behind (a goto before that would meet the half-done session).
  await expect(page).not.toHaveURL(/auth-check/);
};

const CALLS = { enterprise: enterpriseAuth, admin: adminAuth } as const;
const HOME = { enterprise: '/enterprise/dashboard', admin: '/admin/dashboard' } as const;

/** One signed-in session per person for the whole run, while the server still takes it. */
const sessions = new Map<string, string>();

const call = async (
  request: APIRequestContext,
  path: string,
  body: object,
  token?: { header: string; value: string },
) => {
  const res = await request.post(path, { data: body, headers: token ? { [token.header]: token.value } : {} });
  expect(res.status(), `POST ${path}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { response: { accesstoken: string } }).response;
};

/** A session over HTTP: password, the code mailed to the outbox, the verified token; reused while it is valid. */
const sessionOf = async (request: APIRequestContext, audience: Audience, email: string) => {
  const calls = CALLS[audience];
  const header = TOKEN_HEADER[audience];
  const key = `${audience} ${email}`;
  const kept = sessions.get(key);
  // A journey may have logged this person out (the token is revoked then): ask the server, not the map.
  if (kept && (await request.get(calls.me.path, { headers: { [header]: kept } })).ok()) return kept;
  const { accesstoken } = await call(request, calls.login.path, { email, password: DEMO_PASSWORD });
  const mark = outboxMark(email);
  // spec §9: contact method 2 is Email.
  await call(request, calls.sendCode.path, { contactMethod: 2 }, { header, value: accesstoken });
  const code = await readCode(email, mark);
  const verified = await call(request, calls.verifyCode.path, { code }, { header, value: accesstoken });
  sessions.set(key, verified.accesstoken);
  return verified.accesstoken;
};

/**
 * Signs a person in through the API: the session is made once per person and run, over HTTP
 * with the password and the mailed code, and put where the dashboard keeps it; the page opens the audience's
 * home. Only the journeys about signing in type it (`typeSignIn`).
 */
export const signIn = async (page: Page, audience: Audience, email: string) => {
  const token = await sessionOf(page.request, audience, email);
  // Any page of the origin gives its storage: the health answer is the lightest.
  await page.goto('/api/v1/health');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    SESSION_STORAGE_KEYS[audience],
    JSON.stringify({ token, mfaDone: true, refreshDone: true }),
  ] as const);
  await page.goto(HOME[audience]);
  await expect(page).not.toHaveURL(/\/(login|auth-check)/);
};

/**
 * Saves the signed-in person's language on the server, as the picker does (the page's stored session signs the
 * call). Journeys that change a demo member's language put it back so later journeys read English.
 */
export const saveLanguage = async (page: Page, audience: Audience, language: string) => {
  const status = await page.evaluate(
    async ({ key, path, header, language }) => {
      const session = JSON.parse(localStorage.getItem(key) ?? 'null') as { token: string } | null;
      const res = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [header]: session?.token ?? '' },
        body: JSON.stringify({ language }),
      });
      return res.status;
    },
    {
      key: SESSION_STORAGE_KEYS[audience],
      path: CALLS[audience].updateLanguage.path,
      header: TOKEN_HEADER[audience],
      language,
    },
  );
  expect(status, `saving ${language} as ${audience}'s language`).toBe(200);
};

export const openUserMenu = async (page: Page) => {
  await page.locator('.user-menu__trigger').click();
  return page.getByRole('menu');
};

export const logOut = async (page: Page) => {
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Logout' }).click();
};
