import SCIMMY from 'scimmy';
import { assertFilterSupported, checkedPatch } from './scim-attributes.ts';
import { type ScimContext, ScimFault, scimError, versionOf } from './scim-context.ts';
import { assertFilterSyntax } from './scim-filter.ts';

/**
 * The SCIM 2.0 service provider (RFC 7644) of one enterprise, reached with its SCIM token. scimmy (a maintained
 * implementation of RFC 7643/7644) parses filters, checks and shapes resources against the core schemas and applies
 * PATCH operations; scim-users.ts and scim-groups.ts read and write the members and groups. Lists are paged here,
 * in the database (scimmy's ListResponse would page them again). Every resource carries a weak ETag of its content
 * (`meta.version`): a GET with a matching If-None-Match is 304, a PUT, PATCH or DELETE whose If-Match no longer
 * matches is 412. Sorting and bulk operations are not offered (ServiceProviderConfig says so). A filter or a PATCH
 * path may name only the attributes a resource type keeps (scim-attributes.ts): anything else is a 400, not a silent
 * empty list or a 200 that changed nothing.
 */

/** Resources a list answers at most per page (ServiceProviderConfig's filter.maxResults). */
export const SCIM_MAX_RESULTS = 200;
const DEFAULT_COUNT = 100;

let declared = false;

/** Declares Users and Groups with scimmy once per process; the enterprise comes with each call's context. */
const declareResources = () => {
  if (declared) return;
  declared = true;
  SCIMMY.Config.set({
    patch: true,
    filter: SCIM_MAX_RESULTS,
    etag: true,
    sort: false,
    bulk: false,
    changePassword: false,
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'OAuth Bearer Token',
        description:
          'The SCIM token made in Settings → Directory sync, sent as Authorization: Bearer <token>',
        specUri: 'https://datatracker.ietf.org/doc/html/rfc6750',
      },
    ],
  });
  // The handlers' own types are the SCIM shapes of scim-users.ts and scim-groups.ts; scimmy checks them against
  // the core schemas on the way out.
  type Handlers = {
    egress(handler: (resource: { id?: string }, ctx: ScimContext) => Promise<object>): Handlers;
    ingress(
      handler: (resource: { id?: string }, data: object, ctx: ScimContext) => Promise<object>,
    ): Handlers;
    degress(handler: (resource: { id?: string }, ctx: ScimContext) => Promise<void>): Handlers;
  };
  const declare = (resource: unknown) =>
    (SCIMMY.Resources.declare as (resource: unknown) => unknown)(resource) as Handlers;
  for (const [resource, kind] of [
    [SCIMMY.Resources.User, 'Users'],
    [SCIMMY.Resources.Group, 'Groups'],
  ] as const)
    declare(resource)
      .egress((r, sc) => sc.resources[kind].read(sc, String(r.id)))
      .ingress((r, data, sc) =>
        r.id ? sc.resources[kind].replace(sc, r.id, data) : sc.resources[kind].create(sc, data),
      )
      .degress((r, sc) => sc.resources[kind].remove(sc, String(r.id)));
};

export type ScimHttpRequest = {
  method: string;
  /** The path after the SCIM base (`/Users/…`). */
  path: string;
  query: Record<string, string>;
  body: unknown;
  ifMatch?: string | undefined;
  ifNoneMatch?: string | undefined;
};

export type ScimAnswer = {
  status: number;
  body?: object;
  etag?: string;
  location?: string;
  /** An unexpected failure, for the route to log (the answer itself says only "something went wrong"). */
  fault?: unknown;
};

const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
/** The wording of a TypeError that JavaScript itself throws (V8's), unlike scimmy's own. */
const ENGINE_TYPE_ERROR =
  /^Cannot (read|set) propert|^Cannot (convert|destructure|create property)|is not (a function|iterable|a constructor)|^Reduce of empty array/;
const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

export const scimErrorBody = (status: number, detail: string, scimType?: string | null) => ({
  schemas: [ERROR_SCHEMA],
  status: String(status),
  ...(scimType ? { scimType } : {}),
  detail,
});

/** The answer's body and its ETag: the version the resource was read with (scim-users.ts, scim-groups.ts). */
const withVersion = (resource: object) => {
  const meta = (resource as { meta?: { version?: string } }).meta ?? {};
  const version = meta.version ?? versionOf(resource);
  return { body: { ...resource, meta: { ...meta, version } }, etag: version };
};

/** Whether an If-Match / If-None-Match header names this version (`*` names any). */
const names = (header: string, version: string) =>
  header
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag === version || `W/${tag}` === version);

/** Entra ID sends booleans as "True" and "False": they are made booleans before scimmy checks the types. */
const normaliseBooleans = (value: unknown, key = ''): unknown => {
  if (typeof value === 'string' && key.toLowerCase() === 'active' && /^(true|false)$/i.test(value))
    return value.toLowerCase() === 'true';
  if (Array.isArray(value)) return value.map((item) => normaliseBooleans(item, key));
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // A PatchOp operation on `active` carries its value beside the path.
    const pathKey = typeof record.path === 'string' && /^active$/i.test(record.path) ? 'active' : '';
    return Object.fromEntries(
      Object.entries(record).map(([k, v]) => [
        k,
        normaliseBooleans(v, k === 'value' && pathKey ? pathKey : k),
      ]),
    );
  }
  return value;
};

/** startIndex and count of a list (RFC 7644 §3.4.2.4): below 1 is 1, below 0 is 0, above the maximum is it. */
const pageOf = (query: Record<string, string>) => {
  const number = (name: string, fallback: number) => {
    const raw = query[name];
    if (raw === undefined || raw === '') return fallback;
    if (!/^-?\d{1,9}$/.test(raw)) throw scimError(400, 'invalidValue', `${name} must be a whole number`);
    return Number(raw);
  };
  return {
    startIndex: Math.max(1, number('startIndex', 1)),
    count: Math.min(SCIM_MAX_RESULTS, Math.max(0, number('count', DEFAULT_COUNT))),
  };
};

/** The query parameters scimmy reads for a resource (filter and attribute selection). */
const resourceParams = (query: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(query).filter(([key]) => ['filter', 'attributes', 'excludedAttributes'].includes(key)),
  );

/** What this file uses of a scimmy resource type (its typings overload the constructor by id and params). */
type ResourceInstance = {
  filter?: SCIMMY.Types.Filter;
  attributes?: SCIMMY.Types.Filter;
  read(ctx?: unknown): Promise<unknown>;
  write(body: unknown, ctx?: unknown): Promise<unknown>;
  patch(body: unknown, ctx?: unknown): Promise<unknown>;
  dispose(ctx?: unknown): Promise<unknown>;
};
type ResourceType = {
  new (params: Record<string, string>): ResourceInstance;
  new (id: string, params: Record<string, string>): ResourceInstance;
  basepath(): string;
};
type SchemaType = new (
  resource: object,
  direction: string,
  basepath: string,
  filter?: SCIMMY.Types.Filter,
) => object;

const RESOURCES = {
  Users: {
    resource: () => SCIMMY.Resources.User as unknown as ResourceType,
    schema: () => SCIMMY.Schemas.User as unknown as SchemaType,
  },
  Groups: {
    resource: () => SCIMMY.Resources.Group as unknown as ResourceType,
    schema: () => SCIMMY.Schemas.Group as unknown as SchemaType,
  },
} as const;

const list = async (sc: ScimContext, kind: keyof typeof RESOURCES, query: Record<string, string>) => {
  const { resource, schema } = RESOURCES[kind];
  const Resource = resource();
  if (query.filter !== undefined) assertFilterSyntax(query.filter);
  const parsed = new Resource(resourceParams(query));
  assertFilterSupported(parsed.filter, sc.resources[kind].attributes.filter);
  const { startIndex, count } = pageOf(query);
  const { resources, total } = await sc.resources[kind].list(sc, parsed.filter, startIndex, count);
  const Schema = schema();
  return {
    status: 200,
    body: {
      schemas: [LIST_SCHEMA],
      totalResults: total,
      startIndex,
      itemsPerPage: resources.length,
      Resources: resources.map((r) => {
        const out = new Schema(r, 'out', Resource.basepath(), parsed.attributes);
        return { ...out, meta: { ...(out as { meta?: object }).meta, version: r.meta.version } };
      }),
    },
  };
};

/** The resource's current version, for If-Match (404 when it is gone). */
const currentVersion = async (sc: ScimContext, kind: keyof typeof RESOURCES, id: string) =>
  (await sc.resources[kind].read(sc, id)).meta.version;

const one = async (
  sc: ScimContext,
  kind: keyof typeof RESOURCES,
  id: string | undefined,
  req: ScimHttpRequest,
) => {
  const Resource = RESOURCES[kind].resource();
  const params = resourceParams(req.query);
  const method = req.method.toUpperCase();
  if (!id) {
    if (method !== 'POST') throw scimError(405, null, `${method} needs a resource id: ${kind}/{id}`);
    const created = (await new Resource(params).write(req.body as object, sc)) as { id: string };
    const { body, etag } = withVersion(created);
    return { status: 201, body, etag, location: `${Resource.basepath()}/${created.id}` };
  }
  if (method === 'POST') throw scimError(405, null, `POST makes a new resource: send it to /${kind}`);
  if (req.ifMatch && method !== 'GET' && !names(req.ifMatch, await currentVersion(sc, kind, id)))
    throw scimError(412, null, 'The resource has changed since the version in If-Match');
  const resource = new Resource(id, params);
  if (method === 'GET') {
    const { body, etag } = withVersion((await resource.read(sc)) as object);
    if (req.ifNoneMatch && names(req.ifNoneMatch, etag)) return { status: 304, etag };
    return { status: 200, body, etag };
  }
  if (method === 'PUT')
    return { status: 200, ...withVersion((await resource.write(req.body as object, sc)) as object) };
  if (method === 'PATCH') {
    const { patch, declared } = sc.resources[kind].attributes;
    const body = checkedPatch(req.body, patch, declared) as { Operations?: unknown[] };
    const sent = (req.body as { Operations?: unknown } | null)?.Operations;
    // Every operation named attributes the product does not keep: nothing to change (no operations at all is
    // still scimmy's 400).
    const patched =
      Array.isArray(sent) && sent.length > 0 && body.Operations?.length === 0
        ? undefined
        : ((await resource.patch(body as object, sc)) as object | undefined);
    // Nothing changed: the resource as it stands.
    return { status: 200, ...withVersion(patched ?? ((await resource.read(sc)) as object)) };
  }
  if (method === 'DELETE') {
    await resource.dispose(sc);
    return { status: 204 };
  }
  throw scimError(405, null, `${method} is not supported on ${kind}/{id}`);
};

/** The discovery endpoints (RFC 7644 §4): ServiceProviderConfig, ResourceTypes and Schemas, to GET. */
const discovery = async (name: string, id: string | undefined) => {
  const Resource = (name === 'ServiceProviderConfig'
    ? SCIMMY.Resources.ServiceProviderConfig
    : name === 'ResourceTypes'
      ? SCIMMY.Resources.ResourceType
      : SCIMMY.Resources.Schema) as unknown as ResourceType;
  const resource = id ? new Resource(id, {}) : new Resource({});
  return { status: 200, body: (await resource.read()) as object };
};

/** Answers one SCIM request of the token's enterprise. `baseUrl` is the public SCIM base (`https://…/scim/v2`). */
export const answerScim = async (
  sc: ScimContext,
  baseUrl: string,
  req: ScimHttpRequest,
): Promise<ScimAnswer> => {
  declareResources();
  for (const Resource of [
    SCIMMY.Resources.User,
    SCIMMY.Resources.Group,
    SCIMMY.Resources.Schema,
    SCIMMY.Resources.ResourceType,
    SCIMMY.Resources.ServiceProviderConfig,
  ])
    Resource.basepath(baseUrl);
  const [name = '', id, extra] = req.path.replace(/^\/+|\/+$/g, '').split('/');
  const method = req.method.toUpperCase();
  try {
    if (extra !== undefined) throw scimError(404, null, `No SCIM endpoint ${req.path}`);
    const body = normaliseBooleans(req.body);
    if (name === 'Users' || name === 'Groups') {
      if (!id && method === 'GET') return await list(sc, name, req.query);
      return await one(sc, name, id ? decodeURIComponent(id) : undefined, { ...req, body });
    }
    if (name === 'ServiceProviderConfig' || name === 'ResourceTypes' || name === 'Schemas') {
      if (method !== 'GET') throw scimError(405, null, `${name} is read-only`);
      if (name === 'ServiceProviderConfig' && id) throw scimError(404, null, `No SCIM endpoint ${req.path}`);
      return await discovery(name, id ? decodeURIComponent(id) : undefined);
    }
    throw scimError(404, null, `No SCIM endpoint ${req.path}`);
  } catch (error) {
    if (error instanceof ScimFault)
      return { status: 500, body: scimErrorBody(500, error.message), fault: error.fault };
    if (error instanceof SCIMMY.Types.Error) {
      const status = Number(error.status) || 400;
      return { status, body: scimErrorBody(status, error.message, error.scimType) };
    }
    // scimmy reports a malformed resource or message as a TypeError of its own, worded for the client. One the engine
    // throws inside scimmy is a crash on input it did not expect: its text ("Cannot read properties of undefined")
    // tells the client nothing it can fix, and something of our code, so it stays here.
    if (error instanceof TypeError)
      return {
        status: 400,
        body: ENGINE_TYPE_ERROR.test(error.message)
          ? scimErrorBody(
              400,
              'This request could not be read: check it against RFC 7644 and 7643',
              'invalidSyntax',
            )
          : scimErrorBody(400, error.message, 'invalidValue'),
      };
    return { status: 500, body: scimErrorBody(500, 'Something went wrong. Please try again.'), fault: error };
  }
};
