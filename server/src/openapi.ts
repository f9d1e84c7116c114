import { API_KEY_PREFIX, isApiKeyCall } from '@coach/shared/contract/api-keys';
import { API_BASE, type CallDef, isReadCall, TOKEN_HEADER } from '@coach/shared/contract/define-call';
import { ERROR_CODES } from '@coach/shared/contract/envelope';
import { allCalls } from '@coach/shared/contract/registry';
import { z } from 'zod';

import { ltiPaths } from './openapi-lti.ts';
import { SCIM_SCHEME, scimPaths, scimSchemas, scimSecurityScheme } from './openapi-scim.ts';

/** Where the document and its reference page are served (docs/api.md). */
export const OPENAPI_PATH = '/api/v1/openapi.json';
export const API_REFERENCE_PATH = '/api-reference';

type JsonSchema = Record<string, unknown>;

/** The security scheme names of the two sessions' token headers. */
const SECURITY_SCHEME = { enterprise: 'enterpriseToken', admin: 'adminToken' } as const;

/** An integrator's API key, sent as `Authorization: Bearer coach_live_…`. */
const API_KEY_SCHEME = 'apiKey';

/**
 * A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): requests as clients send them (`io: 'input'`, before
 * defaults and coercion), responses as the server answers them. A file part of a multipart form (a z.custom Blob)
 * has no JSON Schema of its own: it is a binary string.
 */
const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: ({ zodSchema }) =>
      zodSchema._zod.def.type === 'custom'
        ? { type: 'string', contentMediaType: 'application/octet-stream' }
        : 'throw',
  }) as JsonSchema;
  // The contract has no recursive schema today; a $ref would point into this document's root, so it is refused.
  if (JSON.stringify(json).includes('"$ref"'))
    throw new Error('A contract schema with a $ref needs hoisting');
  return json;
};

/** The statuses every call may answer besides 200, and those of calls that need a session. */
const ERROR_STATUSES = {
  '404': 'The record does not exist, or belongs to another organisation (NOT_FOUND)',
  '409': 'The change conflicts with the current state (CONFLICT)',
  '422': 'A request field is refused; `field` names it (VALIDATION_FAILED)',
  '429': 'Too many attempts; Retry-After says when to try again (TOO_MANY_REQUESTS)',
} as const;
const SESSION_ERROR_STATUSES = {
  '401': 'No session, or an expired or revoked token (UNAUTHENTICATED)',
  '403':
    'The session may not make this call: a missing permission, a feature switched off, the second factor or email verification still to do (FORBIDDEN, FEATURE_DISABLED, MFA_REQUIRED, EMAIL_NOT_VERIFIED)',
} as const;

const errorResponseRef = (status: string) => ({ $ref: `#/components/responses/Error${status}` });

/** A readable, unique operation id from the method and path: post_enterprise_tasks_add-task. */
const operationId = (entry: CallDef) =>
  `${entry.method.toLowerCase()}_${entry.path.replace(/^\/api\/v1\//, '').replace(/[^A-Za-z0-9-]+/g, '_')}`;

/** The group a call is listed under: its base and area (enterprise tasks, admin content, marketplace). */
const tagOf = (entry: CallDef) => {
  const [, , , base = '', area] = entry.path.split('/');
  const nested = area && entry.path.split('/').length > 5 ? area : null;
  return nested ? `${base} ${nested}` : base;
};

/** GET and DELETE input travels as the query string: one parameter per request field. */
const queryParameters = (entry: CallDef) => {
  const schema = jsonSchema(entry.request, 'input');
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
  }));
};

const operation = (entry: CallDef) => {
  const op: Record<string, unknown> = {
    operationId: operationId(entry),
    // The path under /api/v1 reads as the call's name in the reference (the spec names calls by path).
    summary: entry.path.replace(/^\/api\/v1\//, ''),
    tags: [tagOf(entry)],
    // Either of two ways in: a member's session, or (for the calls a key may make) an API key.
    security:
      entry.auth === 'none'
        ? []
        : [{ [SECURITY_SCHEME[entry.auth]]: [] }, ...(isApiKeyCall(entry) ? [{ [API_KEY_SCHEME]: [] }] : [])],
    'x-permission': entry.permission,
  };
  if (isApiKeyCall(entry)) op['x-api-key-access'] = isReadCall(entry) ? 'read' : 'read-write';
  if (entry.feature) op['x-feature'] = entry.feature;
  if (entry.adminRoleOnly) op['x-admin-role-only'] = true;
  if (entry.beforeSecondFactor) op['x-before-second-factor'] = true;
  if (entry.method === 'GET' || entry.method === 'DELETE') {
    const parameters = queryParameters(entry);
    if (parameters.length > 0) op.parameters = parameters;
  } else {
    op.requestBody = {
      required: true,
      content: {
        [entry.multipart ? 'multipart/form-data' : 'application/json']: {
          schema: jsonSchema(entry.request, 'input'),
        },
      },
    };
  }
  const statuses = entry.auth === 'none' ? ERROR_STATUSES : { ...SESSION_ERROR_STATUSES, ...ERROR_STATUSES };
  op.responses = {
    '200': {
      description: "Success: the envelope with `success: 1` and the call's `response`",
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['success', 'message', 'response'],
            properties: {
              success: { const: 1 },
              message: { type: 'string' },
              response: jsonSchema(entry.response, 'output'),
            },
          },
        },
      },
    },
    ...Object.fromEntries(Object.keys(statuses).map((status) => [status, errorResponseRef(status)])),
    '500': errorResponseRef('500'),
  };
  return op;
};

/**
 * The OpenAPI 3.1 document of the whole API, generated from the contract (every entry of the registry): paths,
 * the two token headers as security schemes, request and response bodies in the success envelope, the error
 * envelope with its codes, and the permission, feature flag and admin-role rule of each call as extensions.
 */
export const openApiDocument = (calls: readonly CallDef[] = allCalls) => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const entry of calls) {
    paths[entry.path] ??= {};
    (paths[entry.path] as Record<string, unknown>)[entry.method.toLowerCase()] = operation(entry);
  }
  const errorDescriptions: Record<string, string> = {
    ...SESSION_ERROR_STATUSES,
    ...ERROR_STATUSES,
    '500': 'Something failed on the server (INTERNAL_ERROR)',
  };
  return {
    openapi: '3.1.1',
    info: {
      title: 'Coach API',
      version: 'v1',
      description: [
        '## Authentication',
        '',
        `**API keys (integrators).** An enterprise admin creates a key in the dashboard (Settings → API keys) and`,
        `sends it with every call as \`Authorization: Bearer ${API_KEY_PREFIX}…\`. A key reaches only the calls that`,
        'list the `apiKey` scheme and carry `x-api-key-access`: those needing a permission key (`x-permission`) that',
        'the key holds. `x-api-key-access: read` calls are open to read-only and read-write keys, `read-write` calls',
        'to read-write keys only. A key acts as the admin who created it, within its own permissions: it gives a role',
        "(inviting members, changing a member's role) only when it holds every permission of that role, Dashboard",
        'included. Keys cannot be edited: create a new one with the permissions it needs and revoke the old one.',
        'Settings, the key calls themselves and the calls of a signed-in member alone (profile, sessions) take no key.',
        '',
        `**Sessions (the dashboard and apps).** Enterprise calls also take a signed-in member's session token in`,
        `\`${TOKEN_HEADER.enterprise}\` (from ${API_BASE.enterprise}/login and the second factor); platform admin calls`,
        `take an admin session's token in \`${TOKEN_HEADER.admin}\`.`,
        '',
        '## Answers',
        '',
        'Every answer is the envelope `{ success, message, response?, code?, field? }`: `success` is 1 with the',
        "call's `response`, or 0 with a stable `code` (clients branch on it, never on `message`) and, for a 422, the",
        'request `field` it is about. `x-permission` names the role permission a call needs (the default admin has',
        'every one), `x-feature` the organisation feature flag that must be on, `x-admin-role-only` calls are for',
        'roles named admin.',
      ].join('\n'),
    },
    servers: [{ url: '/' }],
    tags: [...[...new Set(calls.map(tagOf))].map((name) => ({ name })), { name: 'SCIM' }, { name: 'LTI' }],
    // RFC 7644's endpoints for an enterprise's directory and LTI's message endpoints, beside the contract's calls.
    paths: { ...paths, ...scimPaths, ...ltiPaths } as Record<string, Record<string, unknown>>,
    components: {
      securitySchemes: {
        [SECURITY_SCHEME.enterprise]: {
          type: 'apiKey',
          in: 'header',
          name: TOKEN_HEADER.enterprise,
          description: `An enterprise session's access token (from ${API_BASE.enterprise}/login and the second factor)`,
        },
        [SECURITY_SCHEME.admin]: {
          type: 'apiKey',
          in: 'header',
          name: TOKEN_HEADER.admin,
          description: `A platform admin session's token (from ${API_BASE.admin}/login and the second factor)`,
        },
        [API_KEY_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          description:
            "An enterprise's API key (Settings → API keys), sent as `Authorization: Bearer <key>`, for the calls needing a permission key the key holds; x-api-key-access says whether a read-only key (read) or only a read-write key (read-write) may make the call",
        },
        [SCIM_SCHEME]: scimSecurityScheme,
      },
      schemas: {
        ErrorEnvelope: {
          type: 'object',
          required: ['success', 'message', 'code'],
          properties: {
            success: { const: 0 },
            message: { type: 'string', description: 'For people; may change with the language' },
            code: { type: 'string', enum: Object.values(ERROR_CODES) },
            field: { type: 'string', description: 'The request field a 422 is about, as a dotted path' },
          },
        },
        ...scimSchemas,
      },
      responses: Object.fromEntries(
        Object.entries(errorDescriptions).map(([status, description]) => [
          `Error${status}`,
          {
            description,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
          },
        ]),
      ),
    },
  };
};

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
