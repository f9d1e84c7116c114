import { adminAuth, enterpriseAuth } from '@coach/shared/contract/auth';
import type { CallDef } from '@coach/shared/contract/define-call';
import { allCalls } from '@coach/shared/contract/registry';
import { defOf } from '@coach/shared/contract/zod-def';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp } from './testing/test-app.ts';

/**
 * Every contract call, driven with bad and odd input generated from its own zod schema, answers
 * below 500. A 5xx here is a bug to fix where it starts (the contract schema or the service), never here.
 *
 * Each case is one of five kinds, drawn from the request schema (bounds, patterns and formats read from its
 * zod checks): valid (what a careful client sends, ids taken from the seeded rows the field names, so the handler
 * finds its record), valid with one value spoiled (a NUL byte in a text, a date made impossible, a hostile value
 * anywhere: this is what reaches the database), hostile but well-typed (huge and boundary strings and numbers),
 * mutated (wrong types at any depth, unknown fields) and wild (any JSON, raw text that is not JSON, malformed
 * query strings, arrays where the object goes). A fixed seed per call keeps a failure reproducible; FUZZ_RUNS and
 * FUZZ_SEED explore further. Statuses per call print with FUZZ_VERBOSE=1.
 */

const RUNS_PER_CALL = Number(process.env.FUZZ_RUNS ?? 110);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
/** Cases of one call in flight at once: enough to overlap database round trips and provoke races. */
const CONCURRENCY = 8;

type Bag = {
  minimum?: number;
  maximum?: number;
  patterns?: Set<RegExp>;
  format?: string;
};
type CheckDef = {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint;
};
/** The bounds, pattern and format of a string, number or array, read from its checks. */
const bagOf = (schema: z.ZodType): Bag => {
  const checks = ((schema._zod.def as { checks?: { _zod: { def: CheckDef } }[] }).checks ?? []).map(
    (c) => c._zod.def,
  );
  const bag: Bag = {};
  for (const check of checks) {
    if (check.check === 'string_format' || check.check === 'number_format') {
      bag.format = check.format;
      if (check.pattern) bag.patterns = new Set([...(bag.patterns ?? []), check.pattern]);
    }
    if (check.check === 'min_length') bag.minimum = check.minimum;
    if (check.check === 'max_length') bag.maximum = check.maximum;
    if (check.check === 'length_equals') bag.minimum = bag.maximum = check.length;
    if (check.check === 'greater_than') bag.minimum = Number(check.value);
    if (check.check === 'less_than') bag.maximum = Number(check.value);
  }
  return bag;
};

/** Strings that have broken servers before: NUL, surrogates, SQL and LIKE metacharacters, paths, huge ones. */
const HOSTILE_STRINGS = [
  '',
  ' ',
  'nul\u0000byte',
  '\u0000',
  "'; DROP TABLE users; --",
  '%',
  '_',
  '\\',
  '%_\\%',
  '\ud800',
  '😀'.repeat(40),
  '\u202e\u200b',
  '<script>alert(1)</script>',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  'true',
  '[]',
  '{}',
  '../../etc/passwd',
  '/',
  '//evil.example/x',
  'http://',
  'x@y',
  'a'.repeat(5000),
  'a'.repeat(70_000),
];
const HOSTILE_DATES = [
  '2024-13-01',
  '0000-00-00',
  '2024-02-30',
  '2023-02-29',
  '9999-12-31',
  '0001-01-01',
  '1970-01-01',
  '2024-02-29',
  '2026-01-01',
];
const HOSTILE_NUMBERS = [
  0,
  -1,
  1,
  -0.5,
  0.5,
  2 ** 31,
  -(2 ** 31),
  2 ** 53,
  -(2 ** 53),
  1e308,
  -1e308,
  123_456_789,
];

const wildValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 30 }),
  fc.constantFrom(...HOSTILE_STRINGS, ...HOSTILE_DATES),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

/** valid: what a careful client sends; clean: the right types, hostile values; dirty: some wrong types too. */
type Mode = 'valid' | 'clean' | 'dirty';
/** Real ids of the seeded data by what they name, so generated input reaches past "not found" into handlers. */
type IdPool = { all: string[]; byKind: Record<string, string[]> };
type GenContext = { mode: Mode; ids: IdPool; depth: number; key: string };

/** Which ids a field takes, from its name (taskId, groupIds, memberId...); first match wins. */
const ID_KINDS: [hint: string, kind: string][] = [
  ['survey', 'surveys'],
  ['folder', 'task_folders'],
  ['topic', 'reading_topics'],
  ['task', 'tasks'],
  ['group', 'groups'],
  ['role', 'roles'],
  ['content', 'content'],
  ['video', 'content'],
  ['course', 'courses'],
  ['enrol', 'enrolments'],
  ['enterprise', 'enterprises'],
  ['company', 'enterprises'],
  ['word', 'vocabulary'],
  ['vocab', 'vocabulary'],
  ['coach', 'coaches'],
  ['institut', 'institutions'],
  ['member', 'users'],
  ['user', 'users'],
  ['people', 'users'],
  ['person', 'users'],
];
const idsFor = (pool: IdPool, key: string) => {
  const name = key.toLowerCase();
  const kind = ID_KINDS.find(([hint]) => name.includes(hint))?.[1];
  const named = kind ? pool.byKind[kind] : undefined;
  return named?.length ? named : pool.all;
};

/** With `dirty`, any node may come out as a value of the wrong type (about one in seven). */
const maybeWild = (arb: fc.Arbitrary<unknown>, ctx: GenContext) =>
  ctx.mode === 'dirty' ? fc.oneof({ weight: 6, arbitrary: arb }, { weight: 1, arbitrary: wildValue }) : arb;

const DATE_PATTERN = '\\d{4}-\\d{2}-\\d{2}';
const validDate = fc
  .date({ min: new Date('2020-01-01'), max: new Date('2027-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const KNOWN_EMAILS = [
  'owner@acme.example',
  'staff@acme.example',
  'learner@acme.example',
  'owner@globex.example',
];
const WORD_CHARS = [...'abcdefghijklmnopqrstuvwxyz ABCXYZ0123456789'];

/** A string that passes the field's own checks (length, pattern, email), or a real id where ids go. */
const validString = (schema: z.ZodType, ids: string[]): fc.Arbitrary<string> => {
  const bag = bagOf(schema);
  const min = bag.minimum ?? 0;
  const max = bag.maximum ?? 200;
  const fits = (value: string) => value.length >= min && value.length <= max;
  // Seeded people's addresses reach the "already taken" and "send them a mail" paths; new ones the create paths.
  if (bag.format === 'email')
    return fc.oneof(
      fc.constantFrom(...KNOWN_EMAILS),
      fc.stringMatching(/^[a-z][a-z0-9.+-]{0,20}@[a-z]{2,10}\.example$/),
    );
  const pattern = bag.patterns ? [...bag.patterns][0] : undefined;
  if (pattern?.source.includes(DATE_PATTERN)) return validDate;
  if (pattern) {
    try {
      return fc.stringMatching(pattern).filter(fits);
    } catch {
      // fast-check cannot build every regex (lookarounds): fall through to plain words.
    }
  }
  const words = fc
    .string({
      unit: fc.constantFrom(...WORD_CHARS),
      minLength: Math.max(min, 1),
      maxLength: Math.min(Math.max(min, 1) + 30, max),
    })
    .map((w) => `w${w}`.slice(0, Math.max(max, 1)));
  // Id-like fields (short, required): mostly real ids, so the handler finds its record and goes on.
  if (ids.length > 0 && max <= 64 && max >= 8)
    return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: words });
  return words;
};

const stringArb = (schema: z.ZodType, ids: string[]): fc.Arbitrary<unknown> => {
  const bag = bagOf(schema);
  const min = bag.minimum ?? 0;
  const max = bag.maximum ?? 200;
  const shaped: fc.Arbitrary<string>[] = [validString(schema, ids)];
  const pattern = bag.patterns ? [...bag.patterns][0] : undefined;
  if (pattern && bag.format !== 'email') {
    try {
      shaped.push(fc.stringMatching(pattern));
    } catch {
      // fast-check cannot build every regex (lookarounds); the other strings still cover the field.
    }
  }
  if (pattern?.source.includes(DATE_PATTERN)) shaped.push(fc.constantFrom(...HOSTILE_DATES));
  const plain = fc.string({ minLength: Math.min(min, 50), maxLength: Math.min(max, 60), unit: 'grapheme' });
  const edges = fc.constantFrom('a'.repeat(Math.min(max, 100_000)), 'a'.repeat(Math.min(max + 1, 100_001)));
  return fc.oneof(
    ...shaped.map((arbitrary) => ({ weight: 4, arbitrary })),
    { weight: 3, arbitrary: plain },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: ids.length > 0 && max >= 8 ? 3 : 0, arbitrary: fc.constantFrom(...(ids.length ? ids : ['x'])) },
    { weight: 1, arbitrary: edges },
  );
};

const numberArb = (schema: z.ZodType, valid: boolean): fc.Arbitrary<unknown> => {
  const bag = bagOf(schema);
  const integer = bag.format === 'safeint' || bag.format === 'int32';
  const min = Math.max(bag.minimum ?? -1e6, -1e9);
  const max = Math.min(bag.maximum ?? 1e6, 1e9);
  const inRange = integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  if (valid) return inRange;
  return fc.oneof(
    { weight: 4, arbitrary: inRange },
    { weight: 2, arbitrary: fc.constantFrom(min, max, min - 1, max + 1) },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  );
};

/** A fast-check arbitrary for values of the schema's input type, hostile within the type (clean) or not (dirty). */
const arbitraryFor = (schema: z.ZodType, ctx: GenContext): fc.Arbitrary<unknown> => {
  const def = defOf(schema);
  const inner = (s: z.ZodType) => arbitraryFor(s, { ...ctx, depth: ctx.depth + 1 });
  if (ctx.depth > 8) return fc.constant(undefined);
  switch (def.type) {
    case 'string':
      return ctx.mode === 'valid'
        ? validString(schema, idsFor(ctx.ids, ctx.key))
        : maybeWild(stringArb(schema, idsFor(ctx.ids, ctx.key)), ctx);
    case 'number':
      return maybeWild(numberArb(schema, ctx.mode === 'valid'), ctx);
    case 'boolean':
      return maybeWild(fc.boolean(), ctx);
    case 'literal':
      return maybeWild(fc.constantFrom(...(def.values ?? [null])), ctx);
    case 'enum':
      return maybeWild(fc.constantFrom(...Object.values(def.entries ?? { none: 'none' })), ctx);
    case 'null':
      return maybeWild(fc.constant(null), ctx);
    case 'object': {
      const shape = def.shape ?? {};
      const keys = Object.keys(shape);
      const field = (k: string) =>
        arbitraryFor(shape[k] as z.ZodType, { ...ctx, depth: ctx.depth + 1, key: k });
      const record = fc.record(Object.fromEntries(keys.map((k) => [k, field(k)])), {
        requiredKeys: keys.filter((k) => {
          const t = defOf(shape[k] as z.ZodType).type;
          return t !== 'optional' && t !== 'default';
        }),
      });
      if (ctx.mode !== 'dirty') return record;
      // Unknown fields next to the known ones, and keys that are not identifiers.
      const extra = fc.dictionary(
        fc.constantFrom('extra', '__proto__', 'constructor', '', 'a.b', 'x\u0000'),
        wildValue,
        {
          maxKeys: 2,
        },
      );
      return maybeWild(
        fc.tuple(record, extra, fc.boolean()).map(([r, e, add]) => (add ? { ...e, ...r } : r)),
        ctx,
      );
    }
    case 'array': {
      const bag = bagOf(schema);
      const min = bag.minimum ?? 0;
      const max = Math.min(bag.maximum ?? 4, 4);
      const element = inner(def.element as z.ZodType);
      const list = fc.array(element, { minLength: Math.min(min, max), maxLength: max });
      if (ctx.mode !== 'dirty') return list;
      // Past the bound, when it is small enough to send.
      const over =
        bag.maximum !== undefined && bag.maximum < 2000
          ? fc.array(element, { minLength: bag.maximum + 1, maxLength: bag.maximum + 1 })
          : fc.constant([]);
      return maybeWild(fc.oneof({ weight: 5, arbitrary: list }, { weight: 1, arbitrary: over }), ctx);
    }
    case 'tuple':
      return maybeWild(fc.tuple(...(def.items ?? []).map(inner)), ctx);
    case 'record':
      return maybeWild(
        fc.dictionary(
          inner(def.keyType as z.ZodType).filter((k): k is string => typeof k === 'string'),
          inner(def.valueType as z.ZodType),
          { maxKeys: 3 },
        ),
        ctx,
      );
    case 'union':
      return fc.oneof(...(def.options ?? []).map(inner));
    case 'intersection':
      return fc
        .tuple(inner(def.left as z.ZodType), inner(def.right as z.ZodType))
        .map(([a, b]) => (a && b && typeof a === 'object' && typeof b === 'object' ? { ...a, ...b } : a));
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.oneof(
        { weight: 1, arbitrary: fc.constant(undefined) },
        { weight: 4, arbitrary: inner(def.innerType as z.ZodType) },
      );
    case 'nullable':
      return fc.oneof(
        { weight: 1, arbitrary: fc.constant(null) },
        { weight: 4, arbitrary: inner(def.innerType as z.ZodType) },
      );
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner(def.innerType as z.ZodType);
    case 'pipe': {
      // z.preprocess is pipe(transform, schema): the value the schema checks is the one to generate.
      const from = defOf(def.in as z.ZodType).type === 'transform' ? def.out : def.in;
      return inner(from as z.ZodType);
    }
    case 'lazy':
      return inner((def.getter as () => z.ZodType)());
    case 'custom':
      // Only multipart file fields are custom: the form builder below sends a file or not.
      return fc.constant(undefined);
    default:
      return wildValue;
  }
};

const LONE_SURROGATE = /[\ud800-\udfff]/g;

/** Wild cases: whatever a client might send instead of the object. */
const wildInput: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 12 }), wildValue, { maxKeys: 5 }),
  fc.constantFrom(...HOSTILE_STRINGS).map((raw) => ({ raw })),
  fc
    .constantFrom(
      '{',
      'null',
      '[]',
      '"text"',
      '{"a":',
      '\u0000',
      '{"a":"\\u0000"}',
      '1e999',
      '%',
      'search=%E0%A4%A',
      'search=%00&currentPage=%ff',
      'a=1&a=2&a[]=3',
    )
    .map((raw) => ({
      raw,
    })),
);
type Raw = { raw: string };
const isRaw = (value: unknown): value is Raw =>
  typeof value === 'object' && value !== null && 'raw' in value && Object.keys(value).length === 1;

/** Every place in a JSON value (leaf or container) as a path of keys. */
const pathsOf = (value: unknown, at: (string | number)[] = []): (string | number)[][] => {
  if (typeof value !== 'object' || value === null) return [at];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return [at, ...entries.flatMap(([k, v]) => pathsOf(v, [...at, k]))];
};
const setAt = (value: unknown, path: (string | number)[], next: (old: unknown) => unknown): unknown => {
  const [head, ...rest] = path;
  if (head === undefined) return next(value);
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? setAt(v, rest, next) : v));
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    return { ...record, [head]: setAt(record[head], rest, next) };
  }
  return value;
};
/** Breaks a well-formed date the ways the issue saw: month 13, day 00, Feb 30, year 0000. */
const impossibleDay = (day: string, pick: number) =>
  [
    `${day.slice(0, 5)}13${day.slice(7)}`,
    `${day.slice(0, 8)}00`,
    `${day.slice(0, 4)}-02-30`,
    `0000${day.slice(4)}`,
  ][pick % 4] as string;

/**
 * A valid input with exactly one place spoiled: a NUL byte into its text, a date made impossible, or the value
 * swapped for a hostile one. Everything else being right, the spoiled value reaches the handler and the database.
 */
const oneBad = (valid: fc.Arbitrary<unknown>) =>
  fc
    .tuple(
      valid,
      fc.nat(),
      fc.nat(),
      fc.oneof(wildValue, fc.constantFrom(...HOSTILE_DATES, ...HOSTILE_STRINGS)),
    )
    .map(([input, where, how, hostile]) => {
      const paths = pathsOf(input);
      const path = paths[where % paths.length] ?? [];
      return setAt(input, path, (old) => {
        if (typeof old === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(old) && how % 2 === 0)
          return impossibleDay(old, how);
        if (typeof old === 'string' && how % 3 === 0) return `${old.slice(0, 20)}\u0000${old.slice(20)}`;
        return hostile;
      });
    });

const inputsFor = (entry: CallDef, ids: IdPool) =>
  fc.oneof(
    { weight: 2, arbitrary: arbitraryFor(entry.request, { mode: 'valid', ids, depth: 0, key: '' }) },
    { weight: 4, arbitrary: oneBad(arbitraryFor(entry.request, { mode: 'valid', ids, depth: 0, key: '' })) },
    { weight: 2, arbitrary: arbitraryFor(entry.request, { mode: 'clean', ids, depth: 0, key: '' }) },
    { weight: 2, arbitrary: arbitraryFor(entry.request, { mode: 'dirty', ids, depth: 0, key: '' }) },
    { weight: 1, arbitrary: wildInput },
  );

/** Path parameters (`:id`) filled with odd values, encoded as a client would. */
const pathWith = (path: string, odd: string) => path.replace(/:[A-Za-z_]+/g, encodeURIComponent(odd));
const ODD_PATH_VALUES = ['0', '-1', 'null', '..', '%', 'nul\u0000byte', 'a'.repeat(300), '😀', ' '];

const asQueryValue = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);

/** GET (and DELETE) input travels as the query string: arrays repeat their key, objects go as JSON. */
const queryString = (input: unknown) => {
  const params = new URLSearchParams();
  // Raw cases go as typed, malformed percent-escapes included: decoding them is the server's job.
  if (isRaw(input))
    return `?${input.raw.replace(/[^\x21-\x7e]/g, (ch) => encodeURIComponent(ch.replace(LONE_SURROGATE, '\ufffd')))}`;
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    params.append('value', asQueryValue(input));
    return `?${params}`;
  }
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, asQueryValue(item));
    else params.append(key, asQueryValue(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** Multipart calls get a form: a file of random bytes and type (or a text field in its place) and the rest. */
const formFor = (input: unknown, fileBytes: Uint8Array, fileType: string, fileAsText: boolean) => {
  const form = new FormData();
  if (typeof input === 'object' && input !== null && !Array.isArray(input) && !isRaw(input)) {
    for (const [key, value] of Object.entries(input))
      if (value !== undefined) form.append(key, asQueryValue(value));
  }
  if (fileAsText) form.append('file', 'not a file');
  else form.append('file', new Blob([fileBytes], { type: fileType }), 'upload.csv');
  return form;
};
const fileArb = fc.tuple(
  fc.oneof(
    fc.uint8Array({ maxLength: 200 }),
    fc.constantFrom(
      new TextEncoder().encode('email,name,role\nnew@acme.example,New Person,Learner\n'),
      new TextEncoder().encode('word,meaning,example,level,category\nhi,hello,hi there,A1,greetings\n'),
      new TextEncoder().encode('a,b\n"unterminated\n\u0000,\u0000\n'),
      new TextEncoder().encode('%PDF-1.4\n%garbage'),
    ),
  ),
  fc.constantFrom('text/csv', 'application/pdf', 'text/plain', '', 'image/png', 'application/x-evil'),
  fc.boolean(),
);

let t: Awaited<ReturnType<typeof createTestApp>>;
const tokens = { enterprise: '', admin: '' };
const ids: IdPool = { all: [], byKind: {} };
const loginIp = '10.250.0.1';
const OWNER = 'owner@acme.example';
const PLATFORM_ADMIN = 'admin@coach.example';

/** Signs in again when a fuzzed call (logout, end session, password change) ended the session. */
const ensureSessions = async () => {
  const me = await t.request('GET', enterpriseAuth.me.path, { token: tokens.enterprise, ip: loginIp });
  if (me.status === 401) tokens.enterprise = await t.fullLogin(OWNER, 'enterprise', loginIp);
  const adminMe = await t.request('GET', adminAuth.me.path, { adminToken: tokens.admin, ip: loginIp });
  if (adminMe.status === 401) tokens.admin = await t.fullLogin(PLATFORM_ADMIN, 'admin', loginIp);
};

type Finding = { status: number; input: unknown; message: string };

const send = async (
  entry: CallDef,
  input: unknown,
  odd: string,
  file: [Uint8Array, string, boolean],
  ip: string,
) => {
  const headers: Record<string, string> = { 'x-forwarded-for': ip };
  if (entry.auth === 'enterprise') headers['x-access-token'] = tokens.enterprise;
  if (entry.auth === 'admin') headers['x-admin-token'] = tokens.admin;
  const path = pathWith(entry.path, odd);
  let url = path;
  let body: string | FormData | undefined;
  if (entry.method === 'GET' || entry.method === 'DELETE') url = `${path}${queryString(input)}`;
  else if (entry.multipart) body = formFor(input, ...file);
  else {
    headers['content-type'] = 'application/json';
    body = isRaw(input) ? input.raw : JSON.stringify(input ?? {});
  }
  const res = await t.app.request(url, {
    method: entry.method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const text = await res.text();
  return { status: res.status, message: text.slice(0, 300) };
};

/** Runs `cases` with at most CONCURRENCY in flight. */
const runPool = async <T>(cases: T[], run: (c: T) => Promise<void>) => {
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const index = next++;
      await run(cases[index] as T);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
};

beforeAll(async () => {
  t = await createTestApp();
  tokens.enterprise = await t.fullLogin(OWNER, 'enterprise', loginIp);
  tokens.admin = await t.fullLogin(PLATFORM_ADMIN, 'admin', loginIp);
  const db = t.deps.db;
  // The signed-in people and Acme itself stay out of the pool, so a fuzzed delete cannot end the run's sessions.
  const keep = new Set(
    [
      ...(await db.selectFrom('users').select('id').where('email', '=', OWNER).execute()),
      ...(await db.selectFrom('admins').select('id').where('email', '=', PLATFORM_ADMIN).execute()),
      ...(await db.selectFrom('users').select('enterprise_id as id').where('email', '=', OWNER).execute()),
    ].map((r) => r.id),
  );
  const acme = (
    await db.selectFrom('users').select('enterprise_id').where('email', '=', OWNER).executeTakeFirst()
  )?.enterprise_id;
  const tables = [
    'users',
    'groups',
    'roles',
    'tasks',
    'platform_tasks',
    'task_folders',
    'content',
    'courses',
    'reading_topics',
    'vocabulary',
    'enterprises',
    'coaches',
    'enrolments',
    'institutions',
    'surveys',
  ];
  for (const table of tables) {
    // Acme's rows first (the signed-in owner's tenant, so handlers find them), then anyone's (other tenants).
    const own = await sql<{
      id: string;
    }>`select id from ${sql.table(table)} where enterprise_id = ${acme} limit 6`
      .execute(db)
      .catch(() => ({ rows: [] }));
    const any = await sql<{ id: string }>`select id from ${sql.table(table)} limit 4`.execute(db);
    const kind = table === 'platform_tasks' ? 'tasks' : table;
    const found = [...own.rows, ...any.rows].map((r) => r.id).filter((id) => !keep.has(id));
    ids.byKind[kind] = [...new Set([...(ids.byKind[kind] ?? []), ...found])];
    ids.all.push(...found);
  }
  ids.all = [...new Set(ids.all)];
});
afterAll(async () => {
  await t?.close();
});

describe('every contract call answers generated bad input below 500', () => {
  it('has real ids to aim at', () => {
    expect(ids.all.length).toBeGreaterThan(20);
  });

  it.each(allCalls.map((entry, index) => [`${entry.method} ${entry.path}`, entry, index] as const))(
    '%s',
    async (_name, entry, index) => {
      await ensureSessions();
      const cases = fc.sample(fc.tuple(inputsFor(entry, ids), fc.constantFrom(...ODD_PATH_VALUES), fileArb), {
        numRuns: RUNS_PER_CALL,
        // One seed per call, so calls of the same shape still get different cases.
        seed: SEED + index,
      });
      const findings: Finding[] = [];
      // A fresh client address per call keeps one call's throttling out of the next call's cases.
      const ip = t.freshIp();
      const statuses = new Map<number, number>();
      await runPool(cases, async ([input, odd, file]) => {
        const res = await send(entry, input, odd, file, ip);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status >= 500) findings.push({ status: res.status, input, message: res.message });
      });
      if (process.env.FUZZ_VERBOSE) console.log(entry.path, Object.fromEntries(statuses));
      expect(cases.length).toBeGreaterThanOrEqual(100);
      expect(findings.slice(0, 3), `${findings.length} of ${cases.length} cases answered 5xx`).toEqual([]);
    },
  );
});
