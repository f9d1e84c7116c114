import type { CallDef } from '../contract/define-call.ts';

const isCall = (value: unknown): value is CallDef =>
  typeof value === 'object' && value !== null && 'request' in value && 'response' in value;

const isCallGroup = (value: unknown): value is Record<string, CallDef> =>
  typeof value === 'object' &&
  value !== null &&
  Object.values(value).length > 0 &&
  Object.values(value).every(isCall);

/** Strings, numbers, booleans, and arrays and plain objects of them: no schema, function or class instance. */
const isPlainData = (value: unknown): boolean => {
  if (['string', 'number', 'boolean'].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every(isPlainData);
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return (prototype === Object.prototype || prototype === null) && Object.values(value).every(isPlainData);
};

const KEYS = ['method', 'path', 'auth', 'reads', 'multipart'] as const;

/** How one light call differs from its contract entry: other method, path, auth or marks, or any other field. */
const callMismatches = (name: string, light: unknown, def: CallDef): string[] => {
  if (typeof light !== 'object' || light === null) return [`${name}: missing`];
  const fields = light as Record<string, unknown>;
  const problems = Object.keys(fields)
    .filter((key) => !(KEYS as readonly string[]).includes(key))
    .map((key) => `${name}: carries ${key}`);
  for (const key of KEYS) {
    const wanted = def[key] || undefined;
    if (fields[key] !== wanted)
      problems.push(`${name}.${key}: ${String(fields[key])}, contract ${String(wanted)}`);
  }
  return problems;
};

/**
 * How a light module (`virtual:light-contract/<name>`, shared/src/build/light-contract.ts) differs from its contract
 * module, one line per difference (none when they match): every call and group of calls is there with the method,
 * path, auth and `reads`/`multipart` marks of its contract entry and no other field (no schema), every other export is
 * a constant of the contract module, and the whole module is plain data.
 */
export const lightMismatches = (
  light: Record<string, unknown>,
  contract: Record<string, unknown>,
): string[] => {
  const problems: string[] = [];
  for (const [name, value] of Object.entries(contract)) {
    if (isCall(value)) problems.push(...callMismatches(name, light[name], value));
    else if (isCallGroup(value)) {
      const group = (light[name] ?? {}) as Record<string, unknown>;
      for (const [key, def] of Object.entries(value))
        problems.push(...callMismatches(`${name}.${key}`, group[key], def));
      for (const key of Object.keys(group))
        if (!(key in value)) problems.push(`${name}.${key}: not in the contract`);
    }
  }
  for (const [name, value] of Object.entries(light)) {
    if (!(name in contract)) problems.push(`${name}: not in the contract`);
    else if (typeof value !== 'object' && value !== contract[name])
      problems.push(`${name}: not the contract's value`);
    else if (typeof value === 'object' && !isCall(contract[name]) && !isCallGroup(contract[name]))
      problems.push(`${name}: not a call of the contract`);
  }
  for (const [name, value] of Object.entries(light))
    if (!isPlainData(value)) problems.push(`${name}: not plain data`);
  return problems;
};
