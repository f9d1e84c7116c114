/**
 * The embedded speech engine: real-time factor (compute ÷ audio length, decode included) and
 * the process's peak RSS for a 10 s and a 60 s recording, and the word error rate on a fixed set of 10
 * sentences in two flite voices, then the job queue's throughput with 20 recordings queued at once. All audio
 * is synthesised here with Debian's flite and sox. Prints, never judges.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '@coach/server';
import {
  decodeAudio,
  embeddedSpeech,
  SAMPLE_RATE,
  warmUpEmbeddedSpeech,
  wordErrors,
} from '@coach/server/speech';
import { type FliteVoice, type Piece, SENTENCES, synthesise } from '@coach/server/speech/synthesise';
import { inEngineHeap, table } from './shared.ts';

const mb = (kilobytes: number) => `${(kilobytes / 1024).toFixed(0)} MB`;
const peakRss = () => process.resourceUsage().maxRSS;

/** Sentences in turn, alternating voices, with 0.8 s and 1.6 s pauses, for about `seconds` of audio. */
const recording = async (seconds: number) => {
  const pieces: Piece[] = [];
  const said: string[] = [];
  let length = 0;
  for (let i = 0; length < seconds - 1; i++) {
    const say = SENTENCES[i % SENTENCES.length] ?? '';
    const voice: FliteVoice = i % 2 ? 'rms' : 'slt';
    const pause = i % 3 ? 0.8 : 1.6;
    // A 16-bit mono WAV: 44 header bytes, then 2 bytes a sample.
    const sentenceSeconds = ((await synthesise([{ say, voice }])).byteLength - 44) / 2 / SAMPLE_RATE;
    if (length + sentenceSeconds > seconds + 1 && said.length) break;
    pieces.push({ say, voice }, { silence: pause });
    said.push(say);
    length += sentenceSeconds + pause;
  }
  return { bytes: await synthesise(pieces), said: said.join(' ') };
};

export const benchSpeech = async () => {
  console.log('\n## Speech: embedded Moonshine Tiny + Silero VAD (1 thread each)\n');
  const speech = embeddedSpeech();
  const before = peakRss();
  const loadStart = performance.now();
  await warmUpEmbeddedSpeech();
  const loadMs = performance.now() - loadStart;
  console.log(`model load ${loadMs.toFixed(0)} ms; peak RSS ${mb(before)} before, ${mb(peakRss())} after`);

  const rows: Record<string, string | number>[] = [];
  for (const seconds of [10, 60]) {
    const { bytes, said } = await recording(seconds);
    const duration = (await decodeAudio({ bytes, contentType: 'audio/wav' })).length / SAMPLE_RATE;
    const start = performance.now();
    const heard = await speech.transcribe({ bytes, contentType: 'audio/wav' });
    const elapsed = (performance.now() - start) / 1000;
    const { errors, words } = wordErrors(said, heard.text);
    rows.push({
      recording: `${duration.toFixed(1)} s`,
      'compute s': elapsed.toFixed(2),
      RTF: (elapsed / duration).toFixed(3),
      'peak RSS so far': mb(peakRss()),
      segments: heard.segments.length,
      WER: `${((errors / words) * 100).toFixed(1)} %`,
    });
  }
  console.log(table(rows));

  const byVoice: Record<string, string | number>[] = [];
  let allErrors = 0;
  let allWords = 0;
  for (const voice of ['slt', 'rms'] satisfies FliteVoice[]) {
    let errors = 0;
    let words = 0;
    for (const say of SENTENCES) {
      const heard = await speech.transcribe({
        bytes: await synthesise([{ say, voice }]),
        contentType: 'audio/wav',
      });
      const counted = wordErrors(say, heard.text);
      errors += counted.errors;
      words += counted.words;
    }
    allErrors += errors;
    allWords += words;
    byVoice.push({
      voice: `flite ${voice}`,
      sentences: SENTENCES.length,
      words,
      errors,
      WER: `${((errors / words) * 100).toFixed(1)} %`,
    });
  }
  byVoice.push({
    voice: 'both',
    sentences: SENTENCES.length * 2,
    words: allWords,
    errors: allErrors,
    WER: `${((allErrors / allWords) * 100).toFixed(1)} %`,
  });
  console.log(`\n${table(byVoice)}`);
  await benchSpeechQueue();
};

const QUEUED = 20;

/**
 * The job queue under a burst: 20 recordings of a learner's attempt queued at once, as 20 saves
 * would queue them, worked by the server's own runner and worker thread. Prints how long until all were heard.
 */
export const benchSpeechQueue = async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'coach-bench-speech-'));
  const server = await startServer({
    port: 0,
    dataDir,
    quiet: true,
    dashboardDir: null,
    marketplaceDir: null,
    buildSite: false,
  });
  try {
    const { db, storage } = server.deps;
    const assignment = await db
      .selectFrom('task_assignments')
      .select(['id', 'enterprise_id', 'user_id'])
      .limit(1)
      .executeTakeFirstOrThrow();
    const say = SENTENCES[5] ?? '';
    const bytes = await synthesise([{ say }, { silence: 0.5 }, { say }], 'webm');
    const seconds = (await decodeAudio({ bytes, contentType: 'audio/webm' })).length / SAMPLE_RATE;
    const at = new Date().toISOString();
    for (let i = 0; i < QUEUED; i++) {
      const key = `task-recording/${at.slice(0, 7)}/${crypto.randomUUID()}.webm`;
      await storage.put(key, bytes, 'audio/webm');
      await db
        .insertInto('uploads')
        .values({
          key,
          purpose: 'task-recording',
          content_type: 'audio/webm',
          max_bytes: bytes.length,
          owner_kind: 'enterprise',
          owner_id: assignment.user_id,
          enterprise_id: assignment.enterprise_id,
          size: bytes.length,
          created_at: at,
          received_at: at,
        })
        .execute();
      const id = crypto.randomUUID();
      await db
        .insertInto('recording_analyses')
        .values({
          id,
          enterprise_id: assignment.enterprise_id,
          assignment_id: assignment.id,
          recording_key: `bench-${i}`,
          file_url: storage.publicUrl(key),
          target_text: say,
          status: 'pending',
          analysis: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
      await db
        .insertInto('jobs')
        .values({
          id: crypto.randomUUID(),
          kind: 'speech-analysis',
          payload: JSON.stringify({ analysisId: id }),
          status: 'pending',
          attempts: 0,
          run_after: at,
          locked_until: null,
          last_error: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    const start = performance.now();
    server.deps.jobs.poke();
    for (;;) {
      const left = await db
        .selectFrom('recording_analyses')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      if (Number(left.n) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const wall = (performance.now() - start) / 1000;
    const done = await db
      .selectFrom('recording_analyses')
      .select(['status'])
      .where('recording_key', 'like', 'bench-%')
      .execute();
    console.log(
      `\n${table([
        {
          recordings: QUEUED,
          'audio each': `${seconds.toFixed(1)} s`,
          'all heard in': `${wall.toFixed(1)} s`,
          'recordings/s': (QUEUED / wall).toFixed(2),
          'audio s per s': ((QUEUED * seconds) / wall).toFixed(1),
          done: done.filter((r) => r.status === 'done').length,
        },
      ])}`,
    );
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

if (import.meta.main && (await inEngineHeap())) await benchSpeech();
