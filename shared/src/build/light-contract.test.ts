import { describe, expect, it } from 'vitest';
import { lightContract } from './light-contract.ts';
import { lightMismatches } from './light-contract-check.ts';

const plugin = lightContract();

/** The light module's source as the build gets it. */
const sourceOf = async (name: string) => {
  const id = plugin.resolveId(`virtual:light-contract/${name}`);
  if (!id) throw new Error(`not resolved: ${name}`);
  const code = await plugin.load.call({}, id);
  if (code === null) throw new Error(`not loaded: ${name}`);
  return code;
};

/** The exports of a light module's source, read as the data it is (each line `export const name = <JSON>;`). */
const exportsOf = (code: string) =>
  Object.fromEntries(
    code
      .trimEnd()
      .split('\n')
      .map((line) => {
        const match = /^export const (\w+) = (.*);$/.exec(line);
        if (!match) throw new Error(`not an export of plain data: ${line}`);
        return [match[1], JSON.parse(match[2] ?? '')];
      }),
  ) as Record<string, unknown>;

// The modules the dashboard's sign-in and the site's islands use, and ones with `reads` and `multipart` calls.
const MODULES = ['auth', 'passkeys', 'sso', 'marketplace', 'course-reviews', 'members', 'reading-topics'];

describe('virtual:light-contract/<module>', () => {
  it.each(MODULES)(
    "%s: the contract module's calls and constants as plain data, without schemas",
    async (name) => {
      // exportsOf reads every line as `export const name = <JSON>;`: nothing else, so no import of zod or anything.
      const code = await sourceOf(name);
      const contract = (await import(`../contract/${name}.ts`)) as Record<string, unknown>;
      expect(lightMismatches(exportsOf(code), contract)).toEqual([]);
    },
  );

  it('keeps the marks the client reads (so the check above compares them)', async () => {
    const members = exportsOf(await sourceOf('members')).members as Record<string, { multipart?: true }>;
    const sso = exportsOf(await sourceOf('sso')).enterpriseSso as Record<string, { reads?: true }>;
    expect(Object.values(members).some((call) => call.multipart === true)).toBe(true);
    expect(sso.discover?.reads).toBe(true);
  });

  it('finds a mismatch between a light module and its contract', async () => {
    const light = exportsOf(await sourceOf('course-reviews'));
    const courseReviews = light.courseReviews as Record<string, Record<string, unknown>>;
    const changed = {
      ...light,
      REVIEW_COMMENT_MAX: 1,
      courseReviews: {
        ...courseReviews,
        getMyReview: { ...courseReviews.getMyReview, path: '/elsewhere', request: {} },
      },
    };
    const contract = (await import('../contract/course-reviews.ts')) as Record<string, unknown>;
    expect(lightMismatches(changed, contract)).toEqual([
      'courseReviews.getMyReview: carries request',
      'courseReviews.getMyReview.path: /elsewhere, contract /api/v1/enterprise/course-reviews/get-my-review',
      "REVIEW_COMMENT_MAX: not the contract's value",
    ]);
  });

  it('serves only modules of the contract folder', async () => {
    expect(plugin.resolveId('./other.ts')).toBeNull();
    await expect(plugin.load.call({}, '\0virtual:light-contract/../permissions')).rejects.toThrow(
      'name a module of shared/src/contract',
    );
  });
});
