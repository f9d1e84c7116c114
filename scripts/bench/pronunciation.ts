/**
 * Pronunciation diagnosis: how well the embedded pipeline (decode, Silero VAD, Moonshine, the
 * phone aligner, the analytics) finds a mispronounced word and names its sound, on the labelled set of
 * pronunciation-set.ts (synthesised here, cached between runs in BENCH_AUDIO_DIR, default a temp folder).
 * Prints, never judges: a figure off target exits 0; the pipeline throwing exits non-zero.
 *
 * - flagged: the target word's status is not `correct` (a recording the analysis did not score, too noisy or
 *   no speech, counts as not flagged; how many there were is printed).
 * - named: the word's phones hold the expected phone `mispronounced` and heard as the phone said; for a dropped
 *   sound the expected phone `omitted`; for an added vowel any vowel `inserted`; for a left-out word (the
 *   `left-out` part) the word `omitted`.
 * - false alarms: target words of rightly read sentences whose status is not `correct`, per target word of the
 *   scored sentences (inserted words are not target words).
 * - WER: word errors over reference words, pooled per voice and noise level (`wordErrors`, as
 *   `wordErrorRate` counts them: lower case, no punctuation, British spellings read as American ones).
 * - RTF: decode + VAD + recogniser + aligner + analytics of one recording ÷ its length.
 *
 * Options (environment): BENCH_HALF=tune|held-out (default both, printed apart), BENCH_PARTS (comma list of
 * sound-error, another-word, rightly-read, left-out, lone-word), BENCH_SNR (comma list of clean, 20, 10), BENCH_STRICTNESS
 * (lenient|standard|strict, passed to the analysis), BENCH_FORMAT=wav|webm (webm: each recording as a browser
 * uploads it, Opus at 32 kbit/s in WebM, made once by ffmpeg beside the WAV), BENCH_JSON=<file> or
 * `--json <file>`: one JSON row per recording (label, transcript, target words with their phones, timings) for
 * tuning.
 */
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import {
  decodeAudio,
  SAMPLE_RATE,
  transcribeSamples,
  warmUpEmbeddedSpeech,
  wordErrorRate,
  wordErrors,
} from '@coach/server/speech';
import { encodeAs } from '@coach/server/speech/synthesise';
import { VOWELS } from '@coach/shared/constants/speech-sounds';
import {
  PRONUNCIATION_STRICTNESS,
  type PronunciationAccent,
  type PronunciationStrictness,
} from '@coach/shared/contract/pronunciation';
import type { SpeechWord } from '@coach/shared/contract/speech';
// Not exported by @coach/server (its exports are the server, the database and the speech provider).
import { analyseTranscript, normaliseWord } from '../../server/src/services/speech/speech-analytics.ts';
import {
  buildPronunciationSetApart,
  ERROR_KIND_LABELS,
  ERROR_KINDS,
  type ErrorLabel,
  HALVES,
  type Half,
  type LabelledRecording,
  PARTS,
  type Part,
  targetWordsOf,
} from './pronunciation-set.ts';
import { inEngineHeap, table } from './shared.ts';

const TARGETS = {
  flagged: 0.8,
  named: 0.7,
  anotherWordFlagged: 0.9,
  falseAlarms: 0.05,
  cleanWer: 0.12,
  noisyWer: 0.2,
  rtf: 0.15,
  peakMb: 450,
} as const;

const atLeast = (rate: number) => `≥ ${Math.round(rate * 100)} %`;
const atMost = (rate: number) => `≤ ${Math.round(rate * 100)} %`;

const listFrom = <T extends string>(value: string | undefined, allowed: readonly T[], name: string): T[] => {
  if (!value) return [...allowed];
  const picked = value.split(',').map((v) => v.trim());
  for (const v of picked)
    if (!allowed.includes(v as T)) throw new Error(`${name}: ${v} is not one of ${allowed}`);
  return picked as T[];
};

const jsonFile = () => {
  const at = process.argv.indexOf('--json');
  if (at >= 0) return process.argv[at + 1] ?? '';
  return process.env.BENCH_JSON ?? '';
};

const strictnessFrom = (value: string | undefined): PronunciationStrictness | undefined => {
  if (!value) return undefined;
  const found = PRONUNCIATION_STRICTNESS.find((s) => s === value);
  if (!found) throw new Error(`BENCH_STRICTNESS: ${value} is not one of ${PRONUNCIATION_STRICTNESS}`);
  return found;
};

const FORMATS = ['wav', 'webm'] as const;
type Format = (typeof FORMATS)[number];

/** The recording as uploaded in `format`: the WAV itself, or its Opus copy in WebM as MediaRecorder writes it. */
const uploaded = async (file: string, format: Format) => {
  if (format === 'wav') return { file, contentType: 'audio/wav' };
  const webm = file.replace(/\.wav$/, '.webm');
  if (!existsSync(webm)) {
    const tmp = `${webm}.${process.pid}.tmp.webm`;
    await encodeAs('webm', file, tmp);
    await rename(tmp, webm);
  }
  return { file: webm, contentType: 'audio/webm' };
};

/** What one recording gave: the label's outcome, the errors against the target, the timings. */
type Row = {
  recording: LabelledRecording;
  status: string;
  transcript: string;
  /** The target's words as analysed, inserted words left out; null when the analysis scored nothing. */
  targetWords: SpeechWord[] | null;
  errors: number;
  referenceWords: number;
  flagged: boolean | null;
  named: boolean | null;
  falseAlarms: number;
  seconds: number;
  decodeSeconds: number;
  transcribeSeconds: number;
  analyseSeconds: number;
  /** This process's CPU time for the recording (every thread; WAV and WebM are decoded in it, not by ffmpeg). */
  cpuSeconds: number;
};

const isNamed = (word: SpeechWord, label: ErrorLabel) => {
  // A left-out word is named by being shown as left out.
  if (label.kind === 'left-out') return word.status === 'omitted';
  const phones = word.phones ?? [];
  const { expected, said } = label;
  if (expected && said)
    return phones.some((p) => p.phone === expected && p.status === 'mispronounced' && p.heard === said);
  if (expected) return phones.some((p) => p.phone === expected && p.status === 'omitted');
  return phones.some((p) => p.status === 'inserted' && VOWELS.has(p.phone));
};

const measure = async (
  recording: LabelledRecording,
  strictness: PronunciationStrictness | undefined,
  format: Format,
) => {
  const { file, contentType } = await uploaded(recording.file, format);
  const bytes = new Uint8Array(await readFile(file));
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const samples = await decodeAudio({ bytes, contentType });
  const decoded = performance.now();
  // The target and accent let the phone aligner run; written as an intersection so this compiles
  // against transcribeSamples before and after its options grow.
  const options: Parameters<typeof transcribeSamples>[1] & { target: string; accent: PronunciationAccent } = {
    target: recording.target,
    accent: recording.voice.accent,
  };
  const transcript = await transcribeSamples(samples, options);
  const transcribed = performance.now();
  const input: Parameters<typeof analyseTranscript>[0] & { strictness?: PronunciationStrictness } = {
    transcript,
    target: recording.target,
    ...(strictness ? { strictness } : {}),
  };
  const analysis = analyseTranscript(input);
  const end = performance.now();
  const cpu = process.cpuUsage(cpuBefore);

  const targetWords = analysis.words?.filter((w) => w.status !== 'inserted') ?? null;
  const expected = targetWordsOf(recording.target).join(' ');
  // The label names its word by place: the analysis's target words must be the target's, in its order (a word
  // list reordered by when each word was heard once made the bench read the wrong word's status).
  const analysed = targetWords?.flatMap((w) => normaliseWord(w.word)).join(' ');
  if (targetWords && analysed !== expected)
    throw new Error(
      `${recording.id}: the analysis's target words are "${analysed}", the label's "${expected}"`,
    );
  const { label } = recording;
  const word = label ? targetWords?.[label.wordIndex] : undefined;
  const { errors, words } = wordErrors(recording.target, analysis.transcript);
  const row: Row = {
    recording,
    status: analysis.status,
    transcript: analysis.transcript,
    targetWords,
    errors,
    referenceWords: words,
    flagged: label ? (word ? word.status !== 'correct' : false) : null,
    named: label ? (word ? isNamed(word, label) : false) : null,
    falseAlarms: label ? 0 : (targetWords?.filter((w) => w.status !== 'correct').length ?? 0),
    seconds: samples.length / SAMPLE_RATE,
    decodeSeconds: (decoded - start) / 1000,
    transcribeSeconds: (transcribed - decoded) / 1000,
    analyseSeconds: (end - transcribed) / 1000,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  };
  return row;
};

const pct = (n: number, of: number) => (of ? `${((n / of) * 100).toFixed(1)} % (${n}/${of})` : '–');
const share = (rows: Row[], pick: (row: Row) => boolean) => pct(rows.filter(pick).length, rows.length);
const mb = (kilobytes: number) => `${(kilobytes / 1024).toFixed(0)} MB`;
const peakRss = () => process.resourceUsage().maxRSS;

const snrName = (snr: number | null) => (snr === null ? 'clean' : `${snr} dB`);

const werOf = (rows: Row[]) => {
  const errors = rows.reduce((sum, r) => sum + r.errors, 0);
  const words = rows.reduce((sum, r) => sum + r.referenceWords, 0);
  return words ? `${((errors / words) * 100).toFixed(1)} %` : '–';
};

const falseAlarmsOf = (rows: Row[]) => {
  const scored = rows.filter((r) => r.targetWords);
  const words = scored.reduce((sum, r) => sum + (r.targetWords?.length ?? 0), 0);
  return pct(
    scored.reduce((sum, r) => sum + r.falseAlarms, 0),
    words,
  );
};

const printHalf = (half: Half, rows: Row[], snrs: (number | null)[]) => {
  const of = (part: Part, snr: number | null) =>
    rows.filter((r) => r.recording.part === part && r.recording.snrDb === snr);
  console.log(`\n### ${half}\n`);

  const errors = rows.filter((r) => r.recording.part === 'sound-error');
  if (errors.length) {
    const byKind = [...ERROR_KINDS, null].map((kind) => {
      const cells: Record<string, string | number> = { kind: kind ? ERROR_KIND_LABELS[kind] : 'all kinds' };
      for (const snr of snrs) {
        const these = of('sound-error', snr).filter((r) => !kind || r.recording.label?.kind === kind);
        if (snr === null) cells.recordings = these.length;
        cells[`flagged ${snrName(snr)}`] = share(these, (r) => r.flagged === true);
        cells[`named ${snrName(snr)}`] = share(these, (r) => r.named === true);
      }
      return cells;
    });
    console.log(
      `Sound errors (target, clean: flagged ${atLeast(TARGETS.flagged)}, named ${atLeast(TARGETS.named)})\n${table(byKind)}`,
    );
  }

  const summary: Record<string, string | number>[] = [];
  const line = (measure: string, target: string, cell: (snr: number | null) => string) => {
    const cells: Record<string, string | number> = { measure };
    for (const snr of snrs) cells[snrName(snr)] = cell(snr);
    cells.target = target;
    summary.push(cells);
  };
  if (errors.length) {
    for (const voice of [...new Set(errors.map((r) => r.recording.voice.name))])
      line(`sound errors flagged, ${voice}`, atLeast(TARGETS.flagged), (snr) =>
        share(
          of('sound-error', snr).filter((r) => r.recording.voice.name === voice),
          (r) => r.flagged === true,
        ),
      );
  }
  if (rows.some((r) => r.recording.part === 'another-word')) {
    line('another real word flagged', atLeast(TARGETS.anotherWordFlagged), (snr) =>
      share(of('another-word', snr), (r) => r.flagged === true),
    );
    for (const voice of [...new Set(of('another-word', null).map((r) => r.recording.voice.name))])
      line(`  ${voice}`, atLeast(TARGETS.anotherWordFlagged), (snr) =>
        share(
          of('another-word', snr).filter((r) => r.recording.voice.name === voice),
          (r) => r.flagged === true,
        ),
      );
    line('another real word named', '–', (snr) => share(of('another-word', snr), (r) => r.named === true));
  }
  if (rows.some((r) => r.recording.part === 'rightly-read'))
    line('rightly read words flagged', atMost(TARGETS.falseAlarms), (snr) =>
      falseAlarmsOf(of('rightly-read', snr)),
    );
  if (rows.some((r) => r.recording.part === 'left-out')) {
    line('left-out word flagged', '–', (snr) => share(of('left-out', snr), (r) => r.flagged === true));
    line('left-out word shown left out', '–', (snr) => share(of('left-out', snr), (r) => r.named === true));
  }
  if (rows.some((r) => r.recording.part === 'lone-word')) {
    const lone = (snr: number | null, labelled: boolean) =>
      of('lone-word', snr).filter((r) => (r.recording.label !== null) === labelled);
    line('lone word said rightly, flagged', atMost(TARGETS.falseAlarms), (snr) =>
      share(lone(snr, false), (r) => r.falseAlarms > 0),
    );
    line('lone word said as another, flagged', atLeast(TARGETS.anotherWordFlagged), (snr) =>
      share(lone(snr, true), (r) => r.flagged === true),
    );
  }
  line('recordings not scored', '–', (snr) => {
    const these = rows.filter((r) => r.recording.snrDb === snr);
    return pct(these.filter((r) => !r.targetWords).length, these.length);
  });
  console.log(`\n${table(summary)}`);

  const read = rows.filter((r) => r.recording.part === 'rightly-read');
  if (read.length) {
    const voices = [...new Set(read.map((r) => r.recording.voice.name)), null];
    const byVoice = voices.map((voice) => {
      const cells: Record<string, string | number> = { voice: voice ?? 'all voices' };
      for (const snr of snrs) {
        const these = of('rightly-read', snr).filter((r) => !voice || r.recording.voice.name === voice);
        cells[`WER ${snrName(snr)}`] = werOf(these);
      }
      for (const snr of snrs) {
        const these = of('rightly-read', snr).filter((r) => !voice || r.recording.voice.name === voice);
        cells[`false alarms ${snrName(snr)}`] = falseAlarmsOf(these);
      }
      return cells;
    });
    console.log(
      `\nRightly read sentences (target: WER ${atMost(TARGETS.cleanWer)} clean on every voice, ${atMost(TARGETS.noisyWer)} at 10 dB; ` +
        `false alarms ${atMost(TARGETS.falseAlarms)})\n${table(byVoice)}`,
    );
  }
};

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

const printCost = (rows: Row[], peakAfterWarmUp: number) => {
  const rtfs = rows.map((r) => (r.decodeSeconds + r.transcribeSeconds + r.analyseSeconds) / r.seconds);
  const sum = (pick: (r: Row) => number) => rows.reduce((total, r) => total + pick(r), 0);
  const audio = sum((r) => r.seconds);
  const compute = sum((r) => r.decodeSeconds + r.transcribeSeconds + r.analyseSeconds);
  console.log(
    `\n## Cost (every recording of the run; target RTF ≤ ${TARGETS.rtf}, peak RSS ≤ ${TARGETS.peakMb} MB)\n\n${table(
      [
        {
          recordings: rows.length,
          'audio s': audio.toFixed(1),
          'compute s': compute.toFixed(1),
          'RTF pooled': (compute / audio).toFixed(3),
          'RTF median': quantile(rtfs, 0.5).toFixed(3),
          'RTF p90': quantile(rtfs, 0.9).toFixed(3),
          'RTF max': Math.max(...rtfs).toFixed(3),
          'decode s': sum((r) => r.decodeSeconds).toFixed(1),
          'VAD+ASR+align s': sum((r) => r.transcribeSeconds).toFixed(1),
          'analytics s': sum((r) => r.analyseSeconds).toFixed(2),
          'RTF CPU': (sum((r) => r.cpuSeconds) / audio).toFixed(3),
          'peak RSS after warm-up': mb(peakAfterWarmUp),
          'peak RSS': mb(peakRss()),
        },
      ],
    )}`,
  );
  // Wall-clock RTF grows with whatever else the two cores run; the CPU figure shows the cost on an idle core.
  console.log(
    `RTF is wall time ÷ audio; RTF CPU is this process's CPU time ÷ audio (WAV and WebM decoded in this process). ` +
      `Load average over the last 5 min: ${loadavg()[1]?.toFixed(1)} on ${availableParallelism()} cores.`,
  );
};

const jsonRow = (row: Row) => {
  const { recording, targetWords, ...rest } = row;
  return JSON.stringify({
    id: recording.id,
    part: recording.part,
    half: recording.half,
    itemIndex: recording.itemIndex,
    voice: recording.voice.name,
    accent: recording.voice.accent,
    snrDb: recording.snrDb,
    target: recording.target,
    read: recording.read,
    label: recording.label,
    file: recording.file,
    ...rest,
    wer: wordErrorRate(recording.target, row.transcript),
    targetWords,
  });
};

export const benchPronunciation = async () => {
  const halves = listFrom(process.env.BENCH_HALF, HALVES, 'BENCH_HALF');
  const parts = listFrom(process.env.BENCH_PARTS, PARTS, 'BENCH_PARTS');
  const snrs = listFrom(process.env.BENCH_SNR, ['clean', '20', '10'], 'BENCH_SNR').map((s) =>
    s === 'clean' ? null : Number(s),
  );
  const strictness = strictnessFrom(process.env.BENCH_STRICTNESS);
  const [format = 'wav'] = listFrom(process.env.BENCH_FORMAT, FORMATS, 'BENCH_FORMAT');
  const json = jsonFile();
  console.log(
    `\n## Pronunciation: the embedded pipeline on the labelled set (${halves.join(' + ')}; uploaded as ${format})\n`,
  );

  const buildStart = performance.now();
  const set = await buildPronunciationSetApart({ parts, halves, snrs });
  console.log(
    `set: ${set.length} recordings (${parts.join(', ')}; ${snrs.map(snrName).join(', ')}), ` +
      `made or found in ${((performance.now() - buildStart) / 1000).toFixed(1)} s`,
  );

  await warmUpEmbeddedSpeech();
  const first = set[0];
  // One pass unmeasured, so the aligner's and the decoder's first-call costs are not charged to a recording.
  if (first) await measure(first, strictness, format);
  const peakAfterWarmUp = peakRss();

  const rows: Row[] = [];
  const runStart = performance.now();
  for (const [i, recording] of set.entries()) {
    rows.push(await measure(recording, strictness, format));
    if ((i + 1) % 100 === 0) {
      const seconds = ((performance.now() - runStart) / 1000).toFixed(0);
      // RSS now beside the peak, to tell a leak (both climb all run) from one large recording.
      const rssNow = mb(process.memoryUsage().rss / 1024);
      process.stderr.write(
        `  ${i + 1}/${set.length} in ${seconds} s, RSS ${rssNow}, peak ${mb(peakRss())}\n`,
      );
    }
  }
  const withPhones = rows.reduce((n, r) => n + (r.targetWords?.filter((w) => w.phones).length ?? 0), 0);
  const targetWords = rows.reduce((n, r) => n + (r.targetWords?.length ?? 0), 0);
  console.log(
    `target words with phones: ${pct(withPhones, targetWords)}` +
      (withPhones ? '' : ' — word level only: "named" stays 0 until the phone aligner lands'),
  );
  for (const half of halves)
    printHalf(
      half,
      rows.filter((r) => r.recording.half === half),
      snrs,
    );
  printCost(rows, peakAfterWarmUp);
  if (json) {
    await writeFile(json, `${rows.map(jsonRow).join('\n')}\n`);
    console.log(`\nper-recording rows: ${json}`);
  }
};

if (import.meta.main && (await inEngineHeap())) await benchPronunciation();
