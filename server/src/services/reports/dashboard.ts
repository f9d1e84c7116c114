import { DEFAULT_THEME_SETTINGS } from '@coach/shared/constants/theme';
import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import { DASHBOARD_MAX_DAYS, type enterpriseGeneral, type SetupSteps } from '@coach/shared/contract/general';
import { seesCompanyFigures } from '@coach/shared/permissions';
import type { Db } from '../../db/connect.ts';
import { forbidden, validation } from '../../errors.ts';
import { enterpriseSession } from '../../session/session.ts';
import { dayOf } from '../common/clock.ts';
import { hasJoined, invitePending, joinedAt } from '../common/joined.ts';
import { assertGroupInEnterprise } from '../common/tenant.ts';
import type { ServiceContext } from '../context.ts';
import { taskFigures, videoFigures } from '../tasks/task-stats.ts';

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 30;

/** The days of [start, end], both ISO dates, oldest first. */
const daysBetween = (start: string, end: string) => {
  const days: string[] = [];
  for (let t = Date.parse(start); t <= Date.parse(end); t += DAY_MS) days.push(dayOf(new Date(t)));
  return days;
};

/** Whether a stored theme (JSON of spec §3's themeSettings) has a colour other than the default's. */
const themeChanged = (stored: string) => {
  let theme: Record<string, unknown> = {};
  try {
    theme = JSON.parse(stored) as Record<string, unknown>;
  } catch {
    return false;
  }
  return Object.entries(DEFAULT_THEME_SETTINGS).some(([key, colour]) => {
    const value = theme[key];
    return typeof value === 'string' && value.toLowerCase() !== colour.toLowerCase();
  });
};

/**
 * The company's first steps (the Getting started card): someone besides the default admin is a member or invited, a
 * group exists, one of its tasks is assigned (to a member, or to a group not yet peopled), a logo or its own colours
 * are set. Always the whole enterprise's, whatever range or group the dashboard shows.
 */
export const setupSteps = async (db: Db, enterpriseId: string): Promise<SetupSteps> => {
  const [people, group, assigned, groupAssigned, enterprise] = await Promise.all([
    db
      .selectFrom('users')
      .select('id')
      .where('enterprise_id', '=', enterpriseId)
      .where('is_default_admin', '=', 0)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('groups')
      .select('id')
      .where('enterprise_id', '=', enterpriseId)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('task_assignments')
      .select('id')
      .where('enterprise_id', '=', enterpriseId)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('task_group_assignments')
      .select('task_id')
      .where('enterprise_id', '=', enterpriseId)
      .limit(1)
      .executeTakeFirst(),
    db.selectFrom('enterprises').select(['logo', 'theme']).where('id', '=', enterpriseId).executeTakeFirst(),
  ]);
  return {
    people: people !== undefined,
    group: group !== undefined,
    taskAssigned: assigned !== undefined || groupAssigned !== undefined,
    branded: Boolean(enterprise?.logo) || themeChanged(enterprise?.theme ?? '{}'),
  };
};

/**
 * general/my-dashboard: members, pending invitations, active members and new members of the enterprise (or of one
 * group), and active members per day, for a range of at most a year (default: the last 30 days). Callers who may not see
 * the members (a learner's role holding `dashboard` alone) get 403: their home shows their own progress. `setup`: the
 * company's first steps taken (setupSteps).
 */
export const enterpriseDashboard = async (
  ctx: ServiceContext,
  input: ParsedRequestOf<typeof enterpriseGeneral.myDashboard>,
) => {
  const { enterpriseId, permissions, user } = enterpriseSession(ctx);
  // The adapter checked `dashboard`; the figures count the members, so `members` too.
  if (!seesCompanyFigures({ permissions, isDefaultAdmin: user.is_default_admin === 1 })) throw forbidden();
  const endDate = input.endDate ?? dayOf(new Date());
  const startDate = input.startDate ?? dayOf(new Date(Date.parse(endDate) - (DEFAULT_DAYS - 1) * DAY_MS));
  if (startDate > endDate) throw validation('endDate', 'The start date must not be after the end date');
  if ((Date.parse(endDate) - Date.parse(startDate)) / DAY_MS + 1 > DASHBOARD_MAX_DAYS)
    throw validation('endDate', 'Choose at most one year at a time');
  if (input.groupId) await assertGroupInEnterprise(ctx.db, enterpriseId, input.groupId);
  const groupId = input.groupId;

  const members = ctx.db
    .selectFrom('users')
    .where('users.enterprise_id', '=', enterpriseId)
    .$if(Boolean(groupId), (q) =>
      q.where('users.id', 'in', (eb) =>
        eb
          .selectFrom('group_members')
          .select('user_id')
          .where('group_id', '=', groupId ?? ''),
      ),
    );
  const activity = ctx.db
    .selectFrom('activity_days')
    .where('activity_days.enterprise_id', '=', enterpriseId)
    .where('activity_days.day', '>=', startDate)
    .where('activity_days.day', '<=', endDate)
    .$if(Boolean(groupId), (q) =>
      q.where('activity_days.user_id', 'in', (eb) =>
        eb
          .selectFrom('group_members')
          .select('user_id')
          .where('group_id', '=', groupId ?? ''),
      ),
    );

  // An invitee is counted apart until they accept: invited is not joined (members.ts says "Invited" alike).
  const [total, invited, joined, active, perDay, groups, tasks, videos, setup] = await Promise.all([
    members
      .where(hasJoined())
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
    members
      .where(invitePending())
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
    members
      .where(joinedAt(), '>=', startDate)
      .where(joinedAt(), '<', dayOf(new Date(Date.parse(endDate) + DAY_MS)))
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
    activity.select((eb) => eb.fn.count('activity_days.user_id').distinct().as('n')).executeTakeFirst(),
    activity
      .select(['activity_days.day', (eb) => eb.fn.countAll().as('n')])
      .groupBy('activity_days.day')
      .execute(),
    ctx.db
      .selectFrom('groups')
      .where('enterprise_id', '=', enterpriseId)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
    // The members' work, as the reports count it: invitees are counted apart above, their assignments wait.
    taskFigures(ctx.db, {
      enterpriseId,
      groupId,
      membersOnly: true,
      completedFrom: startDate,
      completedBefore: dayOf(new Date(Date.parse(endDate) + DAY_MS)),
    }),
    videoFigures(ctx.db, {
      enterpriseId,
      groupId,
      membersOnly: true,
      watchedFrom: startDate,
      watchedBefore: dayOf(new Date(Date.parse(endDate) + DAY_MS)),
    }),
    setupSteps(ctx.db, enterpriseId),
  ]);
  const byDay = new Map(perDay.map((row) => [row.day, Number(row.n)]));
  return {
    range: { startDate, endDate },
    members: {
      total: Number(total?.n ?? 0),
      invited: Number(invited?.n ?? 0),
      active: Number(active?.n ?? 0),
      joined: Number(joined?.n ?? 0),
    },
    groups: Number(groups?.n ?? 0),
    tasks,
    videos,
    activity: daysBetween(startDate, endDate).map((day) => ({ day, activeMembers: byDay.get(day) ?? 0 })),
    setup,
  };
};
