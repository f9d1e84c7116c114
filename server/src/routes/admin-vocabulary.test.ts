import { switchFeature } from '@coach/shared/constants/features';
import { adminEnterprises } from '@coach/shared/contract/admin-enterprises';
import { adminVocabulary, vocabularyPractice } from '@coach/shared/contract/admin-vocabulary';
import type { FeatureFlags } from '@coach/shared/contract/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_VOCABULARY } from '../seed/seed-vocabulary.ts';
import { createTestApp } from '../testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let owner: string;
const ip = '10.9.7.1';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.fullLogin('admin@coach.example', 'admin', ip);
  owner = await t.fullLogin('owner@acme.example', 'enterprise', ip);
});
afterAll(async () => {
  await t?.close();
});

type WordJson = {
  _id: string;
  word: string;
  meaning: string;
  example: string;
  level: number;
  category: string;
};
type PageJson = { currentPage: number; totalPages: number; totalCount: number; listdata: WordJson[] };

const call = (path: string, body: unknown = {}) => t.request('POST', path, { adminToken: admin, ip, body });
const list = async (body: { searchInput?: string; category?: string; currentPage?: number } = {}) =>
  (await call(adminVocabulary.list.path, body)).json.response as PageJson;
const csv = (text: string) => {
  const form = new FormData();
  form.set('file', new Blob([text], { type: 'text/csv' }), 'words.csv');
  return form;
};
const importCsv = (text: string) =>
  t.request('POST', adminVocabulary.importCsv.path, { adminToken: admin, ip, form: csv(text) });
const word = {
  word: 'onboarding',
  meaning: 'Helping a new employee settle into the job.',
  example: 'Her onboarding took two weeks.',
  level: 2,
  category: 'Teamwork',
};

describe('admin vocabulary', () => {
  it('an enterprise token gets 401 on every admin vocabulary call', async () => {
    for (const entry of Object.values(adminVocabulary)) {
      const res = await t.request('POST', entry.path, { token: owner, ip, body: {} });
      expect(res.status, entry.path).toBe(401);
    }
  });

  it('a platform admin lists the seeded words by word, 25 a page, with search and category filter', async () => {
    const first = await list();
    expect(first).toMatchObject({ currentPage: 1, totalCount: SEED_VOCABULARY.length, totalPages: 2 });
    expect(first.listdata).toHaveLength(25);
    const words = first.listdata.map((w) => w.word);
    expect(words).toEqual([...words].sort((a, b) => a.localeCompare(b)));
    const second = await list({ currentPage: 2 });
    expect(second.listdata).toHaveLength(SEED_VOCABULARY.length - 25);

    const search = await list({ searchInput: 'ESCAL' });
    expect(search.listdata.map((w) => w.word)).toEqual(['escalate']);
    const meetings = await list({ category: 'Meetings' });
    expect(meetings.totalCount).toBe(SEED_VOCABULARY.filter((w) => w.category === 'Meetings').length);
    expect(meetings.listdata.every((w) => w.category === 'Meetings')).toBe(true);

    const categories = await call(adminVocabulary.categories.path);
    expect(categories.json.response).toEqual(['Customer service', 'Meetings', 'Presentations', 'Teamwork']);
  });

  it('a platform admin adds, edits and deletes a word', async () => {
    const added = await call(adminVocabulary.add.path, { ...word, word: '  onboarding ' });
    expect(added.status).toBe(200);
    expect(added.json.message).toBe('Word added');
    const created = added.json.response as WordJson;
    expect(created).toMatchObject(word);

    const duplicate = await call(adminVocabulary.add.path, { ...word, word: 'Onboarding' });
    expect(duplicate.status).toBe(422);
    expect(duplicate.json.field).toBe('word');

    const edited = await call(adminVocabulary.edit.path, { wordId: created._id, ...word, level: 3 });
    expect(edited.status).toBe(200);
    expect(edited.json.response).toMatchObject({ _id: created._id, level: 3 });

    const removed = await call(adminVocabulary.remove.path, { wordId: created._id });
    expect(removed.status).toBe(200);
    expect((await list({ searchInput: 'onboarding' })).totalCount).toBe(0);
  });

  it('a category typed in another case is the one listed: the filter never lists it twice', async () => {
    const added = await call(adminVocabulary.add.path, { ...word, word: 'huddle', category: 'meetings ' });
    expect(added.json.response).toMatchObject({ word: 'huddle', category: 'Meetings' });
    const imported = await importCsv(
      [
        'word,meaning,example,level,category',
        'retrospective,A meeting that looks back on work done.,The retrospective is on Friday.,1,MEETINGS',
      ].join('\n'),
    );
    expect(imported.json.response).toEqual({ imported: 1, errors: [] });
    expect((await list({ searchInput: 'retrospective' })).listdata[0]).toMatchObject({
      category: 'Meetings',
    });
    const categories = (await call(adminVocabulary.categories.path)).json.response as string[];
    expect(categories.filter((c) => c.toLowerCase() === 'meetings')).toEqual(['Meetings']);
    for (const w of ['huddle', 'retrospective']) {
      const { listdata } = await list({ searchInput: w });
      await call(adminVocabulary.remove.path, { wordId: listdata[0]?._id });
    }
  });

  it('names the bad field (422) and answers 404 for unknown ids', async () => {
    const missing = await call(adminVocabulary.add.path, { ...word, meaning: ' ' });
    expect(missing.status).toBe(422);
    expect(missing.json.field).toBe('meaning');
    const level = await call(adminVocabulary.add.path, { ...word, level: 5 });
    expect(level.status).toBe(422);
    expect(level.json.field).toBe('level');
    const edit = await call(adminVocabulary.edit.path, { wordId: 'nope', ...word });
    expect(edit.status).toBe(404);
    const remove = await call(adminVocabulary.remove.path, { wordId: 'nope' });
    expect(remove.status).toBe(404);
  });

  it('a platform admin imports nothing from a file with a bad row, naming each row and field', async () => {
    const before = (await list()).totalCount;
    const res = await importCsv(
      [
        'word,meaning,example,level,category',
        'benchmark,A standard to compare against.,We benchmark our prices monthly.,3,Teamwork',
        'kickoff,The first meeting of a project.,The kickoff is at nine.,7,Meetings',
        'agenda,A list of topics.,Send the agenda.,1,Meetings',
        ',No word here.,An example.,1,Meetings',
      ].join('\n'),
    );
    expect(res.status).toBe(200);
    expect(res.json.response.imported).toBe(0);
    expect(res.json.response.errors).toEqual([
      { row: 3, field: 'level', message: 'Level must be 1 to 4' },
      { row: 4, field: 'word', message: 'This word is already in the list' },
      { row: 5, field: 'word', message: 'Please enter the word' },
    ]);
    expect((await list()).totalCount).toBe(before);
    expect((await list({ searchInput: 'benchmark' })).totalCount).toBe(0);
  });

  it('a platform admin imports every row of a good file', async () => {
    const res = await importCsv(
      [
        'word,meaning,example,level,category',
        'benchmark,A standard to compare against.,We benchmark our prices monthly.,3,Teamwork',
        '"kickoff","The first meeting of a project, with everyone.",The kickoff is at nine.,1,Meetings',
      ].join('\n'),
    );
    expect(res.status).toBe(200);
    expect(res.json.response).toEqual({ imported: 2, errors: [] });
    expect(res.json.message).toBe('2 words imported');
    const found = await list({ searchInput: 'kickoff' });
    expect(found.listdata[0]).toMatchObject({ meaning: 'The first meeting of a project, with everyone.' });
  });

  it('a word twice in one file is a row error and nothing is imported', async () => {
    const res = await importCsv(
      [
        'word,meaning,example,level,category',
        'roadmap,A plan of future steps.,The roadmap covers two years.,2,Teamwork',
        'Roadmap,A plan.,See the roadmap.,2,Teamwork',
      ].join('\n'),
    );
    expect(res.json.response).toEqual({
      imported: 0,
      errors: [{ row: 3, field: 'word', message: 'This word appears twice in the file' }],
    });
    expect((await list({ searchInput: 'roadmap' })).totalCount).toBe(0);
  });

  it('a file without the columns is refused (422 on file)', async () => {
    const res = await importCsv('word,meaning\nx,y');
    expect(res.status).toBe(422);
    expect(res.json.field).toBe('file');
  });
});

describe('vocabulary practice (the learner side)', () => {
  const practice = (token: string, body: object = {}) =>
    t.request('POST', vocabularyPractice.practiceWords.path, { token, ip, body });
  const setVocabulary = async (on: boolean) => {
    const me = await t.request('GET', '/api/v1/enterprise/general/auth/me', { token: learner, ip });
    const enterpriseId = (me.json.response as { enterpriseId: { _id: string } }).enterpriseId._id;
    const detail = await t.request('GET', `${adminEnterprises.detail.path}?enterpriseId=${enterpriseId}`, {
      ip,
      adminToken: admin,
    });
    const features = (detail.json.response as { features: Record<string, boolean> }).features;
    const res = await call(adminEnterprises.updateFeatures.path, {
      enterpriseId,
      // Off takes the whole communication-ready family with it (a child cannot stay on without its parent).
      features: on
        ? { ...features, enableCommunicationReadyFeature: true, enableVocabularyFeature: true }
        : switchFeature(features as FeatureFlags, 'enableCommunicationReadyFeature', false),
    });
    expect(res.status).toBe(200);
  };
  let learner: string;
  beforeAll(async () => {
    learner = await t.fullLogin('learner@acme.example', 'enterprise', ip);
  });

  it('is closed (403) while the enterprise has the vocabulary feature off', async () => {
    await setVocabulary(false);
    const res = await practice(learner);
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('FEATURE_DISABLED');
  });

  it('gives a learner random words of the list, by level and category, at most the count asked', async () => {
    await setVocabulary(true);
    const res = await practice(learner, { count: 5 });
    expect(res.status).toBe(200);
    const words = res.json.response as WordJson[];
    expect(words).toHaveLength(5);
    expect(new Set(words.map((w) => w.word)).size).toBe(5);
    // Every word drawn is one of the platform list (earlier tests here add words to it too).
    for (const w of words)
      expect((await list({ searchInput: w.word })).listdata.map((x) => x._id)).toContain(w._id);

    const category = SEED_VOCABULARY[0]?.category ?? '';
    const level = SEED_VOCABULARY[0]?.level ?? 1;
    const filtered = (await practice(learner, { category: category.toUpperCase(), level, count: 50 })).json
      .response as WordJson[];
    expect(filtered.length).toBeGreaterThan(0);
    for (const w of filtered) expect(w).toMatchObject({ category, level });
  });

  it('names the field of a bad count, and admin tokens are refused', async () => {
    const res = await practice(learner, { count: 500 });
    expect(res.status).toBe(422);
    expect(res.json.field).toBe('count');
    const asAdmin = await t.request('POST', vocabularyPractice.practiceWords.path, {
      adminToken: admin,
      ip,
      body: {},
    });
    expect(asAdmin.status).toBe(401);
  });
});
