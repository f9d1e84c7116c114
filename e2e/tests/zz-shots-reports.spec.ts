import { expect, test } from '@playwright/test';
import { signIn } from '../support/auth.ts';

test('shots', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', 'admin@coach.example');
  const shots: [string, string, string][] = [
    ['dashboard', '/admin/dashboard', 'Platform activity'],
    ['all-members-usage', '/admin/reports/all-members-usage', 'All Members Usage'],
    ['app-user-counts', '/admin/reports/app-user-counts', 'App User Counts'],
    ['feature-usage', '/admin/reports/feature-usage', 'Feature Usage'],
  ];
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [name, url, heading] of shots) {
      await page.goto(url);
      await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `/tmp/shots-reports/${name}-${width}.png`, fullPage: true });
    }
    await page.goto('/admin/enterprises');
    await page.getByRole('link', { name: 'Acme Learning' }).click();
    await expect(page.getByRole('region', { name: 'Usage' })).toContainText('Minutes practised');
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `/tmp/shots-reports/enterprise-detail-${width}.png`, fullPage: true });
  }
});
