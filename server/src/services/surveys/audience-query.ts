import type { Db } from '../../db/connect.ts';

// Who has a survey is worked out when asked, never copied: the members assigned directly plus whoever is in an
// assigned group right now, so a member who joins a group later has its surveys at once, with no sync step. The
// surveys' own screens and the enterprise's reports (response rates) count the audience by this one query.

/** The members who have each survey: assigned directly or in an assigned group today (user_id, survey_id). */
export const audienceOf = (db: Db, surveyIds: string[]) =>
  db
    .selectFrom('survey_member_assignments')
    .select(['survey_id', 'user_id'])
    .where('survey_id', 'in', surveyIds)
    .union(
      db
        .selectFrom('survey_group_assignments as sga')
        .innerJoin('group_members as gm', 'gm.group_id', 'sga.group_id')
        .select(['sga.survey_id', 'gm.user_id'])
        .where('sga.survey_id', 'in', surveyIds),
    );
