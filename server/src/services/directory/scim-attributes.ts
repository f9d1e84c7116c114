import type SCIMMY from 'scimmy';
import { type DeclaringSchema, type ScimAttributes, scimError } from './scim-context.ts';

// The attributes a resource type keeps, as SCIM spells them (`userName`, `name.givenName`): a filter naming any other
// attribute is refused (400) rather than matched against nothing, since a directory told "no such user" makes a
// duplicate; a PATCH path is checked as checkedPatch says. Names are matched in any case, as RFC 7643 §2.1 says; a
// complex attribute (`name`, `emails`) is kept when one of its sub-attributes is.

const CORE_SCHEMA = /^urn:ietf:params:scim:schemas:core:2\.0:(User|Group):/i;

const supports = (attributes: ScimAttributes, top: string, sub?: string) => {
  const name = (sub === undefined ? top : `${top}.${sub}`).toLowerCase();
  return attributes.some((kept) => {
    const lower = kept.toLowerCase();
    return lower === name || (sub === undefined && lower.startsWith(`${name}.`));
  });
};

/**
 * 400 invalidFilter unless every attribute of the filter is one the resource type keeps. scimmy parses a filter
 * into its disjunctive normal form: a list of objects whose keys are attributes, each holding an expression (an
 * array) or its sub-attributes' expressions (an object).
 */
export const assertFilterSupported = (
  filter: SCIMMY.Types.Filter | undefined,
  attributes: ScimAttributes,
) => {
  if (!filter) return;
  const refuse = (name: string) =>
    scimError(
      400,
      'invalidFilter',
      `Filtering on "${name}" is not supported: filter on ${attributes.join(', ')}`,
    );
  for (const branch of filter as unknown as Record<string, unknown>[]) {
    for (const [top, expression] of Object.entries(branch)) {
      // A fully qualified core name would match nothing in memory (scimmy compares the whole key), so it is refused too.
      if (!supports(attributes, top)) throw refuse(top);
      if (expression && typeof expression === 'object' && !Array.isArray(expression))
        for (const sub of Object.keys(expression))
          if (!supports(attributes, top, sub)) throw refuse(`${top}.${sub}`);
    }
  }
};

/** `attr`, `attr.sub`, `attr[filter]` or `attr[filter].sub` (quoted values may hold brackets). */
const PATH = /^([a-z][\w$-]*)(?:\[(?:[^\]"]|"(?:[^"\\]|\\.)*")*\])?(?:\.([a-z][\w$-]*))?$/i;

const declares = (schemas: readonly DeclaringSchema[], path: string) =>
  schemas.some(({ prefix, definition }) => {
    const local = path.toLowerCase().startsWith(prefix.toLowerCase()) ? path.slice(prefix.length) : null;
    const name = (local ?? path).replace(/\[.*\]/, '');
    // An extension's attribute is named with its URN; the core schema's with or without it.
    if (local === null && prefix.includes(':extension:')) return false;
    try {
      definition.attribute(name);
      return true;
    } catch {
      return false;
    }
  });

/**
 * The PatchOp body with each path checked (RFC 7644 §3.5.2). A path naming an attribute the resource type keeps
 * stays, without the core schema's prefix (scimmy would read a prefixed path as a filter matching nothing). One
 * naming an attribute the standard schemas declare but the product does not keep (`title`, `phoneNumbers[…]`, the
 * enterprise extension's `department`, which Entra ID's default mapping sends) is dropped, as a POST or PUT ignores
 * such attributes, so a directory's sync goes on. Any other path (a misspelt or made-up attribute) is 400
 * invalidPath, and nothing of the PATCH is applied. A path-less operation is left to scimmy: its value is a partial
 * resource, whose unknown attributes are ignored as in a POST or PUT (Okta's password push among them).
 */
export const checkedPatch = (
  body: unknown,
  attributes: ScimAttributes,
  schemas: readonly DeclaringSchema[],
): unknown => {
  const operations = (body as { Operations?: unknown } | null)?.Operations;
  if (!Array.isArray(operations)) return body;
  const checked = operations.flatMap((operation: unknown) => {
    const path = (operation as { path?: unknown } | null)?.path;
    if (typeof path !== 'string' || path.trim() === '') return [operation];
    const short = path.trim().replace(CORE_SCHEMA, '');
    const match = PATH.exec(short);
    if (match && supports(attributes, match[1] ?? '', match[2]))
      return [{ ...(operation as object), path: short }];
    if (declares(schemas, path.trim())) return [];
    throw scimError(
      400,
      'invalidPath',
      `The path "${path}" names no attribute of this resource: the ones kept are ${attributes.join(', ')}`,
    );
  });
  return { ...(body as object), Operations: checked };
};
