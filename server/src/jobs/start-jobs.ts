import type { Deps } from '../deps.ts';
import { analyseRecording, markAnalysisFailed } from '../services/recording-analysis.ts';
import { type Job, startJobRunner } from './queue.ts';

const analysisIdOf = (job: Job) => (job.payload as { analysisId: string }).analysisId;

/**
 * The server's background work (issue 16): speech analysis of recordings. The embedded engine hears one
 * recording at a time in its own thread (two cores: the other serves requests); a remote service takes a few
 * at once. Jobs left by a crash are taken again when their lease runs out.
 */
export const startJobs = (
  deps: Deps,
  {
    pollMs,
    leaseMs,
    log,
  }: { pollMs?: number; leaseMs?: number; log?: (message: string, error: unknown) => void } = {},
) =>
  startJobRunner({
    db: deps.db,
    concurrency: deps.speech.kind === 'embedded' ? 1 : 4,
    ...(pollMs ? { pollMs } : {}),
    ...(leaseMs ? { leaseMs } : {}),
    ...(log ? { log } : {}),
    handlers: { 'speech-analysis': (job) => analyseRecording(deps, analysisIdOf(job)) },
    onGiveUp: (job) => markAnalysisFailed(deps, analysisIdOf(job)),
  });
