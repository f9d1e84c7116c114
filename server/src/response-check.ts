import type { CallDef } from '@coach/shared/contract/define-call';
import { z } from 'zod';

/** A success whose response breaks its contract schema: a server bug the test suite must see (a 500 there). */
export class ResponseContractError extends Error {
  override name = 'ResponseContractError';
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The dotted paths of keys the wire value has and the parsed one lost: zod objects drop keys they do not name, so
 * a field the server sends but the contract never mentions (and the OpenAPI document never shows) is found here.
 */
const undocumentedKeys = (wire: unknown, parsed: unknown, at: string[] = []): string[] => {
  if (Array.isArray(wire) && Array.isArray(parsed))
    return wire.flatMap((item, index) => undocumentedKeys(item, parsed[index], [...at, String(index)]));
  if (!isPlainObject(wire) || !isPlainObject(parsed)) return [];
  return Object.keys(wire).flatMap((key) =>
    key in parsed ? undocumentedKeys(wire[key], parsed[key], [...at, key]) : [[...at, key].join('.')],
  );
};

/**
 * Checks a success's response as the client will read it (after JSON, so dates are strings) against the entry's
 * response schema: every field it names has its type, and no field goes out that it does not name.
 */
export const checkResponse = (entry: CallDef, response: unknown) => {
  const call = `${entry.method} ${entry.path}`;
  const wire: unknown = JSON.parse(JSON.stringify(response));
  const parsed = entry.response.safeParse(wire);
  if (!parsed.success)
    throw new ResponseContractError(
      `${call} answered a response its contract schema refuses:\n${z.prettifyError(parsed.error)}`,
    );
  const extra = undocumentedKeys(wire, parsed.data);
  if (extra.length > 0)
    throw new ResponseContractError(
      `${call} answered field(s) its contract schema does not name: ${extra.slice(0, 20).join(', ')}`,
    );
};
