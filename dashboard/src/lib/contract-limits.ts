import type { CallDef, RequestOf } from '@coach/shared/contract/define-call';
import { defOf } from '@coach/shared/contract/zod-def';

type Schema = CallDef['request'];

/**
 * What a call's request schema allows for one field, read from the schema itself so no form repeats a
 * contract limit: the length bounds of a text field, the bounds of a number field, and whether the field must
 * be sent (it has no default and is not optional; for text, also not empty).
 */
export type FieldLimits = {
  required: boolean;
  maxLength?: number;
  minLength?: number;
  min?: number;
  max?: number;
};

/** The field names of a call's request (every member's, when the request is a union). */
export type RequestField<C> =
  RequestOf<C> extends infer R ? (R extends object ? keyof R & string : never) : never;

export type LimitsMap<K extends string = string> = { readonly [F in K]?: FieldLimits };

/** Wrappers that change neither what is typed into a field nor its bounds. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

/**
 * The schema under its wrappers (optional, default, a lazy getter) and, for a pipe, the side that checks what is
 * typed: a transform's input, a preprocess's output.
 */
const unwrap = (schema: Schema): Schema => {
  let current = schema;
  for (let depth = 0; depth < 20; depth++) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in)
      current = defOf(def.in).type === 'transform' && def.out ? def.out : def.in;
    else if (def.type === 'lazy' && def.getter) current = def.getter();
    else break;
  }
  return current;
};

/** The fields of an object schema; a union's or an intersection's members' fields together (first one wins). */
const shapeOf = (schema: Schema): Record<string, Schema> => {
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (def.shape) return def.shape;
  if (def.type === 'array' && def.element) return shapeOf(def.element);
  const parts = def.options ?? (def.left && def.right ? [def.left, def.right] : []);
  const shape: Record<string, Schema> = {};
  for (const part of parts) for (const [key, value] of Object.entries(shapeOf(part))) shape[key] ??= value;
  return shape;
};

/** A bound a form would show: zod answers null or an infinity for none, and the safe-integer range for `.int()`. */
const bound = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) < Number.MAX_SAFE_INTEGER
    ? value
    : undefined;

/** zod's own read-outs of a schema's checks (strings' length bounds, numbers' value bounds). */
type Bounds = { minLength?: unknown; maxLength?: unknown; minValue?: unknown; maxValue?: unknown };

/** The limits of one field's schema. */
export const limitsOfField = (schema: Schema): FieldLimits => {
  const required = schema._zod.optin === undefined;
  const inner = unwrap(schema);
  const type = defOf(inner).type;
  const bounds = inner as unknown as Bounds;
  const limits: FieldLimits = { required };
  if (type === 'string') {
    const minLength = bound(bounds.minLength);
    const maxLength = bound(bounds.maxLength);
    if (minLength !== undefined) limits.minLength = minLength;
    if (maxLength !== undefined) limits.maxLength = maxLength;
    limits.required = required && (minLength ?? 0) > 0;
  } else if (type === 'number') {
    const min = bound(bounds.minValue);
    const max = bound(bounds.maxValue);
    if (min !== undefined) limits.min = min;
    if (max !== undefined) limits.max = max;
  }
  return limits;
};

const cache = new WeakMap<Schema, LimitsMap>();

const limitsOfShape = (schema: Schema): LimitsMap => {
  const cached = cache.get(schema);
  if (cached) return cached;
  const limits: Record<string, FieldLimits> = {};
  for (const [key, field] of Object.entries(shapeOf(schema))) limits[key] = limitsOfField(field);
  cache.set(schema, limits);
  return limits;
};

/**
 * The limits of each field a call's request takes, read from its request schema: `limitsOf(call).name?.maxLength`.
 * With a dotted path, the limits of the fields of an object nested under it (arrays are looked through):
 * `limitsOf(call, 'options')` for a request `{ options: { text }[] }`.
 */
export function limitsOf<C extends CallDef>(call: C): LimitsMap<RequestField<C>>;
export function limitsOf(call: CallDef, path: string): LimitsMap;
export function limitsOf(call: CallDef, path?: string): LimitsMap {
  let schema: Schema = call.request;
  for (const key of path ? path.split('.') : []) {
    if (/^\d+$/.test(key)) continue;
    const next = shapeOf(schema)[key];
    if (!next) return {};
    schema = next;
  }
  return limitsOfShape(schema);
}

/** The most characters a call's request takes in one text field (undefined when the schema sets no bound). */
export const maxLengthOf = <C extends CallDef>(call: C, field: RequestField<C>): number | undefined =>
  limitsOf(call)[field]?.maxLength;
