import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { allCalls } from './registry.ts';
import { defOf } from './zod-def.ts';

/**
 * PostgreSQL text cannot hold NUL, so a request string that lets U+0000 through reaches the
 * database as a 500. Every string in every request schema must refuse it (text() and the helpers built on it,
 * or a pattern that cannot match it). This walks the schemas and tries NUL in each string it finds.
 */

/** Every string schema inside a schema, with the path that reaches it. */
const stringsOf = (schema: z.ZodType, path: string, seen = new Set<z.ZodType>()): [string, z.ZodType][] => {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  if (def.type === 'string') return [[path, schema]];
  const children: [string, z.ZodType | undefined][] = [
    ...Object.entries(def.shape ?? {}).map(([k, v]) => [`${path}.${k}`, v] as [string, z.ZodType]),
    [`${path}[]`, def.element],
    [path, def.innerType],
    [path, def.in],
    [path, def.out],
    [`${path}{key}`, def.keyType],
    [`${path}{}`, def.valueType],
    [path, def.left],
    [path, def.right],
    ...(def.options ?? []).map((o, i) => [`${path}|${i}`, o] as [string, z.ZodType]),
    ...(def.items ?? []).map((o, i) => [`${path}[${i}]`, o] as [string, z.ZodType]),
    [path, def.type === 'lazy' ? def.getter?.() : undefined],
  ];
  return children.flatMap(([p, child]) => (child ? stringsOf(child, p, seen) : []));
};

/** Strings that fit common field rules (plain text, URLs, dates, colours, codes, emails, ids). */
const BASES = [
  'abc',
  'a'.repeat(10),
  'a'.repeat(30),
  'https://example.com/file.mp4',
  '/uploads/file.png',
  '2024-01-01',
  '#aabbcc',
  '123456',
  'en',
  'a@b.example',
  'text/csv',
  '4242424242424242',
];

/** A NUL put into a string the field accepts: appended, or in place of its first or last character. */
const withNul = (base: string) => [`${base}\u0000`, `\u0000${base.slice(1)}`, `${base.slice(0, -1)}\u0000`];

describe('request strings refuse NUL', () => {
  const strings = allCalls.flatMap((call) => stringsOf(call.request, `${call.method} ${call.path}`));

  it('finds the request strings to check', () => {
    expect(strings.length).toBeGreaterThan(100);
  });

  it('no request string accepts a NUL byte where it accepts text', () => {
    const open = strings.filter(([, schema]) =>
      BASES.filter((base) => schema.safeParse(base).success).some((base) =>
        withNul(base).some((probe) => schema.safeParse(probe).success),
      ),
    );
    expect(open.map(([path]) => path)).toEqual([]);
  });
});
