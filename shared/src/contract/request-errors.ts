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
 * Zod's per-parse error map for requests: it speaks only for a missing or wrong-typed field and leaves every other
 * issue to zod (answering undefined). A schema's own message (`{ error: 'Please enter a group name' }`, a check's
 * message) still comes first: zod asks a per-parse map only when the schema has none.
 */
export const requestError: z.core.$ZodErrorMap = (issue) => {
  if (issue.code !== 'invalid_type') return undefined;
  if (issue.input === undefined) return REQUEST_TYPE_MESSAGES.required;
  return BY_EXPECTED[issue.expected] ?? REQUEST_TYPE_MESSAGES.other;
};

/** A call's request checked against its schema, with the request's words for missing and wrong-typed fields. */
export const parseRequest = <C extends CallDef>(call: C, input: unknown) =>
  call.request.safeParse(input, { error: requestError }) as z.ZodSafeParseResult<z.output<C['request']>>;
