import { DEFAULT_PRONUNCIATION_SETTINGS } from '@coach/shared/contract/pronunciation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app.ts';
import { pronunciationSettingsForUser } from './pronunciation.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const userNamed = (email: string) =>
  t.deps.db
    .selectFrom('users')
    .select(['id', 'enterprise_id'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();

const groupNamed = (name: string) =>
  t.deps.db
    .selectFrom('groups')
    .select(['id', 'enterprise_id'])
    .where('name', '=', name)
    .executeTakeFirstOrThrow();

const save = async (
  groupName: string,
  settings: { accent: string; passing_score: number; strictness: string },
  updatedAt = new Date().toISOString(),
) => {
  const group = await groupNamed(groupName);
  const values = { ...settings, updated_at: updatedAt };
  await t.deps.db
    .insertInto('pronunciation_settings')
    .values({ group_id: group.id, enterprise_id: group.enterprise_id, ...values })
    .onConflict((oc) => oc.column('group_id').doUpdateSet(values))
    .execute();
};

describe('pronunciationSettingsForUser', () => {
  it('gives a member of no configured group the defaults', async () => {
    const owner = await userNamed('owner@acme.example');
    expect(await pronunciationSettingsForUser(t.deps.db, owner.enterprise_id, owner.id)).toEqual(
      DEFAULT_PRONUNCIATION_SETTINGS,
    );
  });

  it("uses the only configured group's settings (the seeded Sales Onboarding for the demo learner)", async () => {
    const learner = await userNamed('learner@acme.example');
    expect(await pronunciationSettingsForUser(t.deps.db, learner.enterprise_id, learner.id)).toEqual({
      accent: 'en-AU',
      passingScore: 75,
      strictness: 'standard',
      attemptCounts: 'best',
    });
  });

  it('picks the highest passing score over the groups, then the stricter judging, then the latest saved', async () => {
    const learner = await userNamed('learner@acme.example');
    const forLearner = () => pronunciationSettingsForUser(t.deps.db, learner.enterprise_id, learner.id);
    // The learner is in Sales Onboarding (75), Melbourne Office and Interview Prep Cohort.
    await save('Melbourne Office', { accent: 'en-GB', passing_score: 82, strictness: 'lenient' });
    expect(await forLearner()).toEqual({
      accent: 'en-GB',
      passingScore: 82,
      strictness: 'lenient',
      attemptCounts: 'best',
    });
    await save('Interview Prep Cohort', { accent: 'en-IN', passing_score: 82, strictness: 'strict' });
    expect(await forLearner()).toEqual({
      accent: 'en-IN',
      passingScore: 82,
      strictness: 'strict',
      attemptCounts: 'best',
    });
    // Same score and strictness: the latest saved wins.
    await save(
      'Melbourne Office',
      { accent: 'en-US', passing_score: 82, strictness: 'strict' },
      '2000-01-01T00:00:00.000Z',
    );
    expect((await forLearner()).accent).toBe('en-IN');
    await save(
      'Melbourne Office',
      { accent: 'en-US', passing_score: 82, strictness: 'strict' },
      '2999-01-01T00:00:00.000Z',
    );
    expect((await forLearner()).accent).toBe('en-US');
    // A group the learner is not in does not count, however strict.
    await save('Finance Team', { accent: 'en-GB', passing_score: 99, strictness: 'strict' });
    expect((await forLearner()).passingScore).toBe(82);
  });

  it("never reads another enterprise's settings", async () => {
    const learner = await userNamed('learner@acme.example');
    const globexOwner = await userNamed('owner@globex.example');
    expect(await pronunciationSettingsForUser(t.deps.db, globexOwner.enterprise_id, learner.id)).toEqual(
      DEFAULT_PRONUNCIATION_SETTINGS,
    );
  });
});
