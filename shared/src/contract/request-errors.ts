import type { z } from 'zod';
import type { CallDef } from './define-call.ts';

/**
 * The words of a request field that is missing or of the wrong type, instead of zod's defaults ("Invalid input:
 * expected string, received undefined"). Each is listed in the dashboard's server.json, so a reader sees it in
 * their language.
 */
export const REQUEST_TYPE_MESSAGES = {
  required: 'This field is required',
  number: 'Must be a number',
  text: 'Must be text',
  boolean: 'Must be true or false',
  list: 'Must be a list',
  object: 'Must be a group of fields',
  other: 'Has the wrong type',
} as const;

const BY_EXPECTED: Record<string, string> = {
  string: REQUEST_TYPE_MESSAGES.text,
  number: REQUEST_TYPE_MESSAGES.number,
  int: REQUEST_TYPE_MESSAGES.number,
  bigint: REQUEST_TYPE_MESSAGES.number,
  boolean: REQUEST_TYPE_MESSAGES.boolean,
  array: REQUEST_TYPE_MESSAGES.list,
  tuple: REQUEST_TYPE_MESSAGES.list,
  set: REQUEST_TYPE_MESSAGES.list,
  object: REQUEST_TYPE_MESSAGES.object,
  record: REQUEST_TYPE_MESSAGES.object,
  map: REQUEST_TYPE_MESSAGES.object,
};

/**
 * The words of a length or size limit a schema gives no message of its own ("Too big: expected string to have
 * <=254 characters" reached a Spanish reader as it was). `{{limit}}` is the figure as the server writes it
 * ("20,000"); the dashboard's server.json has each sentence, so the reader sees it in their language and digits.
 */
export const REQUEST_LIMIT_MESSAGES = {
  maxCharacters: 'At most {{limit}} characters',
  minCharacters: 'At least {{limit}} characters',
  maxItems: 'At most {{limit}} items',
  minItems: 'At least {{limit}} items',
  maxNumber: 'Must be at most {{limit}}',
  minNumber: 'Must be at least {{limit}}',
  email: 'Please enter a valid email',
} as const;

const withLimit = (sentence: string, limit: number | bigint) =>
  sentence.replace('{{limit}}', limit.toLocaleString('en-US'));

const limitMessage = (issue: z.core.$ZodRawIssue) => {
  if (issue.code !== 'too_big' && issue.code !== 'too_small') return undefined;
  const big = issue.code === 'too_big';
  const limit = big ? issue.maximum : issue.minimum;
  if (typeof limit !== 'number' && typeof limit !== 'bigint') return undefined;
  const M = REQUEST_LIMIT_MESSAGES;
  if (issue.origin === 'string') {
    // An empty text where one is needed is a missing field, as the reader sees it.
    if (!big && Number(limit) === 1) return REQUEST_TYPE_MESSAGES.required;
    return withLimit(big ? M.maxCharacters : M.minCharacters, limit);
  }
  if (issue.origin === 'array' || issue.origin === 'set')
    return withLimit(big ? M.maxItems : M.minItems, limit);
  if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
    return withLimit(big ? M.maxNumber : M.minNumber, limit);
  return undefined;
};

/**
 * Zod's per-parse error map for requests: it speaks for a missing or wrong-typed field, a length or size limit and
 * an email address, and leaves every other issue to zod (answering undefined). A schema's own message
 * (`{ error: 'Please enter a group name' }`, a check's message) still comes first: zod asks a per-parse map only
 * when the schema has none.
 */
export const requestError: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'too_big' || issue.code === 'too_small') return limitMessage(issue);
  if (issue.code === 'invalid_format' && issue.format === 'email') return REQUEST_LIMIT_MESSAGES.email;
  if (issue.code !== 'invalid_type') return undefined;
  if (issue.input === undefined) return REQUEST_TYPE_MESSAGES.required;
  return BY_EXPECTED[issue.expected] ?? REQUEST_TYPE_MESSAGES.other;
};

/** A call's request checked against its schema, with the request's words for missing and wrong-typed fields. */
export const parseRequest = <C extends CallDef>(call: C, input: unknown) =>
  call.request.safeParse(input, { error: requestError }) as z.ZodSafeParseResult<z.output<C['request']>>;
