import { createHash } from 'node:crypto';
import SCIMMY from 'scimmy';
import { AppError } from '../../errors.ts';
import type { ServiceContext } from '../context.ts';
import type { Giver } from '../organisation/grants.ts';

/**
 * What a SCIM handler is given: the service context (no session: a directory is not a member), the token's
 * enterprise, and what the request changed, for its audit row.
 */
export type ScimContext = {
  service: ServiceContext;
  enterpriseId: string;
  /** The admin who made the token: the directory changes only members whose role they could give. */
  creator: Giver;
  /** One line per change made ("created user …", "deactivated user …"), for the request's audit row. */
  changes: string[];
  /** Users and Groups (scim-users.ts, scim-groups.ts), handed in by the route so the protocol stays one step deep. */
  resources: { Users: ScimResourceHandlers; Groups: ScimResourceHandlers };
};

/** A SCIM resource as the handlers give it: its attributes and `meta.version` (its ETag). */
export type ScimResource = { id: string; meta: { created: string; version: string } } & Record<
  string,
  unknown
>;

/**
 * The attributes a resource type keeps, as SCIM spells them (`userName`, `name.givenName`); see scim-attributes.ts.
 */
export type ScimAttributes = readonly string[];

/** A schema an attribute path may name, with the prefix that qualifies its attributes (RFC 7644 §3.10). */
export type DeclaringSchema = { prefix: string; definition: SCIMMY.Types.SchemaDefinition };

/** What a resource type does with the enterprise's records; the protocol (scim.ts) does the rest. */
export type ScimResourceHandlers = {
  /**
   * What a filter may name (what the resource holds), what a PATCH path may name (what a write keeps), and the
   * standard schemas whose other attributes a PATCH may name to no effect.
   */
  attributes: { filter: ScimAttributes; patch: ScimAttributes; declared: readonly DeclaringSchema[] };
  list(
    sc: ScimContext,
    filter: SCIMMY.Types.Filter | undefined,
    startIndex: number,
    count: number,
  ): Promise<{ resources: ScimResource[]; total: number }>;
  read(sc: ScimContext, id: string): Promise<ScimResource>;
  create(sc: ScimContext, data: object): Promise<ScimResource>;
  replace(sc: ScimContext, id: string, data: object): Promise<ScimResource>;
  remove(sc: ScimContext, id: string): Promise<void>;
};

/** A SCIM error (RFC 7644 §3.12): the status, its scimType where the RFC names one, and what was wrong. */
export const scimError = (status: number, scimType: string | null, detail: string) =>
  // scimmy's types want a string; the RFC's scimType is optional and scimmy leaves it out when null.
  new SCIMMY.Types.Error(status, scimType as string, detail);

/**
 * Runs a handler scimmy calls. Scimmy turns any error that is not its own into "404 Resource not found", which would
 * hide a refusal of ours (a 409 or 403) or a fault: our refusals become SCIM errors with their status, a fault is a
 * 500 that the route logs.
 */
export const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SCIMMY.Types.Error) throw error;
    if (error instanceof AppError)
      throw scimError(
        error.status === 422 ? 400 : error.status,
        error.status === 409 ? 'uniqueness' : error.status === 422 ? 'invalidValue' : null,
        error.message,
      );
    throw new ScimFault(error);
  }
};

/** An unexpected failure inside a handler, carried past scimmy's own catch to the route, which logs it. */
export class ScimFault extends SCIMMY.Types.Error {
  constructor(readonly fault: unknown) {
    super(500, null as unknown as string, 'Something went wrong. Please try again.');
  }
}

/** A directory's own id of a member or a group, at most (the scim_external_id columns). */
export const EXTERNAL_ID_MAX = 255;

/** 400 invalidValue naming the attribute and its limit, instead of keeping a cut copy that no longer matches. */
export const assertWithinLimit = (attribute: string, value: string, max: number) => {
  if (value.length > max)
    throw scimError(
      400,
      'invalidValue',
      `${attribute} is ${value.length} characters long: at most ${max} characters are allowed`,
    );
};

/** Filters are answered from the database for `attr eq "value"` on these; others are matched in memory. */
export const simpleEquality = (filter: unknown, columns: Record<string, string>) => {
  if (!Array.isArray(filter) || filter.length !== 1) return null;
  const entries = Object.entries(filter[0] as Record<string, unknown>);
  if (entries.length !== 1) return null;
  const [attribute, expression] = entries[0] as [string, unknown];
  const column = columns[attribute.toLowerCase()];
  if (!column || !Array.isArray(expression) || expression[0] !== 'eq' || typeof expression[1] !== 'string')
    return null;
  return { column, value: expression[1] };
};

/** At most this many members or groups are matched in memory for a filter the database does not answer. */
export const IN_MEMORY_FILTER_LIMIT = 20_000;

export const tooManyToFilter = () =>
  scimError(
    400,
    'tooMany',
    `This organisation has more than ${IN_MEMORY_FILTER_LIMIT} records: filter on id, externalId or userName (displayName for groups)`,
  );

/** A weak ETag of a resource's content (without its meta, which carries the tag itself). */
export const versionOf = (resource: object) => {
  const { meta: _meta, ...content } = resource as { meta?: unknown };
  return `W/"${createHash('sha256').update(JSON.stringify(content)).digest('base64url').slice(0, 22)}"`;
};

/** The resource with its version in `meta.version`, the ETag of every answer that carries it. */
export const versioned = <T extends { meta: object }>(resource: T) => ({
  ...resource,
  meta: { ...resource.meta, version: versionOf(resource) },
});
