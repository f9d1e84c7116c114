import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ISOLATED_FILES } from './isolated-files.ts';

const root = path.resolve(import.meta.dirname, '../..');

it('every test file that mocks a module runs isolated, so its mock takes effect', () => {
  const mocking = readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .map((file) => `src/${file.split(path.sep).join('/')}`)
    .filter((file) => /\.test\.ts$/.test(file) && file !== 'src/testing/isolated-files.test.ts')
    .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(root, file), 'utf8')));
  expect(mocking.length).toBeGreaterThan(0);
  expect(mocking.filter((file) => !ISOLATED_FILES.includes(file))).toEqual([]);
});
