import { SCIM_BASE_PATH } from '@coach/shared/contract/scim';
import { SCIM_MAX_RESULTS } from './services/directory/scim.ts';

/**
 * The SCIM 2.0 endpoints in the OpenAPI document (they are outside the contract: RFC 7644's own bodies, not the
 * envelope). Resource bodies follow RFC 7643's core User and Group schemas, which `GET /scim/v2/Schemas` serves.
 */

export const SCIM_SCHEME = 'scimToken';
const SCIM_JSON = 'application/scim+json';
const security = [{ [SCIM_SCHEME]: [] }];
const tags = ['SCIM'];

const scimBody = (ref: string, description: string) => ({
  description,
  content: { [SCIM_JSON]: { schema: { $ref: `#/components/schemas/${ref}` } } },
});
const error = (description: string) => scimBody('ScimError', description);

const refusals = {
  '400': error('Invalid syntax, filter or value (scimType says which)'),
  '401': error('No SCIM token, or not a live one'),
  '429': error('Too many requests for this token in the last minute (Retry-After)'),
};

const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
const listParameters = [
  {
    name: 'filter',
    in: 'query',
    schema: { type: 'string' },
    description: 'RFC 7644 §3.4.2.2, e.g. userName eq "ada@example.com"',
  },
  { name: 'startIndex', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
  {
    name: 'count',
    in: 'query',
    schema: { type: 'integer', minimum: 0, maximum: SCIM_MAX_RESULTS, default: 100 },
  },
  { name: 'attributes', in: 'query', schema: { type: 'string' } },
  { name: 'excludedAttributes', in: 'query', schema: { type: 'string' } },
];

const resourcePaths = (kind: 'Users' | 'Groups', schema: 'ScimUser' | 'ScimGroup') => ({
  [`${SCIM_BASE_PATH}/${kind}`]: {
    get: {
      operationId: `scimList${kind}`,
      tags,
      security,
      summary: `List or filter ${kind}, paged`,
      parameters: listParameters,
      responses: { '200': scimBody('ScimListResponse', `The matching ${kind}`), ...refusals },
    },
    post: {
      operationId: `scimCreate${kind}`,
      tags,
      security,
      summary: `Create one of the ${kind}`,
      requestBody: {
        required: true,
        content: { [SCIM_JSON]: { schema: { $ref: `#/components/schemas/${schema}` } } },
      },
      responses: {
        '201': scimBody(schema, 'Created: Location and ETag headers name it'),
        '409': error('uniqueness: the userName or displayName is taken'),
        ...refusals,
      },
    },
  },
  [`${SCIM_BASE_PATH}/${kind}/{id}`]: {
    parameters: [idParameter],
    get: {
      operationId: `scimGet${kind}`,
      tags,
      security,
      summary: `One of the ${kind}`,
      parameters: [{ name: 'If-None-Match', in: 'header', schema: { type: 'string' } }],
      responses: {
        '200': scimBody(schema, 'The resource, with its ETag'),
        '304': { description: 'Unchanged since the version in If-None-Match' },
        '404': error('Not in this enterprise'),
        ...refusals,
      },
    },
    put: {
      operationId: `scimReplace${kind}`,
      tags,
      security,
      summary: 'Replace it',
      parameters: [{ name: 'If-Match', in: 'header', schema: { type: 'string' } }],
      requestBody: {
        required: true,
        content: { [SCIM_JSON]: { schema: { $ref: `#/components/schemas/${schema}` } } },
      },
      responses: {
        '200': scimBody(schema, 'Replaced'),
        '404': error('Not in this enterprise'),
        '412': error('Changed since the version in If-Match'),
        ...refusals,
      },
    },
    patch: {
      operationId: `scimPatch${kind}`,
      tags,
      security,
      summary: 'Apply PATCH operations (add, replace, remove)',
      parameters: [{ name: 'If-Match', in: 'header', schema: { type: 'string' } }],
      requestBody: {
        required: true,
        content: { [SCIM_JSON]: { schema: { $ref: '#/components/schemas/ScimPatchOp' } } },
      },
      responses: {
        '200': scimBody(schema, 'Patched'),
        '403': error('The default admin cannot be deactivated, readdressed or deleted'),
        '404': error('Not in this enterprise'),
        '412': error('Changed since the version in If-Match'),
        ...refusals,
      },
    },
    delete: {
      operationId: `scimDelete${kind}`,
      tags,
      security,
      summary: 'Delete it',
      responses: { '204': { description: 'Deleted' }, '404': error('Not in this enterprise'), ...refusals },
    },
  },
});

const discovery = (name: string, summary: string) => ({
  [`${SCIM_BASE_PATH}/${name}`]: {
    get: {
      operationId: `scimGet${name}`,
      tags,
      security,
      summary,
      responses: { '200': { description: summary }, ...refusals },
    },
  },
});

export const scimPaths = {
  ...discovery('ServiceProviderConfig', 'What this service provider supports'),
  ...discovery('ResourceTypes', 'The resource types: User and Group'),
  ...discovery('Schemas', 'The core User and Group schemas'),
  ...resourcePaths('Users', 'ScimUser'),
  ...resourcePaths('Groups', 'ScimGroup'),
};

const multi = (properties: Record<string, unknown>) => ({
  type: 'array',
  items: { type: 'object', properties },
});

export const scimSchemas = {
  ScimUser: {
    type: 'object',
    required: ['userName'],
    properties: {
      id: { type: 'string', readOnly: true },
      externalId: { type: 'string' },
      userName: { type: 'string', description: 'The member’s email address' },
      displayName: { type: 'string' },
      name: {
        type: 'object',
        properties: {
          formatted: { type: 'string' },
          givenName: { type: 'string' },
          familyName: { type: 'string' },
        },
      },
      emails: multi({ value: { type: 'string' }, type: { type: 'string' }, primary: { type: 'boolean' } }),
      active: { type: 'boolean', description: 'false deactivates the member and ends their sessions' },
      meta: { type: 'object', readOnly: true },
    },
  },
  ScimGroup: {
    type: 'object',
    required: ['displayName'],
    properties: {
      id: { type: 'string', readOnly: true },
      externalId: { type: 'string' },
      displayName: { type: 'string' },
      members: multi({ value: { type: 'string' }, display: { type: 'string' }, type: { const: 'User' } }),
      meta: { type: 'object', readOnly: true },
    },
  },
  ScimListResponse: {
    type: 'object',
    properties: {
      schemas: { type: 'array', items: { const: 'urn:ietf:params:scim:api:messages:2.0:ListResponse' } },
      totalResults: { type: 'integer' },
      startIndex: { type: 'integer' },
      itemsPerPage: { type: 'integer' },
      Resources: { type: 'array', items: { type: 'object' } },
    },
  },
  ScimPatchOp: {
    type: 'object',
    required: ['schemas', 'Operations'],
    properties: {
      schemas: { type: 'array', items: { const: 'urn:ietf:params:scim:api:messages:2.0:PatchOp' } },
      Operations: multi({
        op: { type: 'string', enum: ['add', 'replace', 'remove'] },
        path: { type: 'string' },
        value: {},
      }),
    },
  },
  ScimError: {
    type: 'object',
    required: ['schemas', 'status'],
    properties: {
      schemas: { type: 'array', items: { const: 'urn:ietf:params:scim:api:messages:2.0:Error' } },
      status: { type: 'string' },
      scimType: { type: 'string' },
      detail: { type: 'string' },
    },
  },
};

export const scimSecurityScheme = {
  type: 'http',
  scheme: 'bearer',
  description: 'A SCIM token of the enterprise (Settings → Directory sync), coach_scim_<id>_<secret>',
};
