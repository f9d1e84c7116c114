import { COURSE_CATEGORIES, COURSE_LEVELS } from '@coach/shared/constants/marketplace';
import type { Page } from '@playwright/test';
import { axeViolations } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';
import { shootBothWidths } from '../support/pages.ts';
import { siteText } from '../support/words.ts';

/** The site's nine languages (spec §9), with their address prefix and direction. */
const SITE_LANGUAGES = [
  { code: 'en', prefix: '', dir: 'ltr' },
  { code: 'ar', prefix: '/ar', dir: 'rtl' },
  { code: 'fa', prefix: '/fa', dir: 'rtl' },
  { code: 'hi', prefix: '/hi', dir: 'ltr' },
  { code: 'zh-Hans', prefix: '/zh-Hans', dir: 'ltr' },
  { code: 'ps', prefix: '/ps', dir: 'rtl' },
  { code: 'es', prefix: '/es', dir: 'ltr' },
  { code: 'uk', prefix: '/uk', dir: 'ltr' },
  { code: 'vi', prefix: '/vi', dir: 'ltr' },
] as const;

/** The catalog key of a stored English category or level ('Interview Skills' → card.categoryInterviewSkills). */
const factKey = (kind: 'category' | 'level', english: string) => `card.${kind}${english.replace(/\s+/g, '')}`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Every way the language says a number of weeks or hours (each plural form of its catalog), as one pattern. */
const durationPattern = (code: string) => {
  const forms = ['zero', 'one', 'two', 'few', 'many', 'other'].flatMap((form) =>
    ['weeks', 'hours'].flatMap((unit) => {
      try {
        return [siteText(code, `card.${unit}_${form}`, { count: '§' })];
      } catch {
        return [];
      }
    }),
  );
  return forms.map((f) => escapeRegExp(f).replace('§', '[\\d\u06f0-\u06f9\u0660-\u0669]+')).join('|');
};

/**
 * The nine languages of spec §9 on the marketplace site: the spec's English paths stay, the other eight languages live under their
 * prefix with their own words, dates and numbers; the header's picker moves to the same page in another
 * language; Arabic pages are right to left; every page names its alternates for search engines.
 */
const noViolations = async (page: Page) => {
  const violations = await axeViolations(page, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
};

const pickLanguage = async (page: Page, name: string) => {
  const header = page.locator('header.site-header');
  await header.locator('summary.language-picker').click();
  await header.getByRole('link', { name, exact: true }).click();
};

test('a course page in Spanish, then the picker moves it to Arabic (right to left) and back to English', async ({
  page,
}) => {
  await page.goto('/es/marketplace/home');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1, name: 'Aprende a hablar con confianza' })).toBeVisible();
  // The course grid (an island) speaks Spanish too, and its links stay in Spanish.
  await expect(page.locator('.browser__count')).toHaveText(/^\d+ cursos$/);
  const course = page.locator('a[href^="/es/marketplace/course-detail/"]').first();
  const href = (await course.getAttribute('href')) ?? '';
  const id = href.split('/').pop() ?? '';
  await course.click();
  await expect(page).toHaveURL(new RegExp(`/es/marketplace/course-detail/${id}$`));
  await expect(page.getByRole('heading', { level: 2, name: 'Lo que aprenderás' })).toBeVisible();
  const syllabus = page.locator('section[aria-labelledby="syllabus"]');
  await expect(syllabus.getByRole('heading', { level: 3, name: /^Módulo 1: / })).toBeVisible();
  // Singular or plural: the course editor's journey may have left this course with one module.
  await expect(syllabus).toContainText(/\d+ módulos? · \d+ lecciones? · unas [\d,]+ horas? de clases/);
  const reviews = page.locator('section[aria-labelledby="reviews"]');
  await expect(reviews).toContainText(/de 5 según \d+ estudiantes inscritos/);
  // Dates in Spanish (month abbreviations like "nov"), decimals with a comma.
  await expect(reviews.locator('.review__date').first()).toHaveText(/^\d{1,2} [a-z]{3,4}\.? \d{4}$/);
  // The rating: a star (an icon named in Spanish words) and the figure with a decimal comma.
  const facts = page.locator('.course__facts');
  await expect(facts).toContainText(/\d,\d \(\d+ valoraci/);
  await expect(
    facts.getByRole('link', { name: /^\d,\d de 5 estrellas \(\d+ valoraciones\)$/ }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Inscríbete/ })).toBeVisible();
  // Course texts from the database stay as entered (the English course name is the page's h1).
  const title = await page.locator('h1').textContent();
  await noViolations(page);

  // The form's checks answer in Spanish (the spec's English sentences stay for English).
  await page.getByRole('button', { name: 'Consultar sobre este curso' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Enviar consulta' }).click();
  await expect(page.getByText('Introduce tu nombre')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cerrar' }).click();

  await pickLanguage(page, 'العربية');
  await expect(page).toHaveURL(new RegExp(`/ar/marketplace/course-detail/${id}$`));
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 2, name: 'ما الذي ستتعلّمه' })).toBeVisible();
  await expect(page.locator('h1')).toHaveText(title ?? '');
  // The buy box sits on the left in right to left (it is at the inline end).
  const article = await page.locator('.course article').boundingBox();
  const aside = await page.locator('aside.buy').boundingBox();
  expect(aside && article && aside.x < article.x).toBe(true);
  await noViolations(page);

  await pickLanguage(page, 'English');
  await expect(page).toHaveURL(new RegExp(`/marketplace/course-detail/${id}$`));
  expect(new URL(page.url()).pathname).toBe(`/marketplace/course-detail/${id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 2, name: 'What you will learn' })).toBeVisible();
});

test('every page names its nine languages and an English default, each served', async ({ page, request }) => {
  await page.goto('/marketplace/institution/english-priority');
  const alternates = page.locator('head link[rel="alternate"][hreflang]');
  await expect(alternates).toHaveCount(10);
  const links = await alternates.evaluateAll((nodes) =>
    nodes.map((n) => [
      n.getAttribute('hreflang'),
      new URL(n.getAttribute('href') ?? '', location.href).pathname,
    ]),
  );
  expect(links).toEqual([
    ['en', '/marketplace/institution/english-priority'],
    ['ar', '/ar/marketplace/institution/english-priority'],
    ['fa-AF', '/fa/marketplace/institution/english-priority'],
    ['hi', '/hi/marketplace/institution/english-priority'],
    ['zh-Hans', '/zh-Hans/marketplace/institution/english-priority'],
    ['ps', '/ps/marketplace/institution/english-priority'],
    ['es', '/es/marketplace/institution/english-priority'],
    ['uk', '/uk/marketplace/institution/english-priority'],
    ['vi', '/vi/marketplace/institution/english-priority'],
    ['x-default', '/marketplace/institution/english-priority'],
  ]);
  for (const [lang, path] of links) {
    const res = await request.get(path ?? '');
    expect(res.status(), `${lang} ${path}`).toBe(200);
  }
  // The picker names each language in its own language and script.
  await page.locator('summary.language-picker').click();
  const picker = page.locator('.menu--language a');
  await expect(picker).toHaveText([
    'English',
    'العربية',
    'دری',
    'हिन्दी',
    '简体中文',
    'پښتو',
    'Español',
    'Українська',
    'Tiếng Việt',
  ]);
  await expect(picker.nth(1)).toHaveAttribute('lang', 'ar');
  await expect(picker.nth(1)).toHaveAttribute('dir', 'rtl');
  await expect(picker.first()).toHaveAttribute('aria-current', 'true');
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the header fits in all nine languages, and the join link moves into the menu', async ({ page }) => {
    for (const prefix of ['', '/ar', '/fa', '/hi', '/zh-Hans', '/ps', '/es', '/uk', '/vi']) {
      await page.goto(`${prefix}/marketplace/home`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${prefix || '/'}marketplace/home is ${width} px wide`).toBeLessThanOrEqual(390);
    }
    // Pashto's label is the longest (190 px as a button): in the menu it sits on its own line.
    const header = page.locator('header.site-header');
    await page.goto('/ps/marketplace/home');
    await expect(header.locator('a[data-join]')).toBeHidden();
    await header.locator('.menu--mobile summary').click();
    await header.getByRole('link', { name: 'له موږ سره یوځای شئ' }).click();
    await expect(page).toHaveURL(/\/ps\/marketplace\/home#contact$/);
  });
});

test('the Arabic pages are right to left, and an unknown Arabic address answers 404 in Arabic', async ({
  page,
}) => {
  await page.goto('/ar/marketplace/home');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'تعلّم التحدّث بثقة' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'ابحث عن دورات' }).first()).toBeVisible();
  await expect(page.locator('.browser__count')).toContainText('دورة');
  await noViolations(page);

  const response = await page.goto('/ar/marketplace/course-detail/no-such-course');
  expect(response?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'عذرًا، الصفحة غير موجودة' })).toBeVisible();
  await noViolations(page);

  // A partner programme's page in Pashto, right to left too.
  await page.goto('/ps/story-up');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ps');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Story Up: خپله کیسه داسې ووایئ چې خلک یې په یاد ولري',
  );

  // A payment link cut short says so in the page's language, not in the server's English ("Payment not found").
  await page.goto('/ar/marketplace/paymentstatus?paymentId=pi_cut_short');
  await expect(
    page.getByText('هذه الدفعة غير معروفة هنا: ربما اقتُطع الرابط.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByText('Payment not found')).toHaveCount(0);
});

test('in all nine languages a course card says its category, level and duration in the page’s words, the logo is two words, and English names keep their own direction', async ({
  page,
}) => {
  // Nine pages, each checked by axe.
  test.slow();
  const shots = process.env.SITE_SHOTS_DIR;
  for (const { code, prefix, dir } of SITE_LANGUAGES) {
    await page.goto(`${prefix}/marketplace/institution/english-priority`);
    await expect(page.locator('html')).toHaveAttribute('lang', code === 'fa' ? 'fa-AF' : code);
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    // "Coach" and the site's word for a marketplace, with a space, not "CoachMarketplace".
    await expect(page.locator('header .brand__name')).toHaveText(
      `Coach ${siteText(code, 'layout.brandTag')}`,
    );

    const categories = COURSE_CATEGORIES.map((c) => siteText(code, factKey('category', c)));
    const levels = COURSE_LEVELS.map((l) => siteText(code, factKey('level', l)));
    const facts = new RegExp(`^(${levels.map(escapeRegExp).join('|')}) · (${durationPattern(code)})$`);
    const cards = page.locator('.course-card');
    await expect(cards.first()).toBeVisible();
    for (let i = 0; i < 4; i++) {
      const card = cards.nth(i);
      expect(categories, `${code} card ${i}`).toContain(
        ((await card.locator('.course-card__category').textContent()) ?? '').trim(),
      );
      await expect(card.locator('.course-card__facts'), `${code} card ${i}`).toHaveText(facts);
      // The institution's English title reads left to right even on a right-to-left page.
      const title = card.locator('.course-card__title');
      await expect(title).toHaveAttribute('dir', 'auto');
      expect(await title.evaluate((el) => el.matches(':dir(ltr)')), `${code} title direction`).toBe(true);
    }
    await noViolations(page);
    if (code === 'ar' || code === 'en') await shootBothWidths(page, shots, `${code}-institution`);
  }

  // An Arabic course page: its facts in Arabic, and what its institution and learners wrote in English keeps its
  // full stop (or question mark) at the English end, isolated from the page's right-to-left direction.
  await page.goto('/ar/marketplace/institution/english-priority');
  await page.locator('.course-card a').first().click();
  await expect(page).toHaveURL(/\/ar\/marketplace\/course-detail\//);
  const arabicFacts = page.locator('.course__facts');
  await expect(arabicFacts).not.toContainText(/Beginner|Intermediate|Advanced|Master|weeks?|hours?/);
  for (const selector of ['h1', '.course__description p', '.outcomes li', '.review__text'])
    expect(
      await page
        .locator(selector)
        .first()
        .evaluate((el) => el.matches(':dir(ltr)')),
      selector,
    ).toBe(true);
  await expect(page.locator('.buy__note')).not.toContainText(
    /Beginner|Intermediate|Advanced|Master|weeks?|hours?/,
  );
  await shootBothWidths(page, shots, 'ar-course');

  // The Arabic contact form's problems beside their fields, and the Arabic 404 with the site's header.
  await page.goto('/ar/marketplace/home#contact');
  const form = page.locator('#contact');
  await form.getByRole('button', { name: siteText('ar', 'contact.send') }).click();
  await expect(form.getByLabel(siteText('ar', 'contact.name'), { exact: true })).toHaveAccessibleDescription(
    siteText('ar', 'contact.enterName'),
  );
  await shootBothWidths(page, shots, 'ar-contact-errors');
  await page.goto('/ar/marketplace/no-such-page');
  await expect(page.locator('header.site-header .brand__name')).toHaveText(
    `Coach ${siteText('ar', 'layout.brandTag')}`,
  );
  await shootBothWidths(page, shots, 'ar-404');
});
