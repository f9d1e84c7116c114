/**
 * The test files that replace a module with vi.mock: a mock takes effect only where the module is loaded afresh,
 * and the rest of the suite shares its modules from one file to the next (vitest.config.ts), so these run in
 * projects of their own, isolated. isolated-files.test.ts fails on a file that mocks and is missing here.
 */
export const ISOLATED_FILES = ['src/routes/hear-it.test.ts'];
