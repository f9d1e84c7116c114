import type { Page } from '@playwright/test';
import { axeOn } from '../support/checks.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * Issue 18 on the marketplace site: the spec's English paths stay, the other eight languages live under their
 * prefix with their own words, dates and numbers; the header's picker moves to the same page in another
 * language; Arabic pages are right to left; every page names its alternates for search engines.
 */
const noViolations = async (page: Page) => {
  const { violations } = await axeOn(page)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
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
  await expect(syllabus).toContainText(/\d+ módulos · \d+ lecciones · unas [\d,]+ horas de clases/);
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
});
