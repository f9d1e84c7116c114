import { readdirSync } from 'node:fs';
import path from 'node:path';
import { PARTNER_LANDING_PATHS } from '@coach/shared/constants/institutions';
import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { paths } from '../../dashboard/src/config/paths.ts';
import { type Screen, screens } from '../../dashboard/src/config/screens.ts';
import { enterCode, requestEmailCode, saveLanguage, submitPassword } from '../support/auth.ts';
import { axeViolations } from '../support/checks.ts';
import { DEMO_PASSWORD, REPO_ROOT } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';
import { islandLive } from '../support/site.ts';
import { headerTrouble, removeLogo, uploadWideLogo } from '../support/wide-logo.ts';
import { dashboardText, siteText, startsLike } from '../support/words.ts';

/**
 * Axe (WCAG 2.2 AA tags) on every route of the dashboard, as every role, and on every page type
 * of the marketplace site. The dashboard's routes come from dashboard/src/config/paths.ts (routes.test.ts in the
 * dashboard checks that routes.tsx uses no other path), the site's from its pages folder, so a new route or page
 * that this test does not visit fails it. Parametrised routes take the seeded ids from links found on the pages
 * already visited. Besides axe: a few screens of each layout are tabbed through for a visible focus ring at every
 * stop and checked for motion (every context asks for reduced motion), and the video player and the recorder are
 * worked by keyboard alone; every page checked must also fit a 390 px phone, with Acme wearing a 1200×200 logo
 * (the logo never overlaps the menu button nor pushes the account button off). Each role has its own browser context.
 * The language is a parameter (the browser's language, which a member without a saved one gets; the site under its
 * /<code>/ prefix): English (every role) and Arabic (right to left, every role but Staff) are walked; add a code to LANGUAGES to walk another (the
 * walks find their controls by the product's own words in that language, support/words.ts).
 */
const LANGUAGES = ['en', 'ar'] as const;
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type Role = 'owner' | 'staff' | 'learner' | 'institution' | 'admin' | 'visitor';
const LOGINS: Record<Exclude<Role, 'visitor'>, { email: string; login: string }> = {
  owner: { email: 'owner@acme.example', login: paths.enterprise.login.pattern },
  staff: { email: 'staff@acme.example', login: paths.enterprise.login.pattern },
  learner: { email: 'learner@acme.example', login: paths.enterprise.login.pattern },
  // Acme sells no course; an institution's admin has the seeded ones to edit and their enrolments.
  institution: { email: 'courses@youstudy.example', login: paths.enterprise.login.pattern },
  admin: { email: 'admin@coach.example', login: paths.admin.login.pattern },
};

type Finding = { rule: string; impact: string; nodes: string[] };
type PageReport = { role: Role; label: string; url: string; findings: Finding[]; note?: string };

/** Every route pattern of the dashboard: each string or `.pattern` in `paths` (built from config/screens.ts). */
const patternsOf = (value: unknown): string[] => {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object')
    return 'pattern' in value ? [String(value.pattern)] : Object.values(value).flatMap(patternsOf);
  return [];
};
const DASHBOARD_PATTERNS = [...new Set(patternsOf(paths))];

/** Signed-out screens (each audience's sign-in pages and the public ones): the entry and the screens needing no session. */
const PUBLIC_PATTERNS = new Set<string>([
  paths.root,
  ...Object.values(screens).flatMap((section) =>
    Object.values(section as Record<string, Screen>)
      .filter((screen) => screen.area === 'open' || screen.area === 'public')
      .map((screen) => screen.path),
  ),
]);

const rolesFor = (pattern: string): Role[] => {
  if (PUBLIC_PATTERNS.has(pattern)) return ['visitor'];
  if (pattern.startsWith('/admin/')) return ['admin'];
  if (pattern.startsWith('/marketplace/')) return ['visitor'];
  // /enterprise/* and the signed-in enterprise screens outside it (activation-required).
  return ['owner', 'staff', 'learner', 'institution'];
};

/** The pathname a pattern matches; optional `/:x?` segments are required here (the bare form is visited too). */
const patternRegex = (pattern: string) =>
  new RegExp(`^${pattern.replace(/\/:\w+\??/g, '/[^/]+').replace(/[.]/g, '\\.')}$`);

/** Fixed values for parameters that are not seeded ids. */
const fixedParams = (pattern: string): string | null => {
  if (pattern.includes(':token')) return pattern.replace(':token', 'a11y-not-a-real-token');
  // A Deep Linking request exists only while an LMS waits for its answer: the page's expired state is walked.
  if (pattern === paths.enterprise.ltiDeepLink) return pattern.replace(':id', 'a11y-expired-request');
  if (pattern === paths.appPrivacyPolicy.pattern || pattern === paths.appTerms.pattern)
    return pattern.replace(':id', 'platform');
  return null;
};

const ready = async (page: Page) => {
  // A screen is ready once its heading shows and nothing says it is loading.
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[role="status"].spinner, [aria-busy="true"]')).toHaveCount(0, {
    timeout: 15_000,
  });
  // On the site, once the React islands in view have hydrated (Astro drops an island's `ssr` attribute then): the
  // search form is disabled and faded until its island runs, and axe caught it mid-change once (a colour-contrast
  // finding on the Arabic home page's search button, in one run of three on the same code). Islands below the
  // fold (client:visible) wait for a scroll, so only those in view are waited for.
  await page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll('astro-island[ssr]')).every((island) => {
        // An island is `display: contents`: its first element has the box.
        const box = island.firstElementChild?.getBoundingClientRect();
        return !box || box.bottom <= 0 || box.top >= window.innerHeight;
      }),
    null,
    { timeout: 15_000 },
  );
};

const axe = async (page: Page): Promise<Finding[]> => {
  const found = await axeViolations(page, AXE_TAGS);
  return found.map((v) => ({
    rule: v.id,
    impact: v.impact ?? '',
    nodes: v.nodes.map((n) => n.target.join(' ')),
  }));
};

/**
 * Tabs through the page from its start and returns the controls that showed no focus indicator: no outline or
 * shadow on the control, its ::before/::after, or one of its three nearest parents (a :focus-within ring).
 */
const focusWithoutRing = async (page: Page, stops = 40) => {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const missing: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < stops; i += 1) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const shows = (e: Element, pseudo?: string) => {
        const style = getComputedStyle(e, pseudo);
        return (
          (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) ||
          style.boxShadow !== 'none'
        );
      };
      let ok = shows(el) || shows(el, '::before') || shows(el, '::after');
      let parent = el.parentElement;
      for (let k = 0; k < 3 && parent && !ok; k += 1, parent = parent.parentElement) ok = shows(parent);
      const classes =
        typeof el.className === 'string' ? el.className.trim().split(/\s+/).filter(Boolean) : [];
      const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
      return { name: `${el.tagName.toLowerCase()}${classes.map((c) => `.${c}`).join('')} "${text}"`, ok };
    });
    // Past the last control focus leaves the page (body) or comes round again.
    if (!stop || seen.has(stop.name)) break;
    seen.add(stop.name);
    if (!stop.ok) missing.push(stop.name);
  }
  return missing;
};

/**
 * With reduced motion asked for, the elements whose animation or transition still lasts longer than a frame
 * (the contexts are made with reducedMotion: 'reduce').
 */
const stillMoving = (page: Page) =>
  page.evaluate(() => {
    const longest = (list: string) => Math.max(...list.split(',').map((d) => Number.parseFloat(d) || 0));
    const moving: string[] = [];
    for (const el of Array.from(document.querySelectorAll('*'))) {
      for (const pseudo of [undefined, '::before', '::after']) {
        const style = getComputedStyle(el, pseudo);
        const animated = style.animationName !== 'none' && longest(style.animationDuration) > 0.02;
        if (animated || longest(style.transitionDuration) > 0.02) {
          const classes = typeof el.className === 'string' ? el.className.trim().split(/\s+/).join('.') : '';
          moving.push(`${el.tagName.toLowerCase()}${classes ? `.${classes}` : ''}${pseudo ?? ''}`);
        }
      }
    }
    return [...new Set(moving)];
  });

/** Screens tabbed through for a visible focus ring: each layout, the forms and builders, the recorder. */
const KEYBOARD_PATTERNS = new Set<string>([
  paths.enterprise.login.pattern,
  paths.enterprise.dashboard,
  paths.enterprise.members,
  paths.enterprise.tasksLibrary,
  paths.enterprise.createTask,
  paths.enterprise.contentLibrary,
  paths.enterprise.settings,
  paths.enterprise.myTaskView,
  paths.enterprise.manageSurvey,
  paths.admin.dashboard,
  paths.admin.contentLibrary,
]);

const keyboarded = new Set<string>();

/** One role's walk: its own context, pages visited one after another, the links seen kept for the ids. */
class Walk {
  readonly links = new Set<string>();
  readonly scanned = new Set<string>();
  constructor(
    readonly language: string,
    readonly role: Role,
    readonly page: Page,
    readonly reports: PageReport[],
    /** Links every walk of the audience has seen: another role's ids (a learner's task) for the rest. */
    readonly pool: Set<string>,
  ) {}

  async check(label: string) {
    const url = new URL(this.page.url());
    const findings = await axe(this.page);
    this.reports.push({ role: this.role, label, url: url.pathname + url.search, findings });
    this.scanned.add(url.pathname);
  }

  /**
   * Every route visited also fits a 390 px phone: nothing sticks out sideways once the layout has settled (a page
   * wider than the phone is a finding). With SCREEN_TOUR=<folder>, the screenshot tour besides: each page at the
   * walk's width and at 390 px, saved there for a person to look at (`<language>-<role>-<n>-<label>-<width>.png`).
   */
  async photograph(label: string) {
    const folder = process.env.SCREEN_TOUR;
    this.shots += 1;
    const name = `${this.language}-${this.role}-${String(this.shots).padStart(3, '0')}-${label.replace(/[^\w]+/g, '-').slice(0, 60)}`;
    const size = this.page.viewportSize() ?? { width: 1280, height: 720 };
    if (folder) await this.page.screenshot({ path: path.join(folder, `${name}-${size.width}.png`) });
    await this.page.setViewportSize({ width: 390, height: 844 });
    const wider = await this.page
      .waitForFunction(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        null,
        {
          timeout: 2_000,
        },
      )
      .then(
        () => 0,
        () => this.page.evaluate(() => document.documentElement.scrollWidth),
      );
    if (folder) await this.page.screenshot({ path: path.join(folder, `${name}-390.png`) });
    if (wider)
      this.reports
        .at(-1)
        ?.findings.push({ rule: 'wider than a 390 px phone', impact: 'serious', nodes: [`${wider} px`] });
    // Acme's wide logo never overlaps the menu button nor pushes the account button off the phone.
    const trouble = await headerTrouble(this.page);
    if (trouble)
      this.reports.at(-1)?.findings.push({ rule: 'top bar at 390 px', impact: 'serious', nodes: [trouble] });
    await this.page.setViewportSize(size);
  }

  shots = 0;

  async collectLinks() {
    const hrefs = await this.page
      .locator('a[href^="/"]')
      .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).getAttribute('href') ?? ''));
    for (const href of hrefs) {
      this.links.add(href);
      this.pool.add(href);
    }
  }

  /** Checks that nothing on the page moves when reduced motion is asked for. */
  async motion(label: string) {
    const url = new URL(this.page.url());
    const moving = await stillMoving(this.page);
    this.reports.push({
      role: this.role,
      label: `reduced motion: ${label}`,
      url: url.pathname + url.search,
      findings: moving.length ? [{ rule: 'reduced-motion', impact: 'serious', nodes: moving }] : [],
      note: 'motion',
    });
  }

  /** Tabs through the page for a focus ring at every stop. */
  async keyboard(label: string) {
    const url = new URL(this.page.url());
    const missing = await focusWithoutRing(this.page);
    this.reports.push({
      role: this.role,
      label: `keyboard: ${label}`,
      url: url.pathname + url.search,
      findings: missing.length ? [{ rule: 'focus-ring (keyboard)', impact: 'serious', nodes: missing }] : [],
      note: 'tabbed',
    });
  }

  /** Opens a route and checks it, unless it sent the role to a screen already checked (unauthorized, login). */
  async visit(label: string, target: string) {
    // A screen tabbed through is loaded afresh, so that Tab starts from the top of the document.
    await this.open(target, KEYBOARD_PATTERNS.has(label) && !keyboarded.has(label));
    const notReady = await ready(this.page).then(
      () => null,
      (error: Error) => error.message.split('\n')[0] ?? 'not ready',
    );
    await this.collectLinks();
    const landed = new URL(this.page.url()).pathname;
    if (landed !== new URL(target, 'http://x').pathname && this.scanned.has(landed)) {
      this.reports.push({ role: this.role, label, url: target, findings: [], note: `→ ${landed}` });
      return;
    }
    await this.check(label);
    // Routes only: a flow's open states (a dialog, the recorder running) are not resized under it.
    await this.photograph(label);
    if (notReady)
      this.reports.at(-1)?.findings.push({ rule: 'page-not-ready', impact: '', nodes: [notReady] });
    // Once per screen, by the first role that opens it.
    if (KEYBOARD_PATTERNS.has(label) && !keyboarded.has(label)) {
      keyboarded.add(label);
      await this.keyboard(label);
      await this.motion(label);
    }
  }

  /**
   * Goes to a route. Within the dashboard it goes as the dashboard's own links do, through the router's history
   * without a reload (pushState, then the popstate event React Router listens to), and waits for the app to change
   * the screen's heading. Loading the whole app afresh for each of a walk's hundred screens was a third of the walk's time and
   * CPU; every journey still opens its first screen by address, and the server's answer for any dashboard address
   * is the same app. A site page, a first screen, the same address again, or a heading that does not change
   * within 5 s (a screen that redirects to the one shown) is loaded by address.
   */
  async open(target: string, afresh = false) {
    const here = this.page.url();
    const inApp =
      !afresh &&
      here.startsWith('http') &&
      here !== new URL(target, here).href &&
      !isSitePath(new URL(target, 'http://x').pathname) &&
      (await this.page.evaluate(() => document.getElementById('root')?.hasChildNodes() ?? false));
    if (inApp) {
      const moved = await this.page.evaluate(
        (href) =>
          new Promise<boolean>((resolve) => {
            // The screen has changed once its heading has: another element, or other words (one component may
            // serve two routes).
            const heading = () => document.querySelector('h1');
            const before = heading();
            const words = before?.textContent;
            const observer = new MutationObserver(() => {
              if (heading() === before && before?.textContent === words) return;
              observer.disconnect();
              resolve(true);
            });
            observer.observe(document.body, { childList: true, subtree: true, characterData: true });
            setTimeout(() => {
              observer.disconnect();
              resolve(false);
            }, 5_000);
            window.history.pushState(null, '', href);
            window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
          }),
        target,
      );
      if (moved) return;
    }
    await this.page.goto(target);
  }

  /** Whether ids may come from other roles' links (only for routes no role has opened yet). */
  borrow = false;

  linkFor(pattern: string) {
    const regex = patternRegex(pattern);
    const matches = (href: string) => regex.test(new URL(href, 'http://x').pathname);
    return [...this.links].find(matches) ?? (this.borrow ? [...this.pool].find(matches) : undefined);
  }
}

/**
 * The walk reads the screens in its language: a member whose saved language differs (another journey chose one)
 * gets the walk's language saved, as the picker would.
 */
const speaks = async (page: Page, audience: 'enterprise' | 'admin', language: string) => {
  const before = await page.locator('html').getAttribute('lang');
  if (before === language) return;
  await saveLanguage(page, audience, language);
  // Put back when the walk ends: later journeys on this server read the demo members in their own language.
  changedLanguages.push({ page, audience, language: before ?? 'en' });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await ready(page);
};

/** The members whose saved language a walk changed, with the language they had. */
const changedLanguages: { page: Page; audience: 'enterprise' | 'admin'; language: string }[] = [];

const newWalk = async (
  browser: Browser,
  role: Role,
  language: string,
  reports: PageReport[],
  pool = new Set<string>(),
) => {
  const context: BrowserContext = await browser.newContext({ locale: language, reducedMotion: 'reduce' });
  const walk = new Walk(language, role, await context.newPage(), reports, pool);
  if (role === 'visitor') return walk;
  const { email, login } = LOGINS[role];
  const words = (key: string) => dashboardText(language, 'common', `auth.${key}`);
  await walk.page.goto(login);
  await expect(walk.page.getByRole('button', { name: words('login.submit'), exact: true })).toBeVisible();
  await submitPassword(walk.page, email, DEMO_PASSWORD, language);
  const first = role === 'owner' || role === 'admin';
  await expect(walk.page.getByRole('button', { name: words('check.send') })).toBeVisible();
  // The two steps of the second factor, once per audience (the screen is the same for every member).
  if (first) await walk.check('auth-check: choose a method');
  const code = await requestEmailCode(walk.page, email, language);
  if (first) await walk.check('auth-check: enter the code');
  await enterCode(walk.page, code, language);
  await expect(walk.page).not.toHaveURL(/auth-check/);
  await ready(walk.page);
  await speaks(walk.page, role === 'admin' ? 'admin' : 'enterprise', language);
  return walk;
};

/** The dashboard's routes for one role: plain ones first, then parametrised ones with ids from links seen. */
const walkDashboard = async (
  walk: Walk,
  visited: Set<string>,
  only: (pattern: string) => boolean = () => true,
) => {
  // The site's pages are walkSite's; the second factor is checked while signing in.
  const elsewhere = [
    paths.marketplaceHome,
    paths.enterprise.authCheck.pattern,
    paths.admin.authCheck.pattern,
  ];
  const mine = DASHBOARD_PATTERNS.filter(
    (p) => rolesFor(p).includes(walk.role) && !elsewhere.includes(p as (typeof elsewhere)[number]) && only(p),
  );
  const withParams = mine.filter((p) => p.includes('/:'));
  for (const pattern of mine.filter((p) => !p.includes('/:'))) {
    await walk.visit(pattern, pattern);
    visited.add(pattern);
  }
  // An unknown address under the audience's prefix (routes.tsx's signed-in 404).
  if (walk.role !== 'visitor' && walk.role !== 'institution')
    await walk.visit('signed-in 404', `/${walk.role === 'admin' ? 'admin' : 'enterprise'}/no-such-screen`);
  return walkWithIds(walk, withParams, visited);
};

/** Parametrised routes, with ids from the links seen; returns those still without one. */
const walkWithIds = async (walk: Walk, patterns: string[], visited: Set<string>) => {
  let pending = patterns;
  // Ids come from links; a detail page may hold the link to the next one (a task's view links a member's attempt).
  for (let round = 0; round < 3 && pending.length > 0; round += 1) {
    const later: string[] = [];
    for (const pattern of pending) {
      const target = fixedParams(pattern) ?? walk.linkFor(pattern);
      if (!target) {
        later.push(pattern);
        continue;
      }
      if (/\/:\w+\?/.test(pattern)) {
        const bare = pattern.replace(/\/:\w+\?/g, '');
        await walk.visit(bare, bare);
      }
      await walk.visit(pattern, target);
      visited.add(pattern);
    }
    pending = later;
  }
  return pending;
};

/** Whether a pathname is the marketplace site's (a page of its own, not the dashboard's app). */
const isSitePath = (pathname: string) =>
  LANGUAGES.some((language) => {
    const prefix = sitePrefix(language);
    return (
      pathname.startsWith(`${prefix}/marketplace/`) ||
      PARTNER_LANDING_PATHS.some((landing) => pathname === `${prefix}${landing}`)
    );
  });

/** English pages sit at the spec's paths, the other languages under /<code>/ (the site's [lang] folder). */
const sitePrefix = (language: string) => (language === 'en' ? '' : `/${language}`);

/** The site's page files (sites/marketplace/src/pages) for a language, each as the pathname regex it serves. */
const sitePages = (language: string) => {
  const root = path.join(REPO_ROOT, 'sites/marketplace/src/pages');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.astro'));
  return files
    .filter((file) => file.startsWith('[lang]/') === (language !== 'en'))
    .map((file) => {
      const route = `/${file.replace(/\.astro$/, '').replace(/\/?index$/, '')}`.replace('[lang]', language);
      return { file, regex: new RegExp(`^${route.replace(/\[\w+\]/g, '[^/]+')}$`) };
    });
};
const SITE_NOT_FOUND = '/marketplace/no-such-page';

/**
 * Flows by keyboard alone, checked with axe in their open states: the video player dialog from
 * the content library (Enter opens it, Escape closes it and focus comes back), and the recorder of a learner's
 * task (Enter starts, focus moves to Stop, Enter stops and focus moves to Record again).
 */
const playVideoByKeyboard = async (walk: Walk) => {
  const { page } = walk;
  await page.goto(paths.enterprise.contentLibrary);
  await ready(page);
  const play = page.locator('.video-card__thumb').first();
  await play.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await walk.check('video player dialog, opened by keyboard');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(play).toBeFocused();
};

const recordByKeyboard = async (walk: Walk, language: string) => {
  const { page } = walk;
  const words = (key: string) => startsLike(dashboardText(language, 'speech', `recorder.${key}`));
  const regex = patternRegex(paths.enterprise.myTaskView);
  const tasks = [...walk.links].filter((href) => regex.test(new URL(href, 'http://x').pathname));
  for (const task of tasks) {
    await page.goto(task);
    await ready(page);
    const record = page
      .locator('.recorder')
      .getByRole('button', { name: words('recordLabel') })
      .first();
    if ((await record.count()) === 0) continue;
    // The checks look in the recorder pressed: another question of the task may hold a take already (the English walk
    // records first), whose own Record again button comes first on the page.
    await record.evaluate((button) => button.closest('.recorder')?.setAttribute('data-walked', ''));
    const recorder = page.locator('.recorder[data-walked]');
    await record.focus();
    await page.keyboard.press('Enter');
    const stop = recorder.getByRole('button', { name: words('stopLabel') });
    await expect(stop).toBeFocused();
    await walk.check('recorder while recording, started by keyboard');
    await page.keyboard.press('Enter');
    await expect(recorder.getByRole('button', { name: words('recordAgainLabel') })).toBeFocused();
    await walk.check('recorder with a take, stopped by keyboard');
    return;
  }
  throw new Error(`none of the learner's ${tasks.length} tasks has a recorder`);
};

const walkSite = async (walk: Walk, visited: Set<string>, language: string) => {
  const { page } = walk;
  const prefix = sitePrefix(language);
  const words = (key: string, values: Record<string, string> = {}) => siteText(language, key, values);
  await walk.visit('site home (course list, institutions, contact)', `${prefix}${paths.marketplaceHome}`);
  await walk.keyboard('site home');
  await walk.motion('site home');
  visited.add(paths.marketplaceHome);
  const home = [...walk.links];
  const institution = home.find((h) => h.startsWith(`${prefix}/marketplace/institution/`));
  const course = home.find((h) => h.startsWith(`${prefix}/marketplace/course-detail/`));
  expect(institution, 'an institution linked from the home page').toBeTruthy();
  expect(course, 'a course linked from the home page').toBeTruthy();

  // The header search with its suggestions open.
  const search = page.locator('.site-header__search').getByRole('combobox', { name: words('search.label') });
  await islandLive(page, search);
  await search.fill('pronunciation');
  await expect(
    page
      .getByRole('listbox', { name: words('search.matching') })
      .getByRole('option')
      .first(),
  ).toBeVisible();
  await walk.check('site search, suggestions open');

  // The contact form after an empty send (its errors shown).
  const contact = page.locator('#contact');
  const send = contact.getByRole('button', { name: words('contact.send') });
  await send.scrollIntoViewIfNeeded();
  await islandLive(page, send);
  await send.click();
  await expect(page.getByText(words('contact.enterName'))).toBeVisible();
  await walk.check('site contact form, its first message shown');

  await walk.visit('site course (free or first)', course ?? '');
  await walk.visit('site institution', institution ?? '');

  // A paid course's enrolment: details, payment, the payment status page.
  await walk.visit(
    'site institution with paid courses',
    `${prefix}/marketplace/institution/pacific-training-group`,
  );
  await page.locator('.course-card a').first().click();
  const enrol = page.getByRole('button', { name: startsLike(words('enrol.enrolNow')) });
  await islandLive(page, enrol);
  await walk.check('site paid course');
  await walk.keyboard('site paid course');
  await walk.motion('site paid course');
  await enrol.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel(words('enrol.email'))).toBeVisible();
  await walk.check('site enrolment step 1: details');
  await dialog.getByLabel(words('enrol.name')).fill('Axe Visitor');
  await dialog.getByLabel(words('enrol.email')).fill(`axe.visitor.${language}@example.com`);
  await dialog.getByRole('button', { name: words('enrol.continue') }).click();
  await expect(dialog.getByLabel(words('enrol.card'))).toBeVisible();
  await walk.check('site enrolment step 2: payment');
  await dialog.getByLabel(words('enrol.card')).fill('4242 4242 4242 4242');
  await dialog.getByLabel(words('enrol.expiry')).fill('12/30');
  await dialog.getByLabel(words('enrol.cvc')).fill('123');
  await dialog.getByRole('button', { name: startsLike(words('enrol.pay')) }).click();
  await expect(page.getByRole('heading', { name: words('payment.paidTitle') })).toBeVisible();
  await walk.check('site payment status');

  for (const landing of PARTNER_LANDING_PATHS) await walk.visit('site landing page', `${prefix}${landing}`);
  await page.goto(`${prefix}${SITE_NOT_FOUND}`);
  await expect(page.locator('h1').first()).toBeVisible();
  await walk.check('site 404');
  // The address shortened to /marketplace sends the visitor on to the home page, checked above.
  await walk.visit('site /marketplace, sent home', `${prefix}/marketplace`);
  await expect(page).toHaveURL(new RegExp(`${prefix}${paths.marketplaceHome}$`));
};

/** The report: totals by rule, then every page, printed and attached as JSON. */
const report = async (language: string, reports: PageReport[], testInfo: TestInfo) => {
  const failing = reports.filter((r) => r.findings.length > 0);
  const byRule = new Map<string, { pages: number; nodes: number }>();
  for (const r of failing)
    for (const f of r.findings) {
      const total = byRule.get(f.rule) ?? { pages: 0, nodes: 0 };
      byRule.set(f.rule, { pages: total.pages + 1, nodes: total.nodes + f.nodes.length });
    }
  const lines = [
    `axe (${AXE_TAGS.join(', ')}), ${language}: ${reports.filter((r) => r.note !== 'tabbed' && r.note !== 'motion').length} pages visited, ${
      failing.filter((r) => r.note !== 'tabbed' && r.note !== 'motion').length
    } with violations; ${reports.filter((r) => r.note === 'tabbed').length} pages tabbed through, ${
      reports.filter((r) => r.note === 'motion').length
    } checked for motion`,
    ...[...byRule].map(([rule, t]) => `  ${rule}: ${t.nodes} nodes on ${t.pages} pages`),
    ...reports.map(
      (r) =>
        `${r.findings.length ? 'FAIL' : 'ok  '} ${r.role.padEnd(7)} ${r.url}${r.note ? ` ${r.note}` : ''}${r.findings
          .map(
            (f) =>
              `\n       ${f.rule} (${f.impact}): ${f.nodes.slice(0, 5).join(' | ')}${f.nodes.length > 5 ? ` … ${f.nodes.length} in all` : ''}`,
          )
          .join('')}`,
    ),
  ];
  console.log(lines.join('\n'));
  await testInfo.attach(`axe-${language}.json`, {
    body: JSON.stringify(reports, null, 2),
    contentType: 'application/json',
  });
};

/**
 * Each language is walked in two parts that share nothing, so the four walks spread over the workers (each against
 * its worker's own server): the enterprise roles (they share the links they see, and Acme wears the wide logo), and
 * the platform admin with the signed-out visitor and the site. Each part checks that none of its routes is left out.
 */
const PARTS = {
  enterprise: ['owner', 'staff', 'learner', 'institution'],
  'platform and site': ['admin', 'visitor'],
} as const satisfies Record<string, readonly Role[]>;
type Part = keyof typeof PARTS;

const walkEnterprise = async (
  browser: Browser,
  language: string,
  reports: PageReport[],
  visited: Set<string>,
  onLogo: (page: Page) => void,
) => {
  const unvisited: string[] = [];
  // Enterprise roles share the links they see, so each finds every seeded id (then lands where it may).
  const pool = new Set<string>();
  const members: [Walk, string[]][] = [];
  // Right to left is the same for every role: after English (every role) the other languages skip Staff, whose
  // screens are the owner's with fewer permissions (about a fifth of the walk).
  const roles =
    language === 'en' ? (['owner', 'staff', 'learner'] as const) : (['owner', 'learner'] as const);
  for (const role of roles) {
    const walk = await newWalk(browser, role, language, reports, pool);
    // Every enterprise page is walked, and fitted to a phone, with a 1200×200 company logo.
    if (role === 'owner') {
      await uploadWideLogo(walk.page, dashboardText(language, 'settings', 'logo.title'));
      onLogo(walk.page);
    }
    members.push([walk, await walkDashboard(walk, visited)]);
    if (role === 'owner') await playVideoByKeyboard(walk);
    if (role === 'learner') await recordByKeyboard(walk, language);
  }
  const institution = await newWalk(browser, 'institution', language, reports, pool);
  members.push([institution, await walkDashboard(institution, visited, (p) => p.includes('course'))]);
  // What a role found no link to, another role opens if nobody has (the owner has no tasks of their own).
  for (const [walk, pending] of members) {
    const left = pending.filter((p) => !visited.has(p));
    walk.borrow = true;
    unvisited.push(...(await walkWithIds(walk, left, visited)).map((p) => `${walk.role} ${p}`));
  }
  visited.add(paths.enterprise.authCheck.pattern);
  return unvisited;
};

const walkPlatformAndSite = async (
  browser: Browser,
  language: string,
  reports: PageReport[],
  visited: Set<string>,
) => {
  const unvisited: string[] = [];
  const admin = await newWalk(browser, 'admin', language, reports);
  unvisited.push(...(await walkDashboard(admin, visited)).map((p) => `admin ${p}`));
  const visitor = await newWalk(browser, 'visitor', language, reports);
  unvisited.push(...(await walkDashboard(visitor, visited)).map((p) => `visitor ${p}`));
  await walkSite(visitor, visited, language);
  visited.add(paths.enterprise.authCheck.pattern).add(paths.admin.authCheck.pattern);
  return unvisited;
};

test.describe.configure({ mode: 'parallel' });

for (const language of LANGUAGES)
  for (const part of Object.keys(PARTS) as Part[]) {
    test(`axe finds nothing on any route, as any role (${language}, ${part})`, async ({
      browser,
    }, testInfo) => {
      // The four parts took 1.4-1.9 minutes each on two workers (this file alone on two cores); the limit is a hang
      // guard, not a target (the screenshot tour takes longer).
      test.setTimeout(process.env.SCREEN_TOUR ? 1_800_000 : 900_000);
      const reports: PageReport[] = [];
      keyboarded.clear();
      const visited = new Set<string>();
      let unvisited: string[] = [];
      let logoOwner: Page | null = null;

      try {
        unvisited =
          part === 'enterprise'
            ? await walkEnterprise(browser, language, reports, visited, (page) => {
                logoOwner = page;
              })
            : await walkPlatformAndSite(browser, language, reports, visited);
      } finally {
        await report(`${language}-${part.replace(/\W+/g, '-')}`, reports, testInfo);
        for (const { page, audience, language: saved } of changedLanguages.splice(0))
          await saveLanguage(page, audience, saved);
        // Later journeys on this server expect Acme's wordmark.
        if (logoOwner)
          await removeLogo(
            logoOwner,
            dashboardText(language, 'settings', 'logo.title'),
            dashboardText(language, 'common', 'upload.remove'),
          );
      }

      // Nothing of the part may be left out: every pattern of paths.ts its roles open, and (for the site part)
      // every page file of the site.
      const roles: readonly Role[] = PARTS[part];
      const missing = DASHBOARD_PATTERNS.filter(
        (p) => rolesFor(p).some((role) => roles.includes(role)) && !visited.has(p),
      );
      const sitePaths = reports
        .filter((r) => r.role === 'visitor')
        .map((r) => new URL(r.url, 'http://x').pathname);
      const notFound = `${sitePrefix(language)}${SITE_NOT_FOUND}`;
      const missingPages =
        part === 'enterprise'
          ? []
          : sitePages(language)
              .filter(({ file, regex }) =>
                file.endsWith('404.astro')
                  ? !sitePaths.includes(notFound)
                  : !sitePaths.some((p) => regex.test(p)),
              )
              .map(({ file }) => file);

      const failing = reports.filter((r) => r.findings.length > 0);
      expect(unvisited, 'parametrised routes with no id found on the pages visited').toEqual([]);
      expect(missing, 'routes of paths.ts this test did not visit').toEqual([]);
      expect(missingPages, 'site pages this test did not visit').toEqual([]);
      expect(
        failing.map(
          (r) => `${r.role} ${r.url}: ${r.findings.map((f) => `${f.rule} ×${f.nodes.length}`).join(', ')}`,
        ),
        'pages with axe violations',
      ).toEqual([]);
    });
  }
