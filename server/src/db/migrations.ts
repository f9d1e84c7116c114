import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { m001 } from './migration-001-auth.ts';
import { m002 } from './migration-002-people-lists.ts';
import { m003 } from './migration-003-member-order.ts';
import { m004 } from './migration-004-invites-activity.ts';
import { m005 } from './migration-005-uploads.ts';
import { m006 } from './migration-006-marketplace.ts';
import { m007 } from './migration-007-enrolments.ts';
import { m008 } from './migration-008-test-payments.ts';
import { m009 } from './migration-009-course-search.ts';
import { m010 } from './migration-010-member-search.ts';
import { m011 } from './migration-011-tasks.ts';
import { m012 } from './migration-012-content.ts';
import { m013 } from './migration-013-vocabulary.ts';
import { m014 } from './migration-014-platform-library.ts';
import { m015 } from './migration-015-report-indexes.ts';
import { m016 } from './migration-016-sessions.ts';
import { m017 } from './migration-017-storage-quota.ts';
import { m018 } from './migration-018-jobs.ts';
import { m019 } from './migration-019-recording-analyses.ts';
import { m020 } from './migration-020-interview-turns.ts';
import { m021 } from './migration-021-surveys.ts';
import { m022 } from './migration-022-legal-texts-timezones.ts';
import { m023 } from './migration-023-course-syllabus-reviews.ts';
import { m024 } from './migration-024-languages.ts';
import { m025, m025Members } from './migration-025-search.ts';
import { m026 } from './migration-026-image-variants.ts';
import { m027 } from './migration-027-webhooks.ts';
import { m028 } from './migration-028-api-keys.ts';
import { m029 } from './migration-029-authenticator-apps.ts';
import { m030 } from './migration-030-passkeys.ts';
import { m031 } from './migration-031-single-sign-on.ts';
import { m032 } from './migration-032-session-signal.ts';
import { m033 } from './migration-033-member-text-index.ts';
import { m034 } from './migration-034-pending-attempts-index.ts';
import { m035 } from './migration-035-gin-fast-update-off.ts';
import { m036 } from './migration-036-group-signal.ts';
import { m037 } from './migration-037-member-search-text.ts';
import { m038 } from './migration-038-pending-task-index-sqlite.ts';
import { m039CourseDelivery } from './migration-039-course-delivery.ts';
import { m040TaskAttempts } from './migration-040-task-attempts.ts';
import { m041Notices } from './migration-041-notices.ts';
import { m042Scim } from './migration-042-scim.ts';
import { m043Lti } from './migration-043-lti.ts';
import { m044LtiAdvantage } from './migration-044-lti-advantage.ts';
import { m045JobTenant } from './migration-045-job-tenant.ts';
import { m046HearItRenders } from './migration-046-hear-it-renders.ts';
import { m047JobTenantIndex } from './migration-047-job-tenant-index.ts';
import { m048CourseWorkArchive } from './migration-048-course-work-archive.ts';
import { m049BuyerGroupNames } from './migration-049-buyer-group-names.ts';
import { m050CourseFirstPublished } from './migration-050-course-first-published.ts';
import { m051LearnerRoles } from './migration-051-learner-roles.ts';

/**
 * Every migration, one file each (`migration-NNN-name.ts`), run at start in name order. A new one goes in its own
 * file and gets a line in the list below; a migration that has run is never edited, only followed by another.
 */
export const migrateToLatest = async (db: Kysely<unknown>) => {
  const migrator = new Migrator({
    db,
    // Migrations are numbered as they are planned and may land out of number (022 landed before 021): a
    // database that ran a later one first still runs the earlier one when it arrives.
    allowUnorderedMigrations: true,
    provider: {
      getMigrations: async () => ({
        '001_auth': m001,
        '002_people_lists': m002,
        '003_member_order': m003,
        '004_invites_activity': m004,
        '005_uploads': m005,
        '006_marketplace': m006,
        '007_enrolments': m007,
        '008_test_payments': m008,
        '009_course_search': m009,
        '010_member_search': m010,
        '011_tasks': m011,
        '012_content': m012,
        '013_vocabulary': m013,
        '014_platform_library': m014,
        '015_report_indexes': m015,
        '016_sessions': m016,
        '017_storage_quota': m017,
        '018_jobs': m018,
        '019_recording_analyses': m019,
        '020_interview_turns': m020,
        '021_surveys': m021,
        '022_legal_texts_timezones': m022,
        '023_course_syllabus_reviews': m023,
        '024_languages': m024,
        '025_search': m025,
        '025_search_members': m025Members,
        '026_image_variants': m026,
        '027_webhooks': m027,
        '028_api_keys': m028,
        '029_authenticator_apps': m029,
        '030_passkeys': m030,
        '031_single_sign_on': m031,
        '032_session_signal': m032,
        '033_member_text_index': m033,
        '034_pending_attempts_index': m034,
        '035_gin_fast_update_off': m035,
        '036_group_signal': m036,
        '037_member_search_text': m037,
        '038_pending_task_index_sqlite': m038,
        '039_course_delivery': m039CourseDelivery,
        '040_task_attempts': m040TaskAttempts,
        '041_notices': m041Notices,
        '042_scim': m042Scim,
        '043_lti': m043Lti,
        '044_lti_advantage': m044LtiAdvantage,
        '045_job_tenant': m045JobTenant,
        '046_hear_it_renders': m046HearItRenders,
        '047_job_tenant_index': m047JobTenantIndex,
        '048_course_work_archive': m048CourseWorkArchive,
        '049_buyer_group_names': m049BuyerGroupNames,
        '050_course_first_published': m050CourseFirstPublished,
        '051_learner_roles': m051LearnerRoles,
      }),
    },
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
};
