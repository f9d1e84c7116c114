import { SESSION_STORAGE_KEYS } from '@coach/shared/constants/session-storage';
import { TOKEN_HEADER } from '@coach/shared/contract/define-call';
import { noticeSettingsCalls } from '@coach/shared/contract/notices';
import { tasks } from '@coach/shared/contract/tasks';
import type { Page } from '@playwright/test';
import { saveLanguage, signIn } from '../support/auth.ts';
import { noSideways, noViolations } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';
import { noticeMark, noticesSince, readNotice } from '../support/outbox.ts';
import { shootBothWidths } from '../support/pages.ts';

/**
 * Members are told of their work by mail. An admin assigns a task to the learner and the learner is mailed, in
 * one mail with a link that opens the task; the learner turns "assigned" mails off on their profile, and the
 * next assignment mails them nothing (while a colleague assigned with them is still told).
 */
test.describe.configure({ mode: 'serial' });

const OWNER = 'owner@acme.example';
const LEARNER = 'learner@acme.example';
const STAFF = 'staff@acme.example';
const stamp = new Date()
  .toISOString()
  .replace(/[-:T.Z]/g, '')
  .slice(4, 14);
const first = `Describe your morning routine ${stamp}`;
const second = `Explain a process you know well ${stamp}`;
const SHOTS = process.env.NOTICES_SHOTS_DIR;

/** A call made with the signed-in member's own session, as the dashboard makes it. */
const call = (page: Page, path: string, body: object) =>
  page.evaluate(
    async ({ key, header, path, body }) => {
      const session = JSON.parse(localStorage.getItem(key) ?? 'null') as { token: string } | null;
      const res = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [header]: session?.token ?? '' },
        body: JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json()) as { response: { _id: string } } };
    },
    { key: SESSION_STORAGE_KEYS.enterprise, header: TOKEN_HEADER.enterprise, path, body },
  );

/** A Free Text task in Acme's library (made through the API: the journey is about what follows). */
const addTask = async (page: Page, title: string) => {
  const res = await call(page, tasks.addTask.path, {
    type: 7,
    title,
    category: 'Communication',
    level: 1,
    timeMinutes: 5,
    expirySeconds: 604800,
    questions: ['What happens first, and why?'],
  });
  expect(res.status).toBe(200);
  return res.json.response._id;
};

/** From the tasks library, the task's Assign dialog: to the members named. */
const assignTo = async (page: Page, title: string, members: string[]) => {
  await page.goto('/enterprise/tasks-library');
  await page.getByRole('searchbox', { name: 'Search tasks' }).fill(stamp);
  await page.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Assign' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign task' });
  for (const member of members) {
    await dialog.getByRole('searchbox', { name: 'Find members' }).fill(member.split(' ')[0] ?? member);
    await dialog.getByRole('checkbox', { name: new RegExp(`^${member}`) }).check();
  }
  await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(
    page.getByText(`${members.length} new assignment${members.length === 1 ? '' : 's'} made`),
  ).toBeVisible();
};

test('an admin assigns a task to the learner: the learner is mailed a link that opens it', async ({
  page,
}) => {
  await signIn(page, 'enterprise', LEARNER);
  // Every mail on, as a member starts (a journey run before may have left them otherwise).
  expect(
    (await call(page, noticeSettingsCalls.update.path, { assigned: true, dueTomorrow: true, feedback: true }))
      .status,
  ).toBe(200);

  await signIn(page, 'enterprise', OWNER);
  const taskId = await addTask(page, first);
  const mark = noticeMark(LEARNER);
  await assignTo(page, first, ['Lee Learner']);

  const mail = await readNotice(LEARNER, mark);
  expect(mail).toContain(`Subject: New task: ${first}`);
  expect(mail).toContain('Hello Lee Learner,');
  const link = /https?:\/\/[^/\s]+(\/enterprise\/my-tasks\/view\/[\w-]+)/.exec(mail)?.[1];
  expect(link).toBe(`/enterprise/my-tasks/view/${taskId}`);
  // One mail for the one assignment, and nothing in it that signs anyone in.
  expect(noticesSince(LEARNER, mark)).toHaveLength(1);
  expect(mail).not.toMatch(/password|token=/i);

  await signIn(page, 'enterprise', LEARNER);
  await page.goto(link ?? '/');
  await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
  await expect(page.getByText('What happens first, and why?')).toBeVisible();
});

test('the learner turns off "assigned" mails on their profile: the next assignment mails them nothing', async ({
  page,
}) => {
  await signIn(page, 'enterprise', LEARNER);
  await page.goto('/enterprise/profile');
  const card = page.getByRole('region', { name: 'Emails about your tasks' });
  const assigned = card.getByRole('switch', { name: 'Something is assigned to me' });
  await expect(assigned).toBeChecked();
  await expect(card.getByRole('switch', { name: 'A task is due tomorrow' })).toBeChecked();
  await expect(card.getByRole('switch', { name: 'A reviewer leaves feedback' })).toBeChecked();
  await card.scrollIntoViewIfNeeded();
  await shootBothWidths(page, SHOTS, 'profile-emails-on');
  await assigned.click();
  await expect(page.getByText('You will not get these emails')).toBeVisible();
  await expect(assigned).not.toBeChecked();
  // Kept by the server: read again after a reload.
  await page.reload();
  await expect(card.getByRole('switch', { name: 'Something is assigned to me' })).not.toBeChecked();
  await noViolations(page);
  await noSideways(page);
  await shootBothWidths(page, SHOTS, 'profile-emails-assigned-off');
  // The same choices in Arabic, right to left.
  await saveLanguage(page, 'enterprise', 'ar');
  try {
    await page.reload();
    const arabic = page.getByRole('region', { name: 'رسائل البريد عن مهامك' });
    await expect(arabic.getByRole('switch', { name: 'عندما يُسند إليّ شيء' })).not.toBeChecked();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await noSideways(page);
    await arabic.scrollIntoViewIfNeeded();
    await shootBothWidths(page, SHOTS, 'profile-emails-ar');
  } finally {
    await saveLanguage(page, 'enterprise', 'en');
  }
  // The page keeps the language it shows until it reads the saved one again.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Emails about your tasks' })).toBeVisible();

  await signIn(page, 'enterprise', OWNER);
  await addTask(page, second);
  const learnerMark = noticeMark(LEARNER);
  const staffMark = noticeMark(STAFF);
  await assignTo(page, second, ['Lee Learner', 'Sam Staff']);
  // Sam, assigned in the same action with every mail on, is told; by then the learner's notice has been decided.
  expect(await readNotice(STAFF, staffMark)).toContain(`Subject: New task: ${second}`);
  await page.waitForTimeout(2000);
  expect(noticesSince(LEARNER, learnerMark)).toHaveLength(0);

  // The learner switches it back on: their choice, on their profile.
  await signIn(page, 'enterprise', LEARNER);
  await page.goto('/enterprise/profile');
  await page.getByRole('switch', { name: 'Something is assigned to me' }).click();
  await expect(page.getByText('You will get these emails')).toBeVisible();
});
