import { paceMeasurable, spokenWordsOf } from '@coach/shared/constants/speech';
import { SPEECH_TREND_DAYS, type SpeechTrendPoint } from '@coach/shared/contract/members';
import type { SpeechAnalysis } from '@coach/shared/contract/speech';
import type { Db } from '../../db/connect.ts';
import { notFound } from '../../errors.ts';
import { enterpriseSession } from '../../session/session.ts';
import { dayOf } from '../common/clock.ts';
import type { ServiceContext } from '../context.ts';

type Day = {
  recordings: number;
  /** Of the recordings long enough for a pace: their spoken words, speaking minutes, fillers and heard words. */
  words: number;
  minutes: number;
  fillers: number;
  heard: number;
  scored: number;
  pronunciation: number;
};

const mean = (sum: number, count: number) => sum / Math.max(1, count);

/**
 * A member's speaking trend: the recordings of their task attempts that the speech engine heard
 * (done) in the last SPEECH_TREND_DAYS days, per UTC day of saving, oldest first. Pace and fillers count the
 * recordings long enough for a pace only, as each recording's own page does (a word of a Pronunciation item read in
 * 0.8 s is no "75 words a minute", nor its one "mm" 50 fillers per 100 words), weighted by their words.
 * Pronunciation is averaged over the recordings read against a target text only: free speech has no such score.
 */
export const getMemberSpeechTrend = async (
  ctx: ServiceContext,
  { memberId }: { memberId: string },
  now = new Date(),
): Promise<{ days: number; points: SpeechTrendPoint[] }> => {
  const { enterpriseId } = enterpriseSession(ctx);
  const member = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('id', '=', memberId)
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirst();
  if (!member) throw notFound('Member not found');

  return {
    days: SPEECH_TREND_DAYS,
    points: await speechTrendOf(ctx.db, { enterpriseId, userId: memberId, days: SPEECH_TREND_DAYS, now }),
  };
};

/**
 * The trend's points for one member of one enterprise: their heard recordings of the last `days` days (today
 * included), one point per UTC day of saving, oldest first. The member's own home (my-progress.ts) shows it too.
 */
export const speechTrendOf = async (
  db: Db,
  {
    enterpriseId,
    userId,
    days: span,
    now = new Date(),
  }: { enterpriseId: string; userId: string; days: number; now?: Date },
): Promise<SpeechTrendPoint[]> => {
  const since = new Date(now);
  since.setUTCDate(since.getUTCDate() - (span - 1));
  const rows = await db
    .selectFrom('recording_analyses')
    .innerJoin('task_assignments', 'task_assignments.id', 'recording_analyses.assignment_id')
    .select([
      'recording_analyses.created_at',
      'recording_analyses.target_text',
      'recording_analyses.analysis',
    ])
    .where('recording_analyses.enterprise_id', '=', enterpriseId)
    .where('task_assignments.enterprise_id', '=', enterpriseId)
    .where('task_assignments.user_id', '=', userId)
    .where('recording_analyses.status', '=', 'done')
    .where('recording_analyses.created_at', '>=', dayOf(since))
    .orderBy('recording_analyses.created_at')
    .execute();

  const days = new Map<string, Day>();
  for (const row of rows) {
    const analysis = row.analysis ? (JSON.parse(row.analysis) as SpeechAnalysis) : null;
    if (analysis?.status !== 'done') continue;
    const date = row.created_at.slice(0, 10);
    const day = days.get(date) ?? {
      recordings: 0,
      words: 0,
      minutes: 0,
      fillers: 0,
      heard: 0,
      scored: 0,
      pronunciation: 0,
    };
    day.recordings += 1;
    const spoken = spokenWordsOf(analysis.transcript);
    if (paceMeasurable(spoken) && analysis.wordsPerMinute > 0) {
      day.words += spoken;
      day.minutes += spoken / analysis.wordsPerMinute;
      day.fillers += analysis.fillers.count;
      day.heard += spoken + analysis.fillers.count;
    }
    if (row.target_text !== null) {
      day.scored += 1;
      day.pronunciation += analysis.scores.pronunciation;
    }
    days.set(date, day);
  }
  // The rows come oldest first, so the map's insertion order is the days' order.
  const points = [...days].map(([date, day]) => ({
    date,
    recordings: day.recordings,
    wordsPerMinute: day.minutes > 0 ? Math.round(day.words / day.minutes) : null,
    fillersPer100Words: day.heard > 0 ? Math.round((day.fillers / day.heard) * 1000) / 10 : null,
    pronunciation: day.scored ? Math.round(mean(day.pronunciation, day.scored)) : null,
  }));
  return points;
};
