import type { Deps } from '../deps.ts';
import { settleStaleCheckouts } from '../services/courses/enrolments.ts';
import {
  deliverWebhook,
  integrationRetry,
  markGivenUp,
  noteRetry,
  sendStatement,
} from '../services/integrations/integration-delivery.ts';
import { sendLtiScore } from '../services/lti/grades.ts';
import { noticeHandlers } from '../services/organisation/notices.ts';
import { analyseRecording, markAnalysisFailed } from '../services/speech/recording-analysis.ts';
import { startHousekeeping } from './housekeeping.ts';
import { type Job, type JobRunner, startJobRunner } from './queue.ts';

const analysisIdOf = (job: Job) => (job.payload as { analysisId: string }).analysisId;

/**
 * The server's background work: speech analysis of recordings, and webhooks and xAPI statements.
 * The embedded engine hears one recording at a time in its own thread (two cores: the other serves
 * requests); a remote service takes a few at once. Deliveries wait on the network, not the CPU, so they have a
 * runner of their own and never queue behind a long recording. Jobs left by a crash are taken again when their
 * lease runs out: a delivery's lease is its timeout and 5 s, so a restart resends within seconds.
 */
export const startJobs = (
  deps: Deps,
  {
    pollMs,
    leaseMs,
    log,
    speechConcurrency,
  }: {
    pollMs?: number;
    leaseMs?: number;
    log?: (message: string, error: unknown) => void;
    /** Recordings heard at once (WORKER_CONCURRENCY): by default one on the embedded engine, four on a service. */
    speechConcurrency?: number;
  } = {},
): JobRunner => {
  const speech = startJobRunner({
    db: deps.db,
    concurrency: speechConcurrency ?? (deps.speech.kind === 'embedded' ? 1 : 4),
    ...(pollMs ? { pollMs } : {}),
    ...(leaseMs ? { leaseMs } : {}),
    ...(log ? { log } : {}),
    handlers: { 'speech-analysis': (job) => analyseRecording(deps, analysisIdOf(job)) },
    onGiveUp: (job) => markAnalysisFailed(deps, analysisIdOf(job)),
  });
  // The mails that tell members of their work: a runner of their own, never behind a recording.
  const notices = startJobRunner({
    db: deps.db,
    concurrency: 2,
    pollMs: Math.min(pollMs ?? 1000, 1000),
    ...(leaseMs ? { leaseMs } : {}),
    ...(log ? { log } : {}),
    handlers: noticeHandlers(deps),
  });
  const integrations = deps.config.integrations;
  if (!integrations) return together([speech, notices]);
  const delivery = { db: deps.db, integrations, publicUrl: deps.config.publicUrl };
  const outbound = startJobRunner({
    db: deps.db,
    concurrency: 4,
    pollMs: Math.min(pollMs ?? 1000, 1000),
    leaseMs: integrations.timeoutMs + 5000,
    retry: integrationRetry(),
    // A receiver that is down is the receiver's business: each try is in the delivery log, not the console.
    log: log ?? (() => {}),
    handlers: {
      'webhook-delivery': (job) => deliverWebhook(delivery, job),
      'xapi-statement': (job) => sendStatement(delivery, job),
      'lti-score': (job) => sendLtiScore(deps, job),
    },
    onRetry: (job, runAfter) => noteRetry(deps.db, job, runAfter),
    onGiveUp: (job) => markGivenUp(deps.db, job),
  });
  // Finished jobs, spent throttle events and long unheard "hear it" renders go once an hour, in every process that
  // works jobs; checkouts pending for longer than a day are asked after (paid ones enrolled, the rest abandoned).
  const housekeeping = startHousekeeping(
    deps.db,
    deps.storage,
    log ?? ((message, error) => console.error(message, error)),
    { 'Settling stale checkouts': () => settleStaleCheckouts(deps) },
  );
  const sweeper: JobRunner = {
    poke: () => {},
    idle: async () => {},
    stop: async () => housekeeping.stop(),
  };
  return together([speech, notices, outbound, sweeper]);
};

/** Several runners as one. */
const together = (runners: JobRunner[]): JobRunner => ({
  poke: () => {
    for (const runner of runners) runner.poke();
  },
  idle: async () => {
    await Promise.all(runners.map((runner) => runner.idle()));
  },
  stop: async () => {
    await Promise.all(runners.map((runner) => runner.stop()));
  },
});
