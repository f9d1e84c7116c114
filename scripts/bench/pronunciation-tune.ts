/**
 * Calibration of the phone aligner, on the `tune` half of bench:pronunciation's set only: the
 * held-out half stays out of it and is what the bench reports beside it. Two tables:
 * - per sound, how far the rightly read sounds were from the best-fitting sound (the 95th percentile), which
 *   sets SCORE_MIDPOINTS in server/src/providers/speech/pronunciation/scores.ts (that distance scores 70);
 * - per error, the evidence (margin) the aligner found against rightly said words, apart for words the
 *   recogniser heard as written and words it heard otherwise, and for the real errors, from which `barFor`
 *   sets ERROR_EVIDENCE in server/src/services/speech/speech-phones.ts: its `quiet` table on the readings whose
 *   measured SNR is QUIET_FROM_DB or more (the clean ones), its `noisy` table on the others (20 dB).
 * Prints the two constants as TypeScript to paste. `pnpm --filter @coach/scripts bench:pronunciation-tune`;
 * BENCH_SNR=clean,20 picks the noise levels (default clean and 20 dB).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { decodeAudio, transcribeSamples, warmUpEmbeddedSpeech } from '@coach/server/speech';
import { analyseTranscript } from '../../server/src/services/speech/speech-analytics.ts';
import {
  DEFAULT_EVIDENCE,
  EVIDENCE_ROOMS,
  type EvidenceRoom,
  MIN_EVIDENCE,
  QUIET_FROM_DB,
} from '../../server/src/services/speech/speech-phones.ts';
import { buildPronunciationSet, CALIBRATION_PARTS } from './pronunciation-set.ts';
import { inEngineHeap } from './shared.ts';

type Candidate = {
  key: string;
  margin: number;
  score: number;
  verdict: 'match' | 'disagree';
  real: boolean;
  voice: string;
  /** The room's table the margin is judged by: quiet at QUIET_FROM_DB or more of measured SNR. */
  room: EvidenceRoom;
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
  );
};
const one = (value: number) => Math.round(value * 10) / 10;

/**
 * A rightly said sound flagged costs as much as this many real errors missed, per room. A quiet room had false
 * alarms to spare (2.4 % of rightly read words flagged at cost 2, tune half; the target is 5 %), so there a missed
 * error weighs more; a noisy room's aligner is less sure of either. BENCH_FALSE_ALARM_COST=n sets both.
 */
const FALSE_ALARM_COST: Record<EvidenceRoom, number> = (() => {
  const given = process.env.BENCH_FALSE_ALARM_COST;
  if (!given) return { quiet: 0.75, noisy: 2 };
  const cost = Number(given);
  // A cost that is no positive number would set every bar from nonsense without a word.
  if (!Number.isFinite(cost) || cost <= 0)
    throw new Error(`BENCH_FALSE_ALARM_COST must be a positive number, not "${given}"`);
  return { quiet: cost, noisy: cost };
})();

/**
 * The bar for one error and one verdict of the transcript: of the margins seen, the one (at least MIN_EVIDENCE)
 * that catches the most real errors less the room's false-alarm cost for each rightly said sound it catches; between equals,
 * the higher. Rounded up to a tenth, so the bar stays above the margin it was set against.
 */
export const barFor = (real: number[], rightly: number[], falseAlarmCost: number) => {
  const worth = (bar: number) =>
    real.filter((margin) => margin >= bar).length -
    falseAlarmCost * rightly.filter((margin) => margin >= bar).length;
  const candidates = [MIN_EVIDENCE, ...[...real, ...rightly].map((margin) => margin + 0.01)].filter(
    (bar) => bar >= MIN_EVIDENCE,
  );
  let best = MIN_EVIDENCE;
  for (const bar of candidates)
    if (worth(bar) > worth(best) || (worth(bar) === worth(best) && bar > best)) best = bar;
  return Math.ceil(best * 10) / 10;
};

/** The distance that scores 70 with scores.ts's spread of 8: midpoint = distance + 8 × ln(7/3). */
const SCORE_70_OFFSET = 8 * Math.log(7 / 3);
/** Fewer rightly read sounds than this leave a sound at the default midpoint. */
const MIN_SOUNDS = 20;

const main = async () => {
  const snrs = (process.env.BENCH_SNR ?? 'clean,20')
    .split(',')
    .map((s) => (s === 'clean' ? null : Number(s)));
  // BENCH_HALF=held-out measures the other half with the same tables, to check a calibration, never to make one.
  const half = process.env.BENCH_HALF === 'held-out' ? 'held-out' : 'tune';
  const recordings = await buildPronunciationSet({ parts: CALIBRATION_PARTS, halves: [half], snrs });
  await warmUpEmbeddedSpeech();
  const candidates: Candidate[] = [];
  const distances = new Map<string, number[]>();
  for (const [done, recording] of recordings.entries()) {
    if (done % 50 === 0) console.error(`  ${done}/${recordings.length}`);
    const samples = await decodeAudio({
      bytes: new Uint8Array(await readFile(recording.file)),
      contentType: 'audio/wav',
    });
    const transcript = await transcribeSamples(samples, {
      target: recording.target,
      accent: recording.voice.accent,
    });
    // The transcript's own verdict on each target word: the analysis without the aligner's measure.
    const plain = analyseTranscript({
      transcript: { ...transcript, phones: null },
      target: recording.target,
    });
    const verdicts = (plain.words ?? [])
      .filter((word) => word.status !== 'inserted')
      .map((word) => word.status);
    const label = recording.label;
    const room: EvidenceRoom = (transcript.noise?.snrDb ?? Infinity) >= QUIET_FROM_DB ? 'quiet' : 'noisy';
    for (const [index, word] of (transcript.phones?.words ?? []).entries()) {
      const rightlySaid = label === null || label.wordIndex !== index;
      for (const phone of word.phones) {
        if (phone.kind === 'expected') {
          if (rightlySaid && phone.distance !== null)
            distances.set(phone.phone, [...(distances.get(phone.phone) ?? []), phone.distance]);
          continue;
        }
        const key =
          phone.kind === 'substituted'
            ? `${phone.phone}>${phone.heard}`
            : phone.kind === 'omitted'
              ? `-${phone.phone}`
              : `+${phone.phone}`;
        const real =
          !rightlySaid &&
          (phone.kind === 'substituted'
            ? label?.expected === phone.phone && label.said === phone.heard
            : phone.kind === 'omitted'
              ? label?.said === null && label.expected === phone.phone
              : label?.expected === null);
        candidates.push({
          key,
          margin: phone.margin,
          score: phone.score,
          verdict: verdicts[index] === 'correct' ? 'match' : 'disagree',
          real,
          voice: recording.voice.name,
          room,
        });
      }
    }
  }

  const midpoints = [...distances.entries()]
    .filter(([, values]) => values.length >= MIN_SOUNDS)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([phone, values]) => {
      const p95 = percentile(values, 95);
      console.log(
        `${phone.padEnd(3)} n=${String(values.length).padStart(4)} p50=${one(percentile(values, 50))} p95=${one(p95)}`,
      );
      return `${phone}: ${one(p95 + SCORE_70_OFFSET)}`;
    });
  console.log(
    `\nexport const SCORE_MIDPOINTS: Partial<Record<Phone, number>> = { ${midpoints.join(', ')} };\n`,
  );

  const tables = EVIDENCE_ROOMS.map((room) => {
    const evidence: string[] = [];
    const inRoom = candidates.filter((c) => c.room === room);
    console.log(
      `\n${room} (${room === 'quiet' ? `SNR ${QUIET_FROM_DB} dB or more` : `under ${QUIET_FROM_DB} dB`})`,
    );
    for (const key of [...new Set(inRoom.map((c) => c.key))].sort()) {
      const mine = inRoom.filter((c) => c.key === key);
      const list = (verdict: 'match' | 'disagree', real: boolean) =>
        mine.filter((c) => c.verdict === verdict && c.real === real).map((c) => Math.round(c.margin));
      console.log(
        `${key.padEnd(6)} rightly said, heard as written: [${list('match', false).join(' ')}]  heard otherwise: [${list('disagree', false).join(' ')}]  real errors: [${list('match', true).join(' ')}] / [${list('disagree', true).join(' ')}]`,
      );
      const bars = (['match', 'disagree'] as const).map((verdict) => {
        const real = mine.filter((c) => c.verdict === verdict && c.real).map((c) => c.margin);
        const rightly = mine.filter((c) => c.verdict === verdict && !c.real).map((c) => c.margin);
        return real.length + rightly.length ? barFor(real, rightly, FALSE_ALARM_COST[room]) : undefined;
      });
      if (bars.some((bar) => bar !== undefined))
        evidence.push(
          `'${key}': { match: ${bars[0] ?? DEFAULT_EVIDENCE.match}, otherwise: ${bars[1] ?? DEFAULT_EVIDENCE.otherwise} }`,
        );
    }
    return `${room}: { ${evidence.join(', ')} }`;
  });
  console.log(
    `\nexport const ERROR_EVIDENCE: Record<EvidenceRoom, Record<string, { match: number; otherwise: number }>> = { ${tables.join(', ')} };`,
  );
  console.log(`\n${recordings.length} recordings, ${candidates.length} places heard otherwise`);
  const jsonAt = process.argv.indexOf('--json');
  const jsonFile = jsonAt > 0 ? process.argv[jsonAt + 1] : undefined;
  if (jsonFile) await writeFile(jsonFile, JSON.stringify(candidates));
};

if (import.meta.main && (await inEngineHeap())) await main();
