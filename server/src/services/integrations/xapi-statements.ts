import type { WebhookEventType } from '@coach/shared/contract/integrations';
import type { Db } from '../../db/connect.ts';
import type { EventData, StoredEvent } from './integration-events.ts';

/**
 * xAPI 1.0.3 statements for the learning events: the member as an Agent by email, an ADL verb,
 * an activity whose id lives under the product's PUBLIC_URL, and for a recording heard its scores. A statement
 * is built once from its stored event at the first try and sent unchanged on every retry, with its own id, so
 * the LRS keeps one whatever happens in between.
 */

const ADL = 'http://adlnet.gov/expapi/verbs';
const VERBS: Partial<Record<WebhookEventType, { id: string; display: string }>> = {
  'task.completed': { id: `${ADL}/completed`, display: 'completed' },
  'recording.analysed': { id: `${ADL}/scored`, display: 'scored' },
  'video.viewed': { id: `${ADL}/experienced`, display: 'experienced' },
  'survey.submitted': { id: `${ADL}/answered`, display: 'answered' },
  'member.joined': { id: `${ADL}/registered`, display: 'registered' },
};

const ACTIVITY_TYPES = {
  task: 'http://adlnet.gov/expapi/activities/assessment',
  recording: 'http://adlnet.gov/expapi/activities/interaction',
  video: 'https://w3id.org/xapi/video/activity-types/video',
  survey: 'http://id.tincanapi.com/activitytype/survey',
  organisation: 'http://adlnet.gov/expapi/activities/course',
} as const;

export type XapiStatement = {
  id: string;
  version: '1.0.3';
  timestamp: string;
  actor: { objectType: 'Agent'; name: string; mbox: string };
  verb: { id: string; display: Record<string, string> };
  object: {
    objectType: 'Activity';
    id: string;
    definition: { type: string; name: Record<string, string> };
  };
  result?: {
    completion?: boolean;
    success?: boolean;
    score?: { scaled: number; raw: number; min: number; max: number };
    extensions?: Record<string, unknown>;
  };
  context: {
    platform: string;
    extensions: Record<string, unknown>;
  };
};

const str = (data: EventData, key: string) => {
  const value = data[key];
  return typeof value === 'string' ? value : '';
};

const titleOf = async (db: Db, table: 'tasks' | 'content' | 'surveys', id: string) => {
  const row = await db.selectFrom(table).select('title').where('id', '=', id).executeTakeFirst();
  return row?.title ?? id;
};

/** The statement's object: what the member did it to, named as the enterprise named it. */
const objectOf = async (db: Db, publicUrl: string, event: StoredEvent) => {
  const base = `${publicUrl}/xapi/activities`;
  const { data } = event;
  const activity = (kind: keyof typeof ACTIVITY_TYPES, path: string, name: string) => ({
    objectType: 'Activity' as const,
    id: `${base}/${path}`,
    definition: { type: ACTIVITY_TYPES[kind], name: { 'en-US': name } },
  });
  switch (event.type) {
    case 'task.completed':
      return activity('task', `task/${str(data, 'taskId')}`, await titleOf(db, 'tasks', str(data, 'taskId')));
    case 'recording.analysed':
      return activity(
        'recording',
        `task/${str(data, 'taskId')}/recording/${encodeURIComponent(str(data, 'recordingKey'))}`,
        `${await titleOf(db, 'tasks', str(data, 'taskId'))}: recording ${str(data, 'recordingKey')}`,
      );
    case 'video.viewed':
      return activity(
        'video',
        `video/${str(data, 'contentId')}`,
        await titleOf(db, 'content', str(data, 'contentId')),
      );
    case 'survey.submitted':
      return activity(
        'survey',
        `survey/${str(data, 'surveyId')}`,
        await titleOf(db, 'surveys', str(data, 'surveyId')),
      );
    default: {
      const enterprise = await db
        .selectFrom('enterprises')
        .select('name')
        .where('id', '=', event.enterpriseId)
        .executeTakeFirst();
      return activity(
        'organisation',
        `organisation/${event.enterpriseId}`,
        enterprise?.name ?? event.enterpriseId,
      );
    }
  }
};

/** result for a heard recording: the pronunciation score scaled 0-1, the four scores and the pace as extensions. */
const resultOf = (publicUrl: string, event: StoredEvent): XapiStatement['result'] | undefined => {
  if (event.type === 'task.completed') return { completion: true };
  if (event.type === 'survey.submitted') return { completion: true };
  if (event.type !== 'recording.analysed') return undefined;
  const scores = event.data.scores as Record<string, number> | null | undefined;
  const pronunciation = typeof scores?.pronunciation === 'number' ? scores.pronunciation : 0;
  return {
    completion: true,
    score: { scaled: Math.round(pronunciation) / 100, raw: pronunciation, min: 0, max: 100 },
    extensions: {
      [`${publicUrl}/xapi/extensions/speech-scores`]: scores ?? null,
      [`${publicUrl}/xapi/extensions/words-per-minute`]: event.data.wordsPerMinute ?? null,
      [`${publicUrl}/xapi/extensions/analysis-status`]: event.data.status ?? null,
    },
  };
};

/** Builds the statement of a stored event; null when the member is gone (nothing truthful to say). */
export const buildStatement = async ({
  db,
  publicUrl,
  statementId,
  event,
}: {
  db: Db;
  publicUrl: string;
  statementId: string;
  event: StoredEvent;
}): Promise<XapiStatement | null> => {
  const verb = VERBS[event.type];
  const member = await db
    .selectFrom('users')
    .select(['name', 'email'])
    .where('id', '=', event.memberId)
    .where('enterprise_id', '=', event.enterpriseId)
    .executeTakeFirst();
  if (!verb || !member) return null;
  const result = resultOf(publicUrl, event);
  return {
    id: statementId,
    version: '1.0.3',
    timestamp: event.timestamp,
    actor: { objectType: 'Agent', name: member.name, mbox: `mailto:${member.email}` },
    verb: { id: verb.id, display: { 'en-US': verb.display } },
    object: await objectOf(db, publicUrl, event),
    ...(result ? { result } : {}),
    context: {
      platform: 'Coach',
      extensions: {
        [`${publicUrl}/xapi/extensions/event`]: { type: event.type, ...event.data },
      },
    },
  };
};
