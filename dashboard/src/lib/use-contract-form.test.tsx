import { adminContent } from '@coach/shared/contract/admin-content';
import { adminEnterprises } from '@coach/shared/contract/admin-enterprises';
import {
  adminVocabulary,
  VOCABULARY_CATEGORY_MAX,
  VOCABULARY_TEXT_MAX,
  VOCABULARY_WORD_MAX,
} from '@coach/shared/contract/admin-vocabulary';
import { apiKeys } from '@coach/shared/contract/api-keys';
import { adminAuth, enterpriseAuth } from '@coach/shared/contract/auth';
import { contentActions } from '@coach/shared/contract/content';
import type { CallDef } from '@coach/shared/contract/define-call';
import { optionalQuery, paged, queryInt, searchText } from '@coach/shared/contract/envelope';
import { enterpriseGeneral } from '@coach/shared/contract/general';
import { LEGAL_TEXT_MAX, legal } from '@coach/shared/contract/legal';
import {
  READING_TOPIC_TITLE_MAX,
  readingTopicSchema,
  readingTopics,
} from '@coach/shared/contract/reading-topics';
import { roles } from '@coach/shared/contract/roles';
import { act, renderHook } from '@testing-library/react';
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { createFakeServer, type FakeHandler, fail, fakeToken, ok } from '../testing/fake-server.ts';
import { TEST_ORIGIN, verifiedSession } from '../testing/render-app.tsx';
import { createAppApi, setApiClient } from './api.ts';
import { sessionAtoms } from './session.ts';
import { limitsOf, limitsOfField, maxLengthOf, useContractForm } from './use-contract-form.ts';

const serve = (routes: Record<string, FakeHandler>) => {
  const store = createStore();
  store.set(sessionAtoms.enterprise, verifiedSession(fakeToken(3600)));
  const server = createFakeServer(routes);
  setApiClient(createAppApi({ store, fetch: server.fetch, baseUrl: TEST_ORIGIN }));
  return server;
};

describe('limitsOf: field limits read from a call’s request schema', () => {
  it('gives each text field its length bounds and whether it must be filled', () => {
    const limits = limitsOf(enterpriseAuth.register);
    expect(limits.company_name).toEqual({ required: true, minLength: 1, maxLength: 200 });
    expect(limits.name).toEqual({ required: true, minLength: 1, maxLength: 100 });
    expect(limits.email?.maxLength).toBe(254);
    expect(limits.password).toEqual({ required: true, minLength: 10, maxLength: 200 });
  });

  it('reads through optional, nullable and union fields and the fields of an edit call', () => {
    const limits = limitsOf(readingTopics.edit);
    expect(limits.title?.maxLength).toBe(READING_TOPIC_TITLE_MAX);
    expect(limits.topicId).toEqual({ required: true, minLength: 1, maxLength: 64 });
    expect(limits.level).toEqual({ required: false });
    expect(limitsOf(readingTopics.list).searchQuery).toEqual({ required: false, maxLength: 100 });
    expect(limitsOf(readingTopics.list).currentPage).toEqual({ required: false, min: 1 });
  });

  it('gives number bounds and looks through a preprocess', () => {
    expect(limitsOfField(queryInt({ min: 1, max: 50 }))).toEqual({ required: true, min: 1, max: 50 });
    expect(limitsOfField(optionalQuery(queryInt({ min: 2, max: 9 })))).toEqual({
      required: false,
      min: 2,
      max: 9,
    });
    expect(limitsOfField(searchText(30))).toEqual({ required: false, maxLength: 30 });
  });

  it('gives the fields of an object nested under a path, through arrays', () => {
    const call = { request: paged(readingTopicSchema) } as unknown as CallDef;
    expect(limitsOf(call, 'listdata')._id).toEqual({ required: true, minLength: 1, maxLength: 64 });
    expect(limitsOf(call, 'listdata.0').wordCount).toEqual({ required: true, min: 0 });
    expect(limitsOf(call, 'nothing')).toEqual({});
  });

  it('maxLengthOf names one field', () => {
    expect(maxLengthOf(readingTopics.add, 'title')).toBe(READING_TOPIC_TITLE_MAX);
    expect(maxLengthOf(readingTopics.add, 'level')).toBeUndefined();
  });
});

describe('useContractForm', () => {
  const FIELDS = ['title', 'passage', 'level'] as const;
  const ADD = `POST ${readingTopics.add.path}`;

  it('binds the call: field() gives the error and the schema’s length bound', async () => {
    serve({});
    const { result } = renderHook(() => useContractForm(FIELDS, readingTopics.add));
    expect(result.current.field('title')).toEqual({ error: undefined, maxLength: READING_TOPIC_TITLE_MAX });
    expect(result.current.limits.passage?.required).toBe(true);
    await act(async () => {
      expect(await result.current.send(readingTopics.add, { title: '', passage: 'x' })).toBeNull();
    });
    expect(result.current.field('title').error).toBe('Please enter a title');
  });

  it('without a call it gives no limits, as before', () => {
    const { result } = renderHook(() => useContractForm(FIELDS));
    expect(result.current.field('title')).toEqual({ error: undefined, maxLength: undefined });
    expect(result.current.limits).toEqual({});
  });

  it('puts a server error naming a field under it and any other above the form', async () => {
    const server = serve({ [ADD]: () => fail(422, 'title: Taken already', { field: 'title' }) });
    const { result } = renderHook(() => useContractForm(FIELDS, readingTopics.add));
    await act(async () => {
      await result.current.send(readingTopics.add, { title: 'A', passage: 'B' });
    });
    expect(result.current.errors).toEqual({ title: 'Taken already' });
    expect(server.calls).toHaveLength(1);

    serve({ [ADD]: () => fail(409, 'Something else') });
    await act(async () => {
      await result.current.send(readingTopics.add, { title: 'A', passage: 'B' });
    });
    expect(result.current.errors).toEqual({ form: 'Something else' });
  });

  it('answers the response on success', async () => {
    const topic = { _id: 't1', title: 'A', passage: 'B', level: null, wordCount: 1, updatedAt: '2026-01-01' };
    serve({ [ADD]: () => ok(topic, 'Saved') });
    const { result } = renderHook(() => useContractForm(FIELDS, readingTopics.add));
    let answer: unknown;
    await act(async () => {
      answer = await result.current.send(readingTopics.add, { title: 'A', passage: 'B' });
    });
    expect(answer).toEqual(topic);
    expect(result.current.saving).toBe(false);
  });
});

describe('useContractForm send options', () => {
  const FIELDS = ['title', 'passage', 'confirm'] as const;
  const ADD = `POST ${readingTopics.add.path}`;

  it('shows the form’s own errors with the schema’s and sends nothing while there is one', async () => {
    const server = serve({});
    const { result } = renderHook(() => useContractForm(FIELDS, readingTopics.add));
    await act(async () => {
      await result.current.send(
        readingTopics.add,
        { title: '', passage: 'B' },
        { errors: { title: 'Mine', confirm: 'Not the same', passage: undefined } },
      );
    });
    expect(result.current.errors).toEqual({ title: 'Mine', confirm: 'Not the same' });
    await act(async () => {
      await result.current.send(
        readingTopics.add,
        { title: 'A', passage: 'B' },
        { errors: { confirm: 'No' } },
      );
    });
    expect(result.current.errors).toEqual({ confirm: 'No' });
    expect(server.calls).toHaveLength(0);
  });

  it('takes the form’s own failure sentence and hands the error over', async () => {
    serve({ [ADD]: () => fail(429, 'Slow down', { code: 'TOO_MANY_REQUESTS' }) });
    const { result } = renderHook(() => useContractForm(FIELDS, readingTopics.add));
    const seen: unknown[] = [];
    await act(async () => {
      await result.current.send(
        readingTopics.add,
        { title: 'A', passage: 'B' },
        { errorText: () => 'Wait a minute', onError: (error) => seen.push(error) },
      );
    });
    expect(result.current.errors).toEqual({ form: 'Wait a minute' });
    expect(seen).toHaveLength(1);
  });
});

describe('useContractForm with nested fields', () => {
  const ADD_ROLE = `POST ${roles.add.path}`;

  it('places a schema error at the deepest listed field its path starts at, and says so above the form', async () => {
    serve({});
    const fields = ['name', 'permissions', 'permissions.1'];
    const { result } = renderHook(() => useContractForm(fields, roles.add));
    await act(async () => {
      await result.current.send(
        roles.add,
        { name: 'Coaches', permissions: ['members', 42] },
        { invalidText: 'Check the fields marked' },
      );
    });
    expect(Object.keys(result.current.errors).sort()).toEqual(['form', 'permissions.1']);
    expect(result.current.errors.form).toBe('Check the fields marked');
  });

  it('places a server error of a nested path at its listed field, else at the top-level one', async () => {
    serve({
      [ADD_ROLE]: () => fail(422, 'permissions.1: Not a permission', { field: 'permissions.1' }),
    });
    const nested = renderHook(() => useContractForm(['name', 'permissions', 'permissions.1'], roles.add));
    await act(async () => {
      await nested.result.current.send(roles.add, { name: 'Coaches', permissions: ['members'] });
    });
    expect(nested.result.current.errors).toEqual({ 'permissions.1': 'Not a permission' });
    const flat = renderHook(() => useContractForm(['name', 'permissions'], roles.add));
    await act(async () => {
      await flat.result.current.send(roles.add, { name: 'Coaches', permissions: ['members'] });
    });
    expect(flat.result.current.errors).toEqual({ permissions: 'Not a permission' });
  });
});

describe('the limits the converted forms take from their calls are the ones they wrote out before', () => {
  it.each([
    [adminEnterprises.add, { company_name: 200, name: 100, email: 254 }],
    [enterpriseGeneral.updateCompanyInfo, { company_name: 200, address: 500 }],
    [enterpriseGeneral.helpEmail, { subject: 200, message: 5000 }],
    [
      contentActions.submitContentReview,
      { learnedFromVideo: 5000, goodOutcome: 5000, stepsForAchievement: 5000 },
    ],
    [apiKeys.create, { name: 60 }],
    [adminContent.add, { title: 200, description: 2000 }],
    [adminContent.edit, { title: 200, description: 2000 }],
    [enterpriseAuth.changePassword, { newPassword: 200 }],
    [
      adminVocabulary.add,
      { word: VOCABULARY_WORD_MAX, meaning: VOCABULARY_TEXT_MAX, category: VOCABULARY_CATEGORY_MAX },
    ],
    [adminVocabulary.edit, { word: VOCABULARY_WORD_MAX, example: VOCABULARY_TEXT_MAX }],
    [legal.adminUpdateText, { body: LEGAL_TEXT_MAX }],
    [legal.enterpriseUpdateText, { body: LEGAL_TEXT_MAX }],
  ] as [CallDef, Record<string, number>][])('%#', (call, expected) => {
    const limits = limitsOf(call, '');
    for (const [field, max] of Object.entries(expected))
      expect([field, limits[field]?.maxLength]).toEqual([field, max]);
  });

  it('the new password is at least 10 characters', () => {
    expect(limitsOf(adminAuth.changePassword).newPassword?.minLength).toBe(10);
  });
});

describe('useContractForm on success and with any field name', () => {
  const ADD = `POST ${readingTopics.add.path}`;
  const topic = { _id: 't1', title: 'A', passage: 'B', level: null, wordCount: 1, updatedAt: '2026-01-01' };

  it('hands onSuccess the answer and the server’s message, after the toast or with none', async () => {
    serve({ [ADD]: () => ok(topic, 'Topic added') });
    const { result } = renderHook(() => useContractForm(['title'] as const, readingTopics.add));
    const seen: [unknown, string][] = [];
    await act(async () => {
      await result.current.send(
        readingTopics.add,
        { title: 'A', passage: 'B' },
        { toast: false, onSuccess: (response, message) => seen.push([response, message]) },
      );
    });
    expect(seen).toEqual([[topic, 'Topic added']]);
  });

  it('does not call onSuccess when the check or the call fails', async () => {
    serve({ [ADD]: () => fail(409, 'No') });
    const { result } = renderHook(() => useContractForm(['title'] as const, readingTopics.add));
    const seen: unknown[] = [];
    await act(async () => {
      await result.current.send(
        readingTopics.add,
        { title: '', passage: 'B' },
        { onSuccess: (r) => seen.push(r) },
      );
      await result.current.send(
        readingTopics.add,
        { title: 'A', passage: 'B' },
        { onSuccess: (r) => seen.push(r) },
      );
    });
    expect(seen).toEqual([]);
    expect(result.current.errors).toEqual({ form: 'No' });
  });

  it('takes the field’s own name off its message, whatever characters the name holds', async () => {
    serve({ [ADD]: () => fail(422, 'answers.q-1: Choose one', { field: 'answers.q-1' }) });
    const { result } = renderHook(() => useContractForm(['answers.q-1'] as const, readingTopics.add));
    await act(async () => {
      await result.current.send(readingTopics.add, { title: 'A', passage: 'B' });
    });
    expect(result.current.errors).toEqual({ 'answers.q-1': 'Choose one' });
  });
});
