import { isApiKeyCall } from '@coach/shared/contract/api-keys';
import { isReadCall, TOKEN_HEADER } from '@coach/shared/contract/define-call';
import { ERROR_CODES } from '@coach/shared/contract/envelope';
import { allCalls } from '@coach/shared/contract/registry';
import { tasks } from '@coach/shared/contract/tasks';
import { uploads } from '@coach/shared/contract/uploads';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_REFERENCE_PATH, OPENAPI_PATH, openApiDocument } from './openapi.ts';
import { createTestApp } from './testing/test-app.ts';

type Operation = {
  operationId: string;
  security: Record<string, string[]>[];
  parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: {
    content: Record<string, { schema: { properties?: Record<string, Record<string, unknown>> } }>;
  };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: Record<string, unknown> }> }>;
  'x-permission': string | null;
  'x-feature'?: string;
  'x-admin-role-only'?: boolean;
  'x-api-key-access'?: 'read' | 'read-write';
};

const document = openApiDocument();
const operationOf = (method: string, path: string) =>
  (document.paths[path] as Record<string, Operation> | undefined)?.[method.toLowerCase()];

describe('the OpenAPI document of the contract', () => {
  it('is a valid OpenAPI 3.1 document whose references all resolve', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it('lists every contract call once, with its method, its token header and its access rules', () => {
    const ids = new Set<string>();
    for (const entry of allCalls) {
      const operation = operationOf(entry.method, entry.path);
      expect(operation, `${entry.method} ${entry.path}`).toBeDefined();
      if (!operation) continue;
      ids.add(operation.operationId);
      const scheme = { none: [], enterprise: [{ enterpriseToken: [] }], admin: [{ adminToken: [] }] }[
        entry.auth
      ];
      // The calls an API key may make also take the key, and say whether a read-only key may.
      expect(operation.security).toEqual(isApiKeyCall(entry) ? [...scheme, { apiKey: [] }] : scheme);
      expect(operation['x-api-key-access']).toBe(
        isApiKeyCall(entry) ? (isReadCall(entry) ? 'read' : 'read-write') : undefined,
      );
      expect(operation['x-permission']).toBe(entry.permission);
      expect(operation['x-feature']).toBe(entry.feature);
      expect(operation['x-admin-role-only']).toBe(entry.adminRoleOnly || undefined);
      expect(Object.keys(operation.responses)).toContain('200');
      expect(Object.keys(operation.responses)).toContain('422');
      if (entry.auth === 'none') expect(operation.responses['401']).toBeUndefined();
      else expect(operation.responses['401']?.$ref).toBe('#/components/responses/Error401');
    }
    expect(ids.size).toBe(allCalls.length);
    const operations = Object.entries(document.paths)
      .filter(([path]) => !path.startsWith('/scim/v2/') && !path.startsWith('/lti/'))
      .flatMap(([, methods]) => Object.keys(methods));
    expect(operations).toHaveLength(allCalls.length);
  });

  it('names the two token headers as API key schemes and the error envelope with every code', () => {
    expect(document.components.securitySchemes).toMatchObject({
      enterpriseToken: { type: 'apiKey', in: 'header', name: TOKEN_HEADER.enterprise },
      adminToken: { type: 'apiKey', in: 'header', name: TOKEN_HEADER.admin },
      apiKey: { type: 'http', scheme: 'bearer' },
    });
    expect(document.components.schemas.ErrorEnvelope.properties.code.enum).toEqual(
      Object.values(ERROR_CODES),
    );
    for (const status of ['401', '403', '404', '409', '422', '429', '500'])
      expect(document.components.responses).toHaveProperty(`Error${status}`);
  });

  it('introduces both ways in, API keys (Bearer) first, and which calls a key may make', () => {
    const intro = document.info.description;
    const keys = intro.indexOf('Authorization: Bearer coach_live_');
    const session = intro.indexOf(`\`${TOKEN_HEADER.enterprise}\``);
    expect(keys).toBeGreaterThan(-1);
    expect(session).toBeGreaterThan(keys);
    expect(intro).toContain(`\`${TOKEN_HEADER.admin}\``);
    expect(intro).toContain('x-api-key-access: read');
    expect(intro).toMatch(/`read-write` calls\s+to read-write keys only/);
    expect(intro).toMatch(/holds every permission of that role, Dashboard\s+included/);
    expect(document.components.securitySchemes.apiKey.description).toContain('Authorization: Bearer');
  });

  it('describes GET input as query parameters, as clients send it (before defaults)', () => {
    const operation = operationOf(tasks.getMyTasks.method, tasks.getMyTasks.path);
    expect(operation?.requestBody).toBeUndefined();
    const page = operation?.parameters?.find((parameter) => parameter.name === 'currentPage');
    expect(page).toMatchObject({ in: 'query', required: false, schema: { type: 'integer', default: 1 } });
    expect(operation?.parameters?.map((parameter) => parameter.name)).toContain('taskStatus');
  });

  it('wraps each response in the success envelope, and a multipart upload names its file as binary', () => {
    const upload = operationOf(uploads.readTypeUpload.method, uploads.readTypeUpload.path);
    expect(upload?.requestBody?.content['multipart/form-data']?.schema.properties?.file).toEqual({
      type: 'string',
      contentMediaType: 'application/octet-stream',
    });
    const success = operationOf(tasks.getMyTask.method, tasks.getMyTask.path)?.responses['200']?.content?.[
      'application/json'
    ]?.schema as { properties: Record<string, { properties?: Record<string, unknown> }> };
    expect(success.properties.success).toEqual({ const: 1 });
    expect(Object.keys(success.properties.response?.properties ?? {})).toEqual(
      expect.arrayContaining(['task', 'assignment', 'pronunciation']),
    );
  });
});

describe('the document and the reference page on the server', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('anyone reads the document, cacheable, as the contract generates it', async () => {
    const res = await t.app.request(OPENAPI_PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it('the reference page loads Redoc from this server only, under a policy with no other script source', async () => {
    const res = await t.app.request(API_REFERENCE_PATH);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`spec-url="${OPENAPI_PATH}"`);
    const sources = [...html.matchAll(/\ssrc="([^"]+)"/g)].map(([, src]) => src);
    expect(sources).toEqual([`${API_REFERENCE_PATH}/redoc.standalone.js`]);
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/script-src 'self'(;|$)/);
    // The page shows nothing from elsewhere, so Redoc's vendor logo is not fetched either.
    expect(policy).toContain("img-src 'self' data: blob:;");
    const script = await t.app.request(`${API_REFERENCE_PATH}/redoc.standalone.js`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(script.headers.get('content-encoding')).toBe('br');
    expect((await script.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  });

  it('documents the SCIM 2.0 endpoints with the SCIM token, SCIM bodies and error envelope', () => {
    const scim = Object.entries(document.paths).filter(([path]) => path.startsWith('/scim/v2/'));
    expect(scim.map(([path]) => path)).toEqual(
      expect.arrayContaining([
        '/scim/v2/Users',
        '/scim/v2/Users/{id}',
        '/scim/v2/Groups/{id}',
        '/scim/v2/ServiceProviderConfig',
      ]),
    );
    const operations = scim.flatMap(([, methods]) =>
      Object.entries(
        methods as Record<string, { security?: unknown; responses?: Record<string, unknown> }>,
      ).filter(([method]) => method !== 'parameters'),
    );
    // Three discovery GETs, and list, create, read, replace, patch and delete for Users and for Groups.
    expect(operations.length).toBe(15);
    for (const [, operation] of operations) {
      expect(operation.security).toEqual([{ scimToken: [] }]);
      expect(JSON.stringify(operation.responses?.['401'])).toContain('#/components/schemas/ScimError');
    }
    expect(document.components.securitySchemes.scimToken).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});
