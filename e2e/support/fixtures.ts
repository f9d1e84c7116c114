import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';

/** One thing the browser refused under the page's Content-Security-Policy. */
export type CspViolation = {
  /** The page it happened on. */
  page: string;
  /** 'event': a securitypolicyviolation event; 'console': the browser's "Refused to …" message. */
  source: 'event' | 'console';
  /** The directive that refused it (events only), e.g. script-src-elem. */
  directive?: string;
  /** What was refused: a URL, 'inline' or 'eval' (events), or the console message. */
  blocked: string;
  /** The first characters of a refused inline script or style (events only). */
  sample?: string;
  /** The script that did it, as file:line:column (events only). */
  where?: string;
};

const BINDING = '__coachCspViolation';
const CONSOLE_CSP = /Content Security Policy|Refused to/i;

type Reported = { directive: string; blocked: string; sample: string; where: string };

type CspMonitor = {
  violations: CspViolation[];
  /** What a test expects the policy to refuse; the check at the test's end ignores these. */
  expected: ((violation: CspViolation) => boolean)[];
  /** Starts watching a context (once; later calls share the first one's promise). */
  watch: (context: BrowserContext) => Promise<void>;
};

/**
 * Collects every CSP violation in the contexts it watches: a securitypolicyviolation listener installed before
 * any page script runs reports through a binding, and the browser's console messages ("Refused to …") catch
 * what the listener cannot see (a page that loaded before the binding existed, workers).
 */
const cspMonitor = (): CspMonitor => {
  const violations: CspViolation[] = [];
  const watched = new WeakMap<BrowserContext, Promise<void>>();
  const watchPage = (page: Page) => {
    page.on('console', (message) => {
      if (CONSOLE_CSP.test(message.text()))
        violations.push({ page: page.url(), source: 'console', blocked: message.text() });
    });
  };
  const watch = (context: BrowserContext) => {
    const known = watched.get(context);
    if (known) return known;
    context.pages().forEach(watchPage);
    context.on('page', watchPage);
    const ready = (async () => {
      await context.exposeBinding(BINDING, ({ page }, reported: Reported) => {
        violations.push({ page: page.url(), source: 'event', ...reported });
      });
      await context.addInitScript((binding) => {
        document.addEventListener(
          'securitypolicyviolation',
          (event) => {
            const report = (window as unknown as Record<string, ((value: Reported) => void) | undefined>)[
              binding
            ];
            report?.({
              directive: event.effectiveDirective,
              blocked: event.blockedURI,
              sample: event.sample,
              where: `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
            });
          },
          true,
        );
      }, BINDING);
    })();
    watched.set(context, ready);
    return ready;
  };
  return { violations, expected: [], watch };
};

/**
 * `test` for every journey: any CSP violation on any page of the test's contexts (its own `context` and any it
 * makes with browser.newContext) fails the test when it ends. `cspViolations` is the live list, for the test
 * that proves the detector works.
 */
export const test = base.extend<{
  cspMonitor: CspMonitor;
  cspViolations: CspViolation[];
  expectCspViolations: (isExpected: (violation: CspViolation) => boolean) => void;
}>({
  cspMonitor: [
    async ({ browser }, use) => {
      const monitor = cspMonitor();
      const onContext = (context: BrowserContext) => void monitor.watch(context);
      browser.on('context', onContext);
      await use(monitor);
      browser.off('context', onContext);
      // Checked when the test's pages are closed, so a violation reported late (after the test's own last
      // assertion) still counts; only what the test declared with expectCspViolations is left out.
      const unexpected = monitor.violations.filter(
        (violation) => !monitor.expected.some((is) => is(violation)),
      );
      expect(unexpected, 'Content-Security-Policy violations on the pages of this test').toEqual([]);
    },
    { auto: true },
  ],
  cspViolations: async ({ cspMonitor }, use) => use(cspMonitor.violations),
  /** Declares, before it can happen, what this test expects the policy to refuse (for as long as the test runs). */
  expectCspViolations: async ({ cspMonitor }, use) =>
    use((isExpected) => {
      cspMonitor.expected.push(isExpected);
    }),
  // The test's own context is watched before its first page opens.
  context: async ({ context, cspMonitor }, use) => {
    await cspMonitor.watch(context);
    await use(context);
  },
});

export { expect };
