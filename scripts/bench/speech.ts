/**
 * The embedded speech engine (issue 16): real-time factor (compute ÷ audio length, ffmpeg decode included) and
 * the process's peak RSS for a 10 s and a 60 s recording, and the word error rate on a fixed set of 10
 * sentences in two flite voices. All audio is synthesised here with Debian's flite and sox. Prints, never judges.
 */
import {
  decodeAudio,
  embeddedSpeech,
  SAMPLE_RATE,
  warmUpEmbeddedSpeech,
  wordErrors,
} from '@coach/server/speech';
import { type FliteVoice, type Piece, SENTENCES, synthesise } from '@coach/server/speech/synthesise';
import { table } from './shared.ts';

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
};

if (import.meta.main) await benchSpeech();
