import type { ParsedRequestOf } from '@coach/shared/contract/define-call';
import type { surveys } from '@coach/shared/contract/surveys';
import { conflict } from '../../errors.ts';
import { enterpriseSession } from '../../session/session.ts';
import { nowIso } from '../common/clock.ts';
import { assertGroupInEnterprise, assertMembersInEnterprise } from '../common/tenant.ts';
import type { ServiceContext } from '../context.ts';
import { findSurvey, plural, statusOf, surveyById } from './internal/survey-rows.ts';

// Who a survey is assigned to (permission `surveys`): groups, whose members today and later have it, and members.

type AudienceInput = ParsedRequestOf<typeof surveys.assign | typeof surveys.unassign>;

/** Adds groups and members; a group's later joiners have the survey too, since the audience is read when asked. */
export const assignSurvey = async (ctx: ServiceContext, input: AudienceInput) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const row = await findSurvey(ctx.db, enterpriseId, input.surveyId);
  if (statusOf(row) === 'Closed') throw conflict('A closed survey cannot be assigned');
  const groupIds = [...new Set(input.groupIds)];
  for (const groupId of groupIds) await assertGroupInEnterprise(ctx.db, enterpriseId, groupId);
  const userIds = await assertMembersInEnterprise(ctx.db, enterpriseId, input.userIds);
  const at = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    if (groupIds.length)
      await trx
        .insertInto('survey_group_assignments')
        .values(
          groupIds.map((group_id) => ({
            survey_id: row.id,
            group_id,
            enterprise_id: enterpriseId,
            assigned_at: at,
          })),
        )
        .onConflict((oc) => oc.columns(['survey_id', 'group_id']).doNothing())
        .execute();
    for (let start = 0; start < userIds.length; start += 400)
      await trx
        .insertInto('survey_member_assignments')
        .values(
          userIds
            .slice(start, start + 400)
            .map((user_id) => ({ survey_id: row.id, user_id, enterprise_id: enterpriseId, assigned_at: at })),
        )
        .onConflict((oc) => oc.columns(['survey_id', 'user_id']).doNothing())
        .execute();
  });
  const parts = [
    groupIds.length ? plural(groupIds.length, 'group') : '',
    userIds.length ? plural(userIds.length, 'member') : '',
  ].filter(Boolean);
  ctx.setMessage(`Assigned to ${parts.join(' and ')}`);
  return surveyById(ctx, row.id);
};

/** Takes groups and members out of the audience; answers they gave stay in the results. */
export const unassignSurvey = async (ctx: ServiceContext, input: AudienceInput) => {
  const { enterpriseId } = enterpriseSession(ctx);
  const row = await findSurvey(ctx.db, enterpriseId, input.surveyId);
  await ctx.db.transaction().execute(async (trx) => {
    if (input.groupIds.length)
      await trx
        .deleteFrom('survey_group_assignments')
        .where('survey_id', '=', row.id)
        .where('group_id', 'in', input.groupIds)
        .execute();
    if (input.userIds.length)
      await trx
        .deleteFrom('survey_member_assignments')
        .where('survey_id', '=', row.id)
        .where('user_id', 'in', input.userIds)
        .execute();
  });
  ctx.setMessage('Removed from the survey');
  return surveyById(ctx, row.id);
};
