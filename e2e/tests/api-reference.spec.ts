import { type CspViolation, expect, test } from '../support/fixtures.ts';

/** Redoc's own addresses: its logo (shown as "API docs by") and icon sets, which the page's policy refuses. */
const REDOC_VENDOR = /^https:\/\/cdn\.redoc(ly)?\.(ly|com)\//;

/**
 * What the page's policy refuses on purpose: Redoc's search (FlexSearch) tries once to build its worker with
 * Function() and then runs in the page (when depends on when the index is built); Redoc's logo and icons live on
 * its CDN. Nothing else.
 */
const refusedOnPurpose = (violation: CspViolation) => {
  const fromRedoc = violation.where?.includes('/api-reference/redoc.standalone.js') ?? false;
  if (violation.source === 'console') return /unsafe-eval|cdn\.redoc(ly)?\./.test(violation.blocked);
  if (violation.directive === 'script-src' && violation.blocked === 'eval') return fromRedoc;
  if (violation.directive === 'img-src') return REDOC_VENDOR.test(violation.blocked);
  return false;
};

/**
 * The API reference: Redoc renders the contract's OpenAPI document from this server alone, under the
 * page's strict policy (the fixture fails a test on any CSP violation it does not account for).
 */
test('a developer opens the API reference and finds a call, with nothing fetched from another origin', async ({
  page,
  baseURL,
  cspViolations,
  expectCspViolations,
}) => {
  expectCspViolations(refusedOnPurpose);
  // Answers received: a request the policy refuses never leaves the browser, so it has none.
  const origins = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.protocol === 'http:' || url.protocol === 'https:') origins.add(url.origin);
  });

  const response = await page.goto('/api-reference');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: /Coach API/ })).toBeVisible({ timeout: 30_000 });
  // A call from the contract, listed under its area by its path and method; its page names the token header.
  await page.getByRole('link', { name: 'enterprise tasks', exact: true }).click();
  const call = page.getByRole('link', { name: 'enterprise/tasks/get-my-tasks get' });
  await expect(call).toBeVisible();
  await call.click();
  await expect(page).toHaveURL(/get_enterprise_tasks_get-my-tasks$/);
  await expect(page.getByText('/api/v1/enterprise/tasks/get-my-tasks').first()).toBeVisible();
  await expect(page.getByText('x-access-token').first()).toBeVisible();

  expect([...origins]).toEqual([new URL(baseURL ?? '').origin]);

  // Every violation so far was one of the expected ones; the fixture checks again when the page closes, as Redoc's
  // worker attempt may come after this line.
  expect(cspViolations.filter((violation) => !refusedOnPurpose(violation))).toEqual([]);
});
