import { expect, test } from '../support/fixtures.ts';

/**
 * The pages' Content-Security-Policy refuses an injected inline script, and the detector every journey uses
 * reports it. The test declares the refusal it causes on purpose, so that one does not fail it in teardown; any
 * other violation still does.
 */
for (const { name, path } of [
  { name: 'the dashboard', path: '/login' },
  { name: 'the marketplace site', path: '/marketplace/home' },
]) {
  test(`${name} refuses an injected inline script and the CSP detector reports it`, async ({
    page,
    cspViolations,
    expectCspViolations,
  }) => {
    expectCspViolations(
      (v) =>
        (v.source === 'event' && v.directive === 'script-src-elem' && v.blocked === 'inline') ||
        (v.source === 'console' && /inline script/i.test(v.blocked)),
    );
    const response = await page.goto(path);
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(cspViolations).toEqual([]);

    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true;';
      document.body.append(script);
    });

    await expect.poll(() => cspViolations.filter((v) => v.source === 'event').length).toBeGreaterThan(0);
    expect(await page.evaluate(() => 'injected' in window)).toBe(false);
    expect(cspViolations).toContainEqual(
      expect.objectContaining({ source: 'event', directive: 'script-src-elem', blocked: 'inline' }),
    );
    await expect.poll(() => cspViolations.some((v) => v.source === 'console')).toBe(true);
  });
}
