import path from 'node:path';
import type { Page } from '@playwright/test';
import { saveLanguage, signIn } from '../support/auth.ts';
import { noSideways, noViolations } from '../support/checks.ts';
import { DEMO_PASSWORD } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';
import { outboxMark, readCode, readMessage } from '../support/outbox.ts';

/**
 * Languages (spec §9): the picker on the login page turns the page Arabic and right to left, the sidebar
 * sits on the right after sign-in, and the choice survives a reload, a new sign-in and another browser (it is kept
 * on the member's profile); mails follow the reader's language.
 */

const learner = 'learner@acme.example';

/** With LANGUAGE_SCREENS=<folder>, the screens are saved there for a person to look at. */
const shot = async (page: Page, name: string) => {
  const folder = process.env.LANGUAGE_SCREENS;
  if (folder) await page.screenshot({ path: path.join(folder, `${name}.png`) });
};

const chooseLanguage = async (page: Page, current: string, name: string) => {
  await page.getByRole('button', { name: current }).click();
  await page.getByRole('menuitemradio', { name }).click();
};

/** The sign-in journey in Arabic: every label it needs is Arabic, and so is the code's mail. */
const signInInArabic = async (page: Page, email: string) => {
  await expect(page.getByRole('heading', { name: 'تسجيل الدخول' })).toBeVisible();
  await page.getByLabel('البريد الإلكتروني', { exact: true }).fill(email);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'تحقّق من هويتك' })).toBeVisible();
  await page.getByRole('radio', { name: /البريد الإلكتروني/ }).check();
  const mark = outboxMark(email);
  await page.getByRole('button', { name: 'أرسل الرمز' }).click();
  const code = await readCode(email, mark);
  // The server's answer to a wrong code shows in Arabic too.
  await page.getByLabel('رمز التحقق').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'تحقّق' }).click();
  await expect(page.getByText('الرمز غير صحيح أو انتهت صلاحيته')).toBeVisible();
  await page.getByLabel('رمز التحقق').fill(code);
  await page.getByRole('button', { name: 'تحقّق' }).click();
  await expect(page).toHaveURL(/\/enterprise\/dashboard$/);
};

const expectArabicShell = async (page: Page) => {
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  const nav = page.getByRole('navigation', { name: 'القائمة الرئيسية' });
  await expect(nav.getByRole('link', { name: 'مهامي' })).toBeVisible();
  // The sidebar sits on the right: its box starts past the middle of the window and the main content is to its left.
  const width = page.viewportSize()?.width ?? 0;
  const sidebar = await page.locator('aside.sidebar').boundingBox();
  const main = await page.locator('#main-content').boundingBox();
  expect(sidebar && main).toBeTruthy();
  if (!sidebar || !main) return;
  expect(sidebar.x).toBeGreaterThan(width / 2);
  expect(main.x + main.width).toBeLessThanOrEqual(sidebar.x + 1);
};

/**
 * Puts the signed-in member's saved language back to English: the journeys after this one sign in as the same
 * demo members and read English.
 */
const backToEnglish = (page: Page) => saveLanguage(page, 'enterprise', 'en');

test('Arabic chosen on the login page: right to left, Arabic, kept through a reload and new sign-ins', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await chooseLanguage(page, 'Language: English', 'العربية');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('link', { name: 'هل نسيت كلمة المرور؟' })).toBeVisible();
  await noViolations(page);
  await shot(page, 'login-ar');

  await signInInArabic(page, learner);
  const mail = await readMessage(learner, new Set());
  expect(mail).toContain('رمز التحقق الخاص بك في Coach');
  await expectArabicShell(page);

  await page.reload();
  await expectArabicShell(page);
  await shot(page, 'dashboard-ar');
  await page.locator('.user-menu__trigger').click();
  await shot(page, 'account-menu-ar');
  await page.keyboard.press('Escape');

  // Out and in again: the login page is still Arabic, and so is the dashboard after it.
  await page.locator('.user-menu__trigger').click();
  await page.getByRole('menuitem', { name: 'تسجيل الخروج' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await signInInArabic(page, learner);
  await expectArabicShell(page);

  // Another browser, never told: the member's profile brings Arabic back after sign-in.
  const other = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  const second = await other.newPage();
  await second.goto('/login');
  await expect(second.locator('html')).toHaveAttribute('dir', 'ltr');
  await second.getByLabel('Email', { exact: true }).fill(learner);
  await second.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await second.getByRole('button', { name: 'Sign in', exact: true }).click();
  await second.getByRole('radio', { name: /Email/ }).check();
  const mark = outboxMark(learner);
  await second.getByRole('button', { name: 'Send code' }).click();
  // The code goes out in the member's saved language, whatever this browser shows.
  const code = await readCode(learner, mark);
  expect(await readMessage(learner, new Set([...mark]))).toContain('رمز التحقق الخاص بك في Coach');
  await second.getByLabel('Verification code').fill(code);
  await second.getByRole('button', { name: 'Verify' }).click();
  await expectArabicShell(second);
  await other.close();
  await backToEnglish(page);
});

test("an invitation arrives in the inviter's chosen language; the invitee's browser language greets them", async ({
  page,
  browser,
}) => {
  const owner = 'owner@acme.example';
  const invitee = 'lucia.nueva@acme.example';
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(owner);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('radio', { name: /Email/ }).check();
  const codeMark = outboxMark(owner);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Verification code').fill(await readCode(owner, codeMark));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/enterprise\/dashboard$/);

  // The owner works in Spanish (saved on their profile) and invites a new member.
  await chooseLanguage(page, 'Language: English', 'Español');
  await expect(page.getByRole('navigation', { name: 'Menú principal' })).toBeVisible();
  const mark = outboxMark(invitee);
  const status = await page.evaluate(
    async ({ email }) => {
      const session = JSON.parse(localStorage.getItem('coach.enterprise.session') ?? 'null') as {
        token: string;
      };
      const headers = { 'content-type': 'application/json', 'x-access-token': session.token };
      const roles = (await (
        await fetch('/api/v1/enterprise/roles/get-role-options', { headers })
      ).json()) as {
        response: { _id: string; name: string }[];
      };
      const roleId = roles.response.find((r) => r.name === 'Learner')?._id;
      const res = await fetch('/api/v1/enterprise/members/invite-member', {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Lucía Nueva', email, roleId }),
      });
      return res.status;
    },
    { email: invitee },
  );
  expect(status).toBe(200);
  const mail = await readMessage(invitee, mark);
  expect(mail).toContain('Subject: Acme Learning te invita a Coach');
  expect(mail).toContain('Hola, Lucía Nueva:');
  const link = /https?:\/\/[^/\s]+(\/password\/reset\/\S+)/.exec(mail)?.[1] ?? '';
  expect(link).not.toBe('');

  // The invitee's own browser speaks Spanish: the page does the first time, and so does its toast.
  const spanish = await browser.newContext({ locale: 'es-ES' });
  const invited = await spanish.newPage();
  await invited.goto(link);
  await expect(invited.locator('html')).toHaveAttribute('lang', 'es');
  await expect(
    invited.getByRole('heading', { name: '¡Te damos la bienvenida! Elige tu contraseña' }),
  ).toBeVisible();
  await invited.getByLabel('Contraseña', { exact: true }).fill('Lucia-habla-2026');
  await invited.getByLabel('Confirma la contraseña', { exact: true }).fill('Lucia-habla-2026');
  await invited.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(invited.getByText('Tu contraseña está lista. Inicia sesión.')).toBeVisible();
  // On to sign in, their address filled in.
  await expect(invited).toHaveURL(/\/login\?email=[^&]+$/);
  await expect(invited.getByLabel('Correo electrónico', { exact: true })).toHaveValue(invitee);
  await spanish.close();
  await backToEnglish(page);
});

/**
 * Beyond the English and Arabic walks of axe-every-route, the other seven languages get a lighter
 * check over the main screens: the page speaks the language (lang, and right to left for Dari and Pashto), none of
 * the screens' English sentences is left untranslated, and nothing sticks out sideways on a 390 px phone.
 */
const OTHER_LANGUAGES = ['es', 'fa', 'hi', 'ps', 'uk', 'vi', 'zh-Hans'] as const;
const RIGHT_TO_LEFT = new Set(['ar', 'fa', 'ps']);
const MAIN_SCREENS = ['/enterprise/dashboard', '/enterprise/members', '/enterprise/my-tasks'];
/** The namespaces those screens' own words come from (the shell, the menu, the home, the members list). */
const MAIN_NAMESPACES = ['common', 'menus', 'dashboard', 'members', 'my-tasks'];

type Catalog = { [key: string]: string | Catalog };
const sentences = (tree: Catalog, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : sentences(value, `${prefix}${key}.`),
  );
const valueAt = (tree: Catalog, key: string) =>
  key
    .split('.')
    .reduce<string | Catalog | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      tree,
    );

/** English sentences of the main screens that the language writes otherwise (two words or more, no placeholder). */
const englishLeftovers = async (language: string) => {
  const { readFileSync } = await import('node:fs');
  const { REPO_ROOT } = await import('../support/env.ts');
  const read = (code: string, namespace: string) =>
    JSON.parse(
      readFileSync(path.join(REPO_ROOT, 'dashboard/src/i18n/locales', code, `${namespace}.json`), 'utf8'),
    ) as Catalog;
  return MAIN_NAMESPACES.flatMap((namespace) => {
    const theirs = read(language, namespace);
    return sentences(read('en', namespace))
      .filter(([key, english]) => {
        const translated = valueAt(theirs, key);
        return (
          !english.includes('{{') &&
          english.trim().split(/\s+/).length >= 2 &&
          typeof translated === 'string' &&
          translated !== english
        );
      })
      .map(([, english]) => english);
  });
};

test('the seven other languages: the main screens speak them, right to left where they should, and fit a phone', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'enterprise', 'owner@acme.example');
  try {
    for (const language of OTHER_LANGUAGES) {
      const english = await englishLeftovers(language);
      await saveLanguage(page, 'enterprise', language);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/enterprise/dashboard');
      await page.reload();
      for (const screen of MAIN_SCREENS) {
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.goto(screen);
        // The page's tag may name the variant too (Dari is fa-AF).
        await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${language}\\b`));
        await expect(page.locator('html')).toHaveAttribute(
          'dir',
          RIGHT_TO_LEFT.has(language) ? 'rtl' : 'ltr',
        );
        await expect(page.locator('h1').first()).toBeVisible();
        await expect(page.locator('[role="status"].spinner, [aria-busy="true"]')).toHaveCount(0, {
          timeout: 15_000,
        });
        // What a person reads: innerText leaves out what is not shown (a closed menu's items).
        const text = await page.locator('header, nav, main').evaluateAll((nodes) =>
          // biome-ignore lint/performance/useDomNodeTextContent: the text shown, not the DOM's
          nodes.map((node) => (node as HTMLElement).innerText).join('\n'),
        );
        expect(
          english.filter((sentence) => text.includes(sentence)),
          `${language} ${screen}: English left on the screen`,
        ).toEqual([]);
        await shot(page, `${language}${screen.replaceAll('/', '-')}-1280`);
        await page.setViewportSize({ width: 390, height: 844 });
        await noSideways(page);
        await shot(page, `${language}${screen.replaceAll('/', '-')}-390`);
      }
    }
  } finally {
    await page.setViewportSize({ width: 1280, height: 800 });
    await backToEnglish(page);
  }
});
