import type { z } from 'zod';

/**
 * The parts of a zod 4 schema's internal definition that the contract's schema walkers read (the NUL check in
 * request-strings.test.ts, the server's contract fuzz test): the kind of schema and its children. One view, so a
 * zod change is mended in one place.
 */
export type ZodDefView = {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  items?: z.ZodType[];
  values?: unknown[];
  entries?: Record<string, string | number>;
  getter?: () => z.ZodType;
};

/** A schema's definition as the walkers read it. */
export const defOf = (schema: z.ZodType) => schema._zod.def as unknown as ZodDefView;
