import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import {
  ATTEMPT_COUNTS,
  type AttemptCounts,
  DEFAULT_PRONUNCIATION_SETTINGS,
  type GroupPronunciation,
  PRONUNCIATION_ACCENTS,
  PRONUNCIATION_PAGE_SIZE,
  PRONUNCIATION_STRICTNESS,
  type PronunciationAccent,
  type PronunciationSettings,
  type PronunciationStrictness,
  type pronunciationConfig,
} from '@coach/shared/contract/pronunciation';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { notFound } from '../../errors.ts';
import { enterpriseSession } from '../../session/session.ts';
import { nowIso } from '../common/clock.ts';
import { hasJoined, invitePending } from '../common/joined.ts';
import { containsPattern, pageOf } from '../common/lists.ts';
import type { ServiceContext } from '../context.ts';

type SavedRow = {
  accent: string | null;
  passing_score: number | null;
  strictness: string | null;
  attempt_counts: string | null;
};

const isAccent = (value: string | null): value is PronunciationAccent =>
  (PRONUNCIATION_ACCENTS as readonly (string | null)[]).includes(value);
const isStrictness = (value: string | null): value is PronunciationStrictness =>
  (PRONUNCIATION_STRICTNESS as readonly (string | null)[]).includes(value);
const isAttemptCounts = (value: string | null): value is AttemptCounts =>
  (ATTEMPT_COUNTS as readonly (string | null)[]).includes(value);

/** A saved row as settings; a missing row (or a value this version does not know) falls back to the defaults. */
const toSettings = (row: SavedRow): PronunciationSettings => ({
  accent: isAccent(row.accent) ? row.accent : DEFAULT_PRONUNCIATION_SETTINGS.accent,
  passingScore: row.passing_score ?? DEFAULT_PRONUNCIATION_SETTINGS.passingScore,
  strictness: isStrictness(row.strictness) ? row.strictness : DEFAULT_PRONUNCIATION_SETTINGS.strictness,
  attemptCounts: isAttemptCounts(row.attempt_counts)
    ? row.attempt_counts
    : DEFAULT_PRONUNCIATION_SETTINGS.attemptCounts,
});

/** The enterprise's groups, each with its member counts and saved settings (null columns when unsaved). */
const groupsWithSettings = (db: Db, enterpriseId: string) =>
  db
    .selectFrom('groups')
    .leftJoin('pronunciation_settings', (join) =>
      join
        .onRef('pronunciation_settings.group_id', '=', 'groups.id')
        .on('pronunciation_settings.enterprise_id', '=', enterpriseId),
    )
    .where('groups.enterprise_id', '=', enterpriseId)
    .select([
      'groups.id',
      'groups.name',
      'pronunciation_settings.accent',
      'pronunciation_settings.passing_score',
      'pronunciation_settings.strictness',
      'pronunciation_settings.attempt_counts',
    ])
    // Invited is not joined (common/joined.ts): the group's members who joined, and its invitees apart.
    .select((eb) => {
      const members = () =>
        eb
          .selectFrom('group_members')
          .innerJoin('users', 'users.id', 'group_members.user_id')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('group_members.group_id', '=', 'groups.id')
          .where('users.enterprise_id', '=', enterpriseId);
      return [
        members().where(hasJoined()).as('member_count'),
        members().where(invitePending()).as('invited_count'),
      ];
    });

type Count = number | string | bigint | null;
type GroupRow = SavedRow & { id: string; name: string; member_count: Count; invited_count: Count };

const toGroupPronunciation = (row: GroupRow): GroupPronunciation => ({
  groupId: row.id,
  groupName: row.name,
  memberCount: Number(row.member_count ?? 0),
  invitedCount: Number(row.invited_count ?? 0),
  ...toSettings(row),
  isDefault: row.accent === null,
});

export const listPronunciationSettings = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof pronunciationConfig.list>,
) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const { currentPage } = input;
  let counted = ctx.db.selectFrom('groups').where('enterprise_id', '=', enterpriseId);
  let query = groupsWithSettings(ctx.db, enterpriseId);
  if (input.searchQuery) {
    const matches = sql<boolean>`lower(groups.name) like ${containsPattern(input.searchQuery)} escape '\\'`;
    counted = counted.where(matches);
    query = query.where(matches);
  }
  const total = Number((await counted.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
  const rows = await query
    .orderBy(sql`lower(groups.name)`)
    .orderBy('groups.id')
    .limit(PRONUNCIATION_PAGE_SIZE)
    .offset((currentPage - 1) * PRONUNCIATION_PAGE_SIZE)
    .execute();
  return pageOf(rows.map(toGroupPronunciation), { currentPage, pageSize: PRONUNCIATION_PAGE_SIZE, total });
};

/** Saves a group's settings (the first save turns its defaults into a row of its own). */
export const updatePronunciationSettings = async (
  ctx: ServiceContext,
  input: Omit<PronunciationSettings, 'attemptCounts'> & {
    groupId: string;
    attemptCounts?: AttemptCounts | undefined;
  },
): Promise<GroupPronunciation> => {
  const { enterpriseId } = enterpriseSession(ctx);
  // Another enterprise's group is indistinguishable from a missing one (404). Not groups.ts's helper:
  // groups.ts imports the task services, which import this module, so that would close an import cycle.
  const group = await ctx.db
    .selectFrom('groups')
    .select('id')
    .where('id', '=', input.groupId)
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirst();
  if (!group) throw notFound('Group not found');
  const values = {
    accent: input.accent,
    passing_score: input.passingScore,
    strictness: input.strictness,
    // Left out, the group keeps its rule (a new row starts at 'best').
    ...(input.attemptCounts ? { attempt_counts: input.attemptCounts } : {}),
    updated_at: nowIso(),
  };
  await ctx.db
    .insertInto('pronunciation_settings')
    .values({ group_id: input.groupId, enterprise_id: enterpriseId, ...values })
    .onConflict((oc) => oc.column('group_id').doUpdateSet(values))
    .execute();
  ctx.setMessage('Pronunciation settings updated');
  const row = await groupsWithSettings(ctx.db, enterpriseId)
    .where('groups.id', '=', input.groupId)
    .executeTakeFirstOrThrow();
  return toGroupPronunciation(row);
};

const strictnessRank = (strictness: PronunciationStrictness) => PRONUNCIATION_STRICTNESS.indexOf(strictness);

/**
 * The settings a learner's Pronunciation tasks use: of the saved settings of the groups they belong to, the
 * strictest (highest passing score, then the stricter judging, then the latest saved), whose rule also says
 * which try counts; the defaults when
 * none of their groups saved any. Groups without a saved row do not lower the bar set by another group.
 */
export const pronunciationSettingsForUser = async (
  db: Db,
  enterpriseId: string,
  userId: string,
): Promise<PronunciationSettings> => {
  const rows = await db
    .selectFrom('pronunciation_settings')
    .innerJoin('group_members', 'group_members.group_id', 'pronunciation_settings.group_id')
    .innerJoin('groups', 'groups.id', 'pronunciation_settings.group_id')
    .select([
      'pronunciation_settings.accent',
      'pronunciation_settings.passing_score',
      'pronunciation_settings.strictness',
      'pronunciation_settings.attempt_counts',
      'pronunciation_settings.updated_at',
    ])
    .where('group_members.user_id', '=', userId)
    .where('groups.enterprise_id', '=', enterpriseId)
    .where('pronunciation_settings.enterprise_id', '=', enterpriseId)
    .execute();
  const ranked = rows
    .map((row) => ({ settings: toSettings(row), updatedAt: row.updated_at }))
    .sort(
      (a, b) =>
        b.settings.passingScore - a.settings.passingScore ||
        strictnessRank(b.settings.strictness) - strictnessRank(a.settings.strictness) ||
        b.updatedAt.localeCompare(a.updatedAt),
    );
  return ranked[0]?.settings ?? { ...DEFAULT_PRONUNCIATION_SETTINGS };
};
