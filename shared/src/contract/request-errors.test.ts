import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCall } from './define-call.ts';
import { text } from './envelope.ts';
import { parseRequest, REQUEST_TYPE_MESSAGES } from './request-errors.ts';

const call = defineCall({
  method: 'POST',
  path: '/api/v1/enterprise/test/request-errors',
  auth: 'enterprise',
  permission: null,
  request: z.strictObject({
    email: z.string(),
    limit: z.coerce.number().int(),
    taskIds: z.array(z.string()),
    active: z.boolean().optional(),
    settings: z.object({ on: z.boolean() }).optional(),
    groupName: text({ error: 'Please enter a group name' }).min(1, 'Please enter a group name'),
    role: z.enum(['a', 'b']).optional(),
  }),
  response: z.object({}),
});

const messagesOf = (input: unknown) => {
  const parsed = parseRequest(call, input);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the words of a missing or wrong-typed request field', () => {
  it('says a field is required, or which type it must be', () => {
    expect(messagesOf({ limit: 'ten', taskIds: ['t1', 2], groupName: 'G' })).toEqual({
      email: 'This field is required',
      limit: 'Must be a number',
      'taskIds.1': 'Must be text',
    });
    expect(
      messagesOf({ email: 7, limit: 1, taskIds: 'x', active: 'yes', settings: [], groupName: 'G' }),
    ).toEqual({
      email: 'Must be text',
      taskIds: 'Must be a list',
      active: 'Must be true or false',
      settings: 'Must be a group of fields',
    });
  });

  it("leaves a schema's own message and every other issue to the schema and zod", () => {
    expect(messagesOf({ email: 'a', limit: 1, taskIds: [] })).toEqual({
      groupName: 'Please enter a group name',
    });
    expect(messagesOf({ email: 'a', limit: 1, taskIds: [], groupName: '' })).toEqual({
      groupName: 'Please enter a group name',
    });
    const role = messagesOf({ email: 'a', limit: 1, taskIds: [], groupName: 'G', role: 'c' }).role;
    expect(role).toBeDefined();
    expect(Object.values(REQUEST_TYPE_MESSAGES)).not.toContain(role);
  });

  it('says a limit a schema gives no words for in words the dashboard translates, with the figure', () => {
    const limits = defineCall({
      ...call,
      path: '/api/v1/enterprise/test/request-limits',
      request: z.strictObject({
        email: z.string().email().max(254),
        name: z.string().trim().min(1).max(100),
        about: z.string().min(20).max(20_000).optional(),
        ids: z.array(z.string()).min(2).max(50).optional(),
        seats: z.number().int().min(1).max(1000).optional(),
      }),
    });
    const limitsOf = (input: unknown) => {
      const parsed = parseRequest(limits, input);
      return parsed.success
        ? {}
        : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
    };
    expect(
      limitsOf({
        email: `${'a'.repeat(250)}@acme.example`,
        name: 'n'.repeat(101),
        about: 'a'.repeat(20_001),
        ids: ['a'],
        seats: 1001,
      }),
    ).toEqual({
      email: 'At most 254 characters',
      name: 'At most 100 characters',
      about: 'At most 20,000 characters',
      ids: 'At least 2 items',
      seats: 'Must be at most 1,000',
    });
    expect(limitsOf({ email: 'not-an-email', name: '   ', about: 'short', seats: 0 })).toEqual({
      email: 'Please enter a valid email',
      name: 'This field is required',
      about: 'At least 20 characters',
      seats: 'Must be at least 1',
    });
    const everyMessage = JSON.stringify(limitsOf({ email: 'x', name: '' }));
    expect(everyMessage).not.toMatch(/Too (big|small)|expected/);
  });

  it('parses a good request to its output', () => {
    const parsed = parseRequest(call, { email: 'a', limit: '3', taskIds: [], groupName: 'G' });
    expect(parsed.success && parsed.data.limit).toBe(3);
  });
});
