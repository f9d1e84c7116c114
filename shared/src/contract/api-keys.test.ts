import { describe, expect, it } from 'vitest';
import { apiKeyMayCall, apiKeys, isApiKeyCall } from './api-keys.ts';
import { isReadCall } from './define-call.ts';
import { allCalls } from './registry.ts';

const key = ({ method, path }: { method: string; path: string }) => `${method} ${path}`;
/** The last path segment: the call's verb-noun name. */
const nameOf = (path: string) => path.split('/').pop() ?? '';
const READ_NAME = /^(get|list|search|export)-/;

describe('API keys: which calls read', () => {
  const keyCalls = allCalls.filter(isApiKeyCall);

  it('classifies every call a key may reach: GET and get-/list-/search-/export- names read, the rest write', () => {
    const misread = keyCalls.filter(
      (entry) => isReadCall(entry) !== (entry.method === 'GET' || READ_NAME.test(nameOf(entry.path))),
    );
    expect(misread.map(key)).toEqual([]);
    // Both kinds exist, so a read-only key is useful and the check above is not vacuous.
    expect(keyCalls.filter(isReadCall).length).toBeGreaterThan(20);
    expect(keyCalls.filter((entry) => !isReadCall(entry)).length).toBeGreaterThan(20);
  });

  it('marks only POST calls as reads (a GET reads by its method)', () => {
    const marked = allCalls.filter((entry) => entry.reads);
    expect(marked.length).toBeGreaterThan(0);
    expect(marked.filter((entry) => entry.method !== 'POST').map(key)).toEqual([]);
  });

  it('keeps keys away from the key calls, Settings, login-only calls and the sign-in steps', () => {
    for (const entry of Object.values(apiKeys)) expect(isApiKeyCall(entry)).toBe(false);
    const bad = keyCalls.filter(
      (entry) =>
        entry.auth !== 'enterprise' ||
        entry.permission === null ||
        entry.adminRoleOnly ||
        entry.beforeSecondFactor,
    );
    expect(bad.map(key)).toEqual([]);
  });

  it('lets a read-only key read, not write, and only within its keys', () => {
    const byKey = (k: string) => allCalls.find((entry) => key(entry) === k);
    const getMembers = byKey('GET /api/v1/enterprise/members/get-members');
    const invite = byKey('POST /api/v1/enterprise/members/invite-member');
    const getGroups = byKey('GET /api/v1/enterprise/groups/get-groups');
    const searchTask = byKey('POST /api/v1/enterprise/tasks/search-task');
    if (!getMembers || !invite || !getGroups || !searchTask) throw new Error('a call is missing');
    const readMembers = { permissions: ['members'], access: 'read' as const };
    expect(apiKeyMayCall(getMembers, readMembers)).toBe(true);
    expect(apiKeyMayCall(invite, readMembers)).toBe(false);
    expect(apiKeyMayCall(getGroups, readMembers)).toBe(false);
    expect(apiKeyMayCall(invite, { permissions: ['members'], access: 'read-write' })).toBe(true);
    expect(apiKeyMayCall(searchTask, { permissions: ['task-library'], access: 'read' })).toBe(true);
  });
});
