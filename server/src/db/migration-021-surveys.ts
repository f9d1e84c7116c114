import type { ColumnDefinitionBuilder as ColumnBuilder } from 'kysely';
import type { Migration } from 'kysely/migration';
import { ts } from './columns.ts';

/**
 * Surveys. Questions are the question templates of spec §3 as JSON; a survey reaches members directly
 * and through groups (whoever is in an assigned group has it, later joiners too); each member's answers are one
 * row, changed in place while the survey is open.
 */
export const m021: Migration = {
  up: async (db) => {
    const enterpriseRef = (c: ColumnBuilder) => c.notNull().references('enterprises.id').onDelete('cascade');
    const surveyRef = (c: ColumnBuilder) => c.notNull().references('surveys.id').onDelete('cascade');
    await db.schema
      .createTable('surveys')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('enterprise_id', 'varchar(64)', enterpriseRef)
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('questions', 'text', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('expiry_seconds', 'integer')
      .addColumn('due_at', ts)
      .addColumn('published_at', ts)
      .addColumn('closed_at', ts)
      .addColumn('created_by', 'varchar(64)')
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('surveys_enterprise_list')
      .on('surveys')
      .columns(['enterprise_id', 'status', 'created_at'])
      .execute();
    await db.schema
      .createTable('survey_group_assignments')
      .addColumn('survey_id', 'varchar(64)', surveyRef)
      .addColumn('group_id', 'varchar(64)', (c) => c.notNull().references('groups.id').onDelete('cascade'))
      .addColumn('enterprise_id', 'varchar(64)', enterpriseRef)
      .addColumn('assigned_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('survey_group_assignments_pk', ['survey_id', 'group_id'])
      .execute();
    await db.schema
      .createIndex('survey_group_assignments_group')
      .on('survey_group_assignments')
      .columns(['group_id'])
      .execute();
    await db.schema
      .createTable('survey_member_assignments')
      .addColumn('survey_id', 'varchar(64)', surveyRef)
      .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('enterprise_id', 'varchar(64)', enterpriseRef)
      .addColumn('assigned_at', ts, (c) => c.notNull())
      .addPrimaryKeyConstraint('survey_member_assignments_pk', ['survey_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('survey_member_assignments_user')
      .on('survey_member_assignments')
      .columns(['user_id'])
      .execute();
    await db.schema
      .createTable('survey_responses')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('enterprise_id', 'varchar(64)', enterpriseRef)
      .addColumn('survey_id', 'varchar(64)', surveyRef)
      .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      /** JSON: the answers per question id ({ values, other }). */
      .addColumn('answers', 'text', (c) => c.notNull())
      .addColumn('submitted_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .addUniqueConstraint('survey_responses_survey_user', ['survey_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('survey_responses_user')
      .on('survey_responses')
      .columns(['user_id'])
      .execute();
  },
};
