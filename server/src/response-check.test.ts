import { defineCall } from '@coach/shared/contract/define-call';
import { empty } from '@coach/shared/contract/envelope';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { type Handler, serve } from './adapter.ts';
import { checkResponse } from './response-check.ts';
import { createTestApp } from './testing/test-app.ts';

const shape = z.object({
  name: z.string(),
  count: z.number().int(),
  items: z.array(z.object({ at: z.string() })),
  note: z.string().nullable().optional(),
});

const call = (name: string) =>
  defineCall({
    method: 'POST',
    path: `/api/v1/public/test/${name}`,
    auth: 'none',
    permission: null,
    request: empty(),
    response: shape,
  });

const exact = call('exact');
const wrongType = call('wrong-type');
const extraField = call('extra-field');

/** Handlers that break their contract on purpose: the type system is told otherwise, as a slip would be. */
const broken = <C extends typeof exact>(value: unknown): Handler<C> =>
  (async () => value) as unknown as Handler<C>;

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({
    extraCalls: [
      // A Date goes out as an ISO string, which is what the schema and the client read.
      serve(exact, async () => ({ name: 'a', count: 1, items: [{ at: new Date(0) as unknown as string }] })),
      serve(wrongType, broken({ name: 'a', count: '1', items: [] })),
      serve(extraField, broken({ name: 'a', count: 1, items: [{ at: 'x', secret: 'hash' }], extra: true })),
    ],
  });
});
afterAll(async () => {
  await t?.close();
});

describe('responses checked against the contract in tests', () => {
  it('a response that matches its schema goes out as the handler built it', async () => {
    const res = await t.request('POST', exact.path);
    expect(res.status).toBe(200);
    expect(res.json.response).toEqual({ name: 'a', count: 1, items: [{ at: '1970-01-01T00:00:00.000Z' }] });
  });

  it('a field of the wrong type is a loud 500 naming the call and the field', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await t.request('POST', wrongType.path);
    expect(res.status).toBe(500);
    expect(res.json.code).toBe('INTERNAL_ERROR');
    expect(res.json.message).toContain(
      `POST ${wrongType.path} answered a response its contract schema refuses`,
    );
    const message = String(logged.mock.calls[0]?.[3]);
    expect(message).toContain(`POST ${wrongType.path}`);
    expect(message).toContain('count');
    logged.mockRestore();
  });

  it('a field the schema does not name is a 500 too, with its path', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await t.request('POST', extraField.path);
    expect(res.status).toBe(500);
    const message = String(logged.mock.calls[0]?.[3]);
    expect(message).toContain('items.0.secret');
    expect(message).toContain('extra');
    logged.mockRestore();
  });

  it('with the switch off (production) nothing is checked', async () => {
    t.deps.config.validateResponses = false;
    try {
      const res = await t.request('POST', wrongType.path);
      expect(res.status).toBe(200);
      expect(res.json.response.count).toBe('1');
    } finally {
      t.deps.config.validateResponses = true;
    }
  });
});

describe('checkResponse', () => {
  it('reads the response as JSON, so undefined fields are absent and nullable ones may be null', () => {
    expect(() =>
      checkResponse(exact, { name: 'a', count: 2, items: [], note: undefined, other: undefined }),
    ).not.toThrow();
    expect(() => checkResponse(exact, { name: 'a', count: 2, items: [], note: null })).not.toThrow();
  });

  it('names every missing field', () => {
    expect(() => checkResponse(exact, { name: 'a' })).toThrow(/count[\s\S]*items/);
  });
});
