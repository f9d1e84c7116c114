import { describe, expect, it } from 'vitest';

/**
 * Right to left (spec §9: ar, fa, ps) mirrors the dashboard and the site without a second stylesheet only while
 * their CSS speaks in logical directions (start/end, inline/block). This guard fails on a physical left/right
 * property in the dashboard's and the site's styles, and in inline styles of their components.
 */

// Node's fs, typed here because the dashboard does not depend on @types/node (as in vite.config.ts).
const { readFileSync } = (await import('node:fs' as string)) as {
  readFileSync: (path: string, encoding: 'utf8') => string;
};

// Plain paths: jsdom's URL replaces Node's in this environment.
const dashboardRoot = decodeURIComponent(import.meta.url.replace(/^file:\/\//, '')).replace(
  /src\/ui\/[^/]+$/,
  '',
);
const repoRoot = dashboardRoot.replace(/dashboard\/$/, '');
// Found by Vite's glob (not loaded: Vitest hands CSS modules over empty), so a new file is checked unlisted.
const dashboardPaths = Object.keys(
  import.meta.glob(['/src/**/*.css', '/src/**/*.tsx', '/src/**/*.ts', '!/src/**/*.test.{ts,tsx}']),
).map((key) => `${dashboardRoot}${key.slice(1)}`);
const sitePaths = Object.keys(
  import.meta.glob([
    '../../../sites/marketplace/src/**/*.css',
    '../../../sites/marketplace/src/**/*.astro',
    '../../../sites/marketplace/src/**/*.tsx',
  ]),
).map((key) => `${repoRoot}${key.replace(/^(\.\.\/)+/, '')}`);
const read = (paths: string[]) =>
  Object.fromEntries(paths.map((path) => [path.slice(repoRoot.length), readFileSync(path, 'utf8')]));
const dashboardFiles = read(dashboardPaths);
const siteFiles = read(sitePaths);

/**
 * Physical declarations that stay, each with why. Centring with `left: 50%` and a -50% translate is the same in
 * both directions, so it is allowed by the rule itself and needs no entry.
 */
const ALLOWED: { file: string; line: string; why: string }[] = [];

const CSS_RULES: { name: string; pattern: RegExp }[] = [
  {
    name: 'margin/padding/border side',
    pattern: /(?:^|[\s;{])(?:margin|padding|border)-(?:left|right)(?:-[a-z]+)?\s*:/,
  },
  { name: 'left/right offset', pattern: /(?:^|[\s;{])(?:left|right)\s*:(?!\s*50%)/ },
  { name: 'text-align left/right', pattern: /text-align\s*:\s*(?:left|right)\b/ },
  { name: 'float/clear left/right', pattern: /(?:float|clear)\s*:\s*(?:left|right)\b/ },
  { name: 'corner radius', pattern: /border-(?:top|bottom)-(?:left|right)-radius\s*:/ },
];

/** Inline styles in components (React camelCase, or a style attribute in .astro). */
const INLINE_RULES: { name: string; pattern: RegExp }[] = [
  {
    name: 'inline style side',
    pattern:
      /\b(?:margin|padding|border)(?:Left|Right)\w*\s*:|\bborder(?:Top|Bottom)(?:Left|Right)Radius\s*:|\btextAlign\s*:\s*['"](?:left|right)['"]|\bfloat\s*:\s*['"](?:left|right)['"]/,
  },
  { name: 'inline style offset', pattern: /style=\{\{[^}]*\b(?:left|right)\s*:/ },
];

/** The values of a shorthand, split on spaces outside parentheses. */
const shorthandValues = (value: string): string[] => {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of value.trim()) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (/\s/.test(char) && depth === 0) {
      if (current) parts.push(current);
      current = '';
    } else current += char;
  }
  if (current) parts.push(current);
  return parts;
};

/** `margin: 0 8px 0 0` names the right and the left apart: physical unless both sides are the same. */
const unevenShorthand = (line: string): boolean => {
  const match =
    /(?:^|[\s;{])(margin|padding|inset|border-width|border-style|border-color|border-radius)\s*:\s*([^;]+)/.exec(
      line,
    );
  if (!match?.[2]) return false;
  const values = shorthandValues(match[2].replace(/!important/, ''));
  if (values.length !== 4) return false;
  // border-radius: top-left top-right bottom-right bottom-left.
  if (match[1] === 'border-radius') return values[0] !== values[1] || values[2] !== values[3];
  return values[1] !== values[3];
};

const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));

type Finding = { file: string; line: number; text: string; rule: string };

const findPhysical = (file: string, text: string): Finding[] => {
  const findings: Finding[] = [];
  const isCss = file.endsWith('.css') || file.endsWith('.astro');
  const lines = withoutComments(text).split('\n');
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (!line || line.startsWith('//')) return;
    const rules = [...(isCss ? CSS_RULES : []), ...INLINE_RULES];
    for (const rule of rules) {
      if (rule.pattern.test(line)) findings.push({ file, line: index + 1, text: line, rule: rule.name });
    }
    if (isCss && unevenShorthand(line))
      findings.push({ file, line: index + 1, text: line, rule: 'uneven shorthand' });
  });
  return findings.filter(
    (finding) =>
      !ALLOWED.some((allowed) => finding.file.endsWith(allowed.file) && finding.text === allowed.line),
  );
};

describe('styles written in logical directions', () => {
  it('finds the dashboard and the site styles to check', () => {
    expect(Object.keys(dashboardFiles).some((file) => file.endsWith('tokens.css'))).toBe(true);
    expect(Object.keys(siteFiles).some((file) => file.endsWith('site.css'))).toBe(true);
  });

  it('the dashboard and the site use no physical left/right property', () => {
    const findings = Object.entries({ ...dashboardFiles, ...siteFiles }).flatMap(([file, text]) =>
      findPhysical(file, text),
    );
    // Listed so a failure says where: use margin-inline-start, inset-inline-end, text-align: start, ...
    expect(findings.map(({ file, line, text, rule }) => `${file}:${line} ${rule}: ${text}`)).toEqual([]);
  });

  it('flags each physical form and lets the logical ones and centring through', () => {
    const check = (css: string) => findPhysical('x.css', css).length;
    expect(check('  margin-left: 4px;')).toBe(1);
    expect(check('  border-right-color: red;')).toBe(1);
    expect(check('  right: 0;')).toBe(1);
    expect(check('  text-align: left;')).toBe(1);
    expect(check('  float: right;')).toBe(1);
    expect(check('  border-top-left-radius: 4px;')).toBe(1);
    expect(check('  padding: 4px 8px 4px 4px;')).toBe(1);
    expect(check('  border-radius: 4px 0 0 4px;')).toBe(1);
    expect(check('  margin-inline-start: 4px;')).toBe(0);
    expect(check('  inset-inline-end: 0;')).toBe(0);
    expect(check('  left: 50%;')).toBe(0);
    expect(check('  margin: 0 auto 8px;')).toBe(0);
    expect(check('  padding: 4px 8px 4px 8px;')).toBe(0);
    expect(check('  border-radius: 6px 6px 0 0;')).toBe(0);
    expect(check('  margin: calc(-1 * var(--space-3)) 0 0;')).toBe(0);
    expect(findPhysical('x.tsx', '<div style={{ marginLeft: 4 }} />')).toHaveLength(1);
    expect(findPhysical('x.tsx', '<div style={{ insetInlineStart: 4 }} />')).toHaveLength(0);
  });
});
