import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AudioDecodeError, decodeAudio, FfmpegMissingError } from './decode-audio.ts';
import { withInt8OutputProjection } from './decoder-graph.ts';
import {
  embeddedSpeech,
  openAiSpeech,
  speechFor,
  type Transcript,
  timeWords,
  transcribeSamples,
  wordErrorRate,
  wordErrors,
} from './index.ts';
import { loadSession, modelBytes, modelPath, ort } from './models.ts';
import { recognise, recogniseWithAlternatives } from './moonshine.ts';
import { SENTENCES, synthesise } from './synthesise.ts';
import { chunksFrom, segmentsFrom } from './vad.ts';

// Needs Debian's ffmpeg, flite and sox (scripts/ensure-speech-tools.mjs installs them before the unit tests).
type Tensor = InstanceType<typeof ort.Tensor>;

const speech = embeddedSpeech();
const wav = (bytes: Uint8Array) => ({ bytes, contentType: 'audio/wav' });

const expectTimesInside = (t: Transcript) => {
  let previous = 0;
  for (const w of t.words) {
    expect(w.start).toBeGreaterThanOrEqual(previous);
    expect(w.end).toBeGreaterThanOrEqual(w.start);
    expect(w.end).toBeLessThanOrEqual(t.durationSeconds);
    expect(w.confidence).toBeGreaterThan(0);
    expect(w.confidence).toBeLessThanOrEqual(1);
    previous = w.start;
  }
};

/**
 * Runs `script` (an ES module, with `decodeInProcess` in scope) in a child process and gives its output: a decode
 * that never ends fails the test when the child is stopped at 25 s, instead of holding the suite.
 */
const inChildProcess = async (script: string) => {
  const decoder = JSON.stringify(new URL('./decode-audio.ts', import.meta.url).href);
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      import.meta.resolve('tsx'),
      '--input-type=module',
      '-e',
      `const { decodeInProcess } = await import(${decoder});\n${script}`,
    ],
    { timeout: 25_000 },
  );
  return stdout;
};

describe('the embedded speech engine (Moonshine Tiny + Silero VAD, on flite speech made at test time)', () => {
  const sentence = 'Please call Stella and ask her to bring these things with her from the store.';

  it('hears a sentence with at most 2 word errors, its words timed inside the audio', async () => {
    const t = await speech.transcribe(wav(await synthesise([{ silence: 0.5 }, { say: sentence }])));
    expect(t.speech).toBe(true);
    expect(wordErrors(sentence, t.text).errors).toBeLessThanOrEqual(2);
    expect(t.words.map((w) => w.word).join(' ')).toBe(t.text);
    expectTimesInside(t);
    // The half second of silence before the sentence is not speech.
    expect(t.segments[0]?.start).toBeGreaterThan(0.3);
    expect(t.words[0]?.start).toBeGreaterThan(0.3);
  });

  it('decodes by beam search: a sentence greedy decoding mishears comes out word for word', async () => {
    // flite rms, greedily: "With amusing and open-set stores at half-past nine." (6 errors).
    const said = 'The museum opens its doors at half past nine.';
    const bytes = await synthesise([{ say: said, voice: 'rms' }]);
    const samples = await decodeAudio(wav(bytes));
    const text = async (beams?: number) => (await recognise(samples, beams)).map((w) => w.word).join(' ');
    expect(wordErrors(said, await text()).errors).toBe(0);
    expect(wordErrors(said, await text(1)).errors).toBeGreaterThanOrEqual(3);
    const t = await speech.transcribe(wav(bytes));
    expect(wordErrors(said, t.text).errors).toBe(0);
  });

  it('reads the output projection in int8 and writes what the model as shipped writes, step by step', async () => {
    // models.ts loads the decoder with its projection rewritten (decoder-graph.ts); the file as shipped dequantizes
    // the whole matrix every step. Fed the same tokens, the two pick the same best token at every step of a
    // sentence, each with a log-probability within a tenth (the hidden state is quantized to 8 bits per step).
    const samples = await decodeAudio(wav(await synthesise([{ say: 'I think the shop opens at ten.' }])));
    const [encoder, rewritten] = await Promise.all([loadSession('encoder'), loadSession('decoder')]);
    const shipped = await ort.InferenceSession.create(readFileSync(modelPath('decoder')), {
      intraOpNumThreads: 1,
    });
    // The decoder is made from bytes already rewritten: the float MatMul is no longer there to find.
    expect(() => withInt8OutputProjection(modelBytes('decoder'))).toThrow(/output projection was not found/);
    const hidden = (
      await encoder.run({ input_values: new ort.Tensor('float32', samples, [1, samples.length]) })
    ).last_hidden_state as Tensor;
    const names = rewritten.inputNames.filter((name) => name.startsWith('past_key_values.'));
    const empty = new ort.Tensor('float32', new Float32Array(0), [0, 8, 1, 36]);
    const best = (logits: Tensor) => {
      const data = logits.data as Float32Array;
      let max = Number.NEGATIVE_INFINITY;
      let token = 0;
      data.forEach((value, k) => {
        if (value > max) [max, token] = [value, k];
      });
      const norm = Math.log(data.reduce((sum, value) => sum + Math.exp(value - max), 0)) + max;
      return { token, logProb: max - norm };
    };
    const pasts = new Map<typeof shipped, Record<string, Tensor>>();
    let token = 1;
    const steps: { shipped: ReturnType<typeof best>; rewritten: ReturnType<typeof best> }[] = [];
    for (let step = 0; step < 12 && token !== 2; step++) {
      const picked = new Map<typeof shipped, ReturnType<typeof best>>();
      for (const session of [shipped, rewritten]) {
        const past = pasts.get(session) ?? Object.fromEntries(names.map((name) => [name, empty]));
        const out = await session.run({
          input_ids: new ort.Tensor('int64', BigInt64Array.from([BigInt(token)]), [1, 1]),
          encoder_hidden_states: hidden,
          use_cache_branch: new ort.Tensor('bool', [step > 0], [1]),
          ...past,
        });
        pasts.set(
          session,
          Object.fromEntries(
            names.map((name) => {
              const present = out[name.replace('past_key_values', 'present')] as Tensor;
              return [name, name.includes('.encoder.') && step > 0 ? (past[name] as Tensor) : present];
            }),
          ),
        );
        picked.set(session, best(out.logits as Tensor));
      }
      const both = {
        shipped: picked.get(shipped) ?? best(empty),
        rewritten: picked.get(rewritten) ?? best(empty),
      };
      steps.push(both);
      token = both.shipped.token;
    }
    expect(steps.length).toBeGreaterThan(6);
    for (const step of steps) {
      expect(step.rewritten.token).toBe(step.shipped.token);
      expect(Math.abs(step.rewritten.logProb - step.shipped.logProb)).toBeLessThan(0.05);
    }
  });

  it('decodes every hypothesis against one row of the cross-attention cache, as against a copy a row', async () => {
    // The beam search passes the encoder's output and the cross-attention cache once, not once per hypothesis:
    // the decoder's attention broadcasts them. A model whose graph did not would give other logits here.
    const samples = await decodeAudio(wav(await synthesise([{ say: 'The cat sat on the mat.' }])));
    const [encoder, decoder] = await Promise.all([loadSession('encoder'), loadSession('decoder')]);
    const hidden = (
      await encoder.run({ input_values: new ort.Tensor('float32', samples, [1, samples.length]) })
    ).last_hidden_state as Tensor;
    const names = decoder.inputNames.filter((name) => name.startsWith('past_key_values.'));
    const empty = new ort.Tensor('float32', new Float32Array(0), [0, 8, 1, 36]);
    const first = await decoder.run({
      input_ids: new ort.Tensor('int64', BigInt64Array.from([1n]), [1, 1]),
      encoder_hidden_states: hidden,
      use_cache_branch: new ort.Tensor('bool', [false], [1]),
      ...Object.fromEntries(names.map((name) => [name, empty])),
    });
    const rows = 3;
    const copies = (tensor: Tensor) => {
      const data = tensor.data as Float32Array;
      const out = new Float32Array(data.length * rows);
      for (let row = 0; row < rows; row++) out.set(data, row * data.length);
      return new ort.Tensor('float32', out, [rows, ...tensor.dims.slice(1)]);
    };
    const step = async (shared: (tensor: Tensor) => Tensor) => {
      const out = await decoder.run({
        input_ids: new ort.Tensor('int64', BigInt64Array.from([450n, 4996n, 278n]), [rows, 1]),
        encoder_hidden_states: shared(hidden),
        use_cache_branch: new ort.Tensor('bool', [true], [1]),
        ...Object.fromEntries(
          names.map((name) => {
            const present = first[name.replace('past_key_values', 'present')] as Tensor;
            return [name, name.includes('.encoder.') ? shared(present) : copies(present)];
          }),
        ),
      });
      return out.logits as Tensor;
    };
    const once = await step((tensor) => tensor);
    const copied = await step(copies);
    expect(once.dims).toEqual([rows, 1, copied.dims[2]]);
    expect(Array.from(once.data as Float32Array)).toEqual(Array.from(copied.data as Float32Array));
  });

  it('hears a one-word reading, where a hypothesis ends on the first step and the rest live on', async () => {
    // The end token is among the first step's 4 best, so 3 hypotheses live on and leave 4 at the next step.
    const samples = await decodeAudio(wav(await synthesise([{ say: 'think' }])));
    expect((await recognise(samples)).map((w) => w.word.replace(/\W/g, '').toLowerCase())).toEqual(['think']);
  });

  it('weighs a variant of the written sentence: itself as likely as written, another word far less', async () => {
    const samples = await decodeAudio(wav(await synthesise([{ say: 'I think the shop opens at ten.' }])));
    const { words, variantGaps } = await recogniseWithAlternatives(samples, undefined, (written) => [
      { word: 1, text: written[1]?.word ?? '' },
      { word: 1, text: 'bank' },
    ]);
    expect(words.map((w) => w.word.toLowerCase())).toContain('think');
    expect(variantGaps).toHaveLength(2);
    // The written hypothesis read again by the decoder: its log-probability is the search's to the hundredth.
    expect(Math.abs(variantGaps[0] ?? 99)).toBeLessThan(0.05);
    expect(variantGaps[1]).toBeGreaterThan(5);
  });

  it('never hears a clear reading as no speech: the end token does not end an empty transcript', async () => {
    // "My seester lives near the sea." in espeak-ng en-gb: the decoder's likeliest first token is the end token
    // (-0.33, against -0.83 a token for the sentence), which once made this reading "no speech".
    const read = "My [[s'i:st3]] lives near the sea.";
    const t = await speech.transcribe(
      wav(await synthesise([{ espeak: read, voice: 'en-gb', wordsPerMinute: 175 }])),
    );
    // What it makes of the phoneme-typed voice varies with the audio; that the words come back does not.
    expect(t.speech).toBe(true);
    expect(t.words.length).toBeGreaterThanOrEqual(4);
  });

  it('hears the same sentence recorded as webm/opus, as a browser uploads it', async () => {
    const bytes = await synthesise([{ say: sentence }], 'webm');
    const t = await speech.transcribe({ bytes, contentType: 'audio/webm;codecs=opus' });
    expect(wordErrors(sentence, t.text).errors).toBeLessThanOrEqual(2);
    expectTimesInside(t);
  });

  it('says silence, a 440 Hz tone and white noise are not speech', async () => {
    for (const piece of [{ silence: 3 }, { tone: 3 }, { noise: 3 }]) {
      const t = await speech.transcribe(wav(await synthesise([piece])));
      expect(t).toEqual({ speech: false, durationSeconds: 3, text: '', words: [], segments: [] });
    }
  });

  it('hears one short word said alone ("cat", "it"), which the VAD once took for a click', async () => {
    for (const piece of [
      { say: 'cat', voice: 'slt' as const },
      { say: 'it', voice: 'rms' as const },
      { espeak: 'if', wordsPerMinute: 190 },
    ]) {
      const t = await speech.transcribe(wav(await synthesise([{ silence: 1 }, piece, { silence: 1.5 }])));
      expect({ piece, speech: t.speech, words: t.words.length }).toEqual({ piece, speech: true, words: 1 });
      expectTimesInside(t);
    }
  });

  it('hears every short word of a reading word by word, each after a 3 s silence', async () => {
    // The VAD, carried over seconds of silence, once heard the third and fourth words at a probability of 0.2.
    const words = ['think', 'cat', 'it', 'up', 'yes'];
    const pieces = words.flatMap((say) => [{ silence: 3 }, { say, voice: 'rms' as const }]);
    const t = await speech.transcribe(wav(await synthesise([...pieces, { silence: 1 }])));
    expect(t.segments).toHaveLength(words.length);
  });

  it('keeps "um" and "uh" fillers in the text', async () => {
    const said =
      'So, um, I think, uh, my greatest strength is, um, communication, you know, and like teamwork, uh, I also, um, enjoy working with people.';
    const t = await speech.transcribe(
      wav(await synthesise([{ silence: 0.5 }, { say: said }, { silence: 0.5 }])),
    );
    expect(t.words.filter((w) => /^(um|uh)\b/i.test(w.word)).length).toBeGreaterThanOrEqual(2);
  });

  it('cuts a minute of speech at its pauses into chunks of at most 20 s and hears it under 20 % WER', async () => {
    const said = [...SENTENCES, ...SENTENCES.slice(5, 9)];
    const pieces = said.flatMap((say, i) => [
      { say, voice: i % 2 ? ('rms' as const) : ('slt' as const) },
      { silence: i % 3 ? 0.8 : 1.6 },
    ]);
    const samples = await decodeAudio(wav(await synthesise(pieces)));
    const t = await transcribeSamples(samples);
    expect(t.durationSeconds).toBeGreaterThan(55);
    expect(t.durationSeconds).toBeLessThan(70);
    expect(t.chunks.length).toBeGreaterThanOrEqual(3);
    for (const chunk of t.chunks) expect(chunk.end - chunk.start).toBeLessThanOrEqual(20);
    // Each sentence is a segment of its own: the pauses between them were found.
    expect(t.segments.length).toBeGreaterThanOrEqual(said.length - 2);
    expect(wordErrorRate(said.join(' '), t.text)).toBeLessThan(0.2);
    expectTimesInside(t);
  });

  it('decodes an MP4 whose index comes after the audio (a pipe cannot seek back to it)', async () => {
    const samples = await decodeAudio({
      bytes: await synthesise([{ tone: 40 }], 'm4a'),
      contentType: 'audio/mp4',
    });
    expect(samples.length / 16_000).toBeCloseTo(40, 0);
  });

  it('hears no further than the limit, whichever way a recording is decoded', async () => {
    const tone = async (format: 'webm' | 'wav' | 'm4a') => synthesise([{ tone: 40 }], format);
    const noFfmpeg = { ffmpeg: '/nonexistent/ffmpeg', maxSeconds: 15 };
    // Opus in WebM and 16 kHz WAV in the process (no ffmpeg started), AAC in MP4 by ffmpeg.
    const webm = await decodeAudio({ bytes: await tone('webm'), contentType: 'audio/webm' }, noFfmpeg);
    const wave = await decodeAudio(wav(await tone('wav')), noFfmpeg);
    const m4a = await decodeAudio({ bytes: await tone('m4a'), contentType: 'audio/mp4' }, { maxSeconds: 15 });
    expect([webm, wave, m4a].map((samples) => Math.round(samples.length / 16_000))).toEqual([15, 15, 15]);
    // Under the limit, all of it.
    expect(Math.round((await decodeAudio(wav(await tone('wav')))).length / 16_000)).toBe(40);
  });

  it('says clearly when ffmpeg is missing, and when a recording cannot be decoded', async () => {
    const audio = { bytes: new Uint8Array([1, 2, 3]), contentType: 'audio/webm' };
    await expect(decodeAudio(audio, { ffmpeg: '/nonexistent/ffmpeg' })).rejects.toThrow(FfmpegMissingError);
    await expect(decodeAudio(audio)).rejects.toThrow(AudioDecodeError);
  });
  it('decodes what browsers upload (Opus in WebM) and 16 kHz WAV in the process, with no ffmpeg to start', async () => {
    const noFfmpeg = { ffmpeg: '/nonexistent/ffmpeg' };
    const original = await decodeAudio(wav(await synthesise([{ say: sentence }])), noFfmpeg);
    const webm = await synthesise([{ say: sentence }], 'webm');
    const heard = await decodeAudio({ bytes: webm, contentType: 'audio/webm' }, noFfmpeg);
    // The same audio at the same place: the encoder's pre-skip (312 samples at 48 kHz, 104 here) is dropped, and
    // at most the last 20 ms frame's padding is added.
    expect(heard.length - original.length).toBeGreaterThanOrEqual(0);
    expect(heard.length - original.length).toBeLessThanOrEqual(320);
    const snrDb = (lag: number) => {
      let signal = 0;
      let error = 0;
      for (let i = 1000; i < original.length - 1000; i++) {
        signal += (original[i] ?? 0) ** 2;
        error += ((original[i] ?? 0) - (heard[i + lag] ?? 0)) ** 2;
      }
      return 10 * Math.log10(signal / error);
    };
    expect(snrDb(0)).toBeGreaterThan(15);
    expect(snrDb(104)).toBeLessThan(5);
    expect(snrDb(-104)).toBeLessThan(5);
    // Firefox's Opus in Ogg, in two channels: their mean (as the Web Audio API mixes stereo down), the same wave.
    const ogg = await synthesise([{ say: sentence }], 'ogg');
    const both = await decodeAudio({ bytes: ogg, contentType: 'audio/ogg' }, noFfmpeg);
    let product = 0;
    let originalPower = 0;
    let bothPower = 0;
    for (let i = 0; i < original.length; i++) {
      product += (original[i] ?? 0) * (both[i] ?? 0);
      originalPower += (original[i] ?? 0) ** 2;
      bothPower += (both[i] ?? 0) ** 2;
    }
    expect(product / Math.sqrt(originalPower * bothPower)).toBeGreaterThan(0.95);
    // AAC (what Safari records) still needs ffmpeg.
    const m4a = { bytes: await synthesise([{ say: sentence }], 'm4a'), contentType: 'audio/mp4' };
    await expect(decodeAudio(m4a, noFfmpeg)).rejects.toThrow(FfmpegMissingError);
  });

  it('answers 1,500 damaged copies of a WebM, an Ogg and a WAV recording, each at once (a seeded fuzz)', async () => {
    const files = [
      await synthesise([{ say: 'Think before you speak.' }], 'webm'),
      await synthesise([{ say: 'Think before you speak.' }], 'ogg'),
      await synthesise([{ say: 'Think before you speak.' }]),
    ].map((bytes) => Buffer.from(bytes).toString('base64'));
    // Bytes overwritten (in the header or anywhere) and files cut short, from a fixed seed: the same copies every
    // run. Each copy is decoded, refused (null: ffmpeg then says what is wrong) or throws; none may hang.
    const script = `
      let seed = 0x2545f491;
      const random = () => ((seed ^= seed << 13), (seed ^= seed >>> 17), (seed ^= seed << 5), (seed >>> 0) / 2 ** 32);
      const outcomes = { decoded: 0, refused: 0, threw: 0, slowestMs: 0, notFinite: 0 };
      console.error = () => {};
      for (const file of ${JSON.stringify(files)}) {
        const original = new Uint8Array(Buffer.from(file, 'base64'));
        for (let k = 0; k < 500; k++) {
          const bytes = original.slice(0, k % 3 ? original.length : Math.floor(random() * original.length));
          const within = k % 2 ? Math.min(400, bytes.length) : bytes.length;
          for (let n = 1 + Math.floor(random() * (k % 5 ? 20 : 200)); n > 0; n--)
            bytes[Math.floor(random() * within)] = Math.floor(random() * 256);
          const start = performance.now();
          const samples = await decodeInProcess(bytes).catch(() => 'threw');
          outcomes.slowestMs = Math.max(outcomes.slowestMs, performance.now() - start);
          if (samples === 'threw') outcomes.threw++;
          else if (samples === null) outcomes.refused++;
          else {
            outcomes.decoded++;
            if (!samples.every(Number.isFinite)) outcomes.notFinite++;
          }
        }
      }
      process.stdout.write(JSON.stringify(outcomes));`;
    const stdout = await inChildProcess(script);
    const outcomes = JSON.parse(stdout);
    expect(outcomes.decoded + outcomes.refused + outcomes.threw).toBe(1500);
    expect(outcomes.notFinite).toBe(0);
    expect(outcomes.slowestMs).toBeLessThan(2000);
  });

  it('answers damaged WebM files on which the container reader once searched forever', async () => {
    // The EBML header and a Segment's start, then (a) 200 zero bytes: the reader, looking for the next element,
    // searched the same last 8 bytes forever; (b) a Cluster's ID with a size that cannot be read, then zeros: it
    // found that same ID again where it stood. Both fixed in patches/mediabunny@1.61.0.patch.
    const webm = Buffer.from(await synthesise([{ say: sentence }], 'webm'));
    const segment = webm.indexOf(Buffer.from([0x18, 0x53, 0x80, 0x67]));
    expect(segment).toBeGreaterThan(0);
    const start = webm.subarray(0, segment + 12);
    const damaged = [
      Buffer.concat([start, Buffer.alloc(200)]),
      Buffer.concat([start, Buffer.from([0x1f, 0x43, 0xb6, 0x75, 0x00]), Buffer.alloc(200)]),
    ];
    const script = `
      for (const file of ${JSON.stringify(damaged.map((bytes) => bytes.toString('base64')))}) {
        const bytes = new Uint8Array(Buffer.from(file, 'base64'));
        process.stdout.write(String(await decodeInProcess(bytes).catch(() => 'threw')) + ' ');
      }`;
    const stdout = await inChildProcess(script);
    expect(stdout).toMatch(/^((null|threw) ){2}$/);
    for (const bytes of damaged)
      await expect(decodeAudio({ bytes, contentType: 'audio/webm' })).rejects.toThrow(AudioDecodeError);
  });
});

describe('chunks and word times', () => {
  /** 32 ms frames: `probability` over `frames` frames, after and before a second of silence. */
  const burst = (frames: number, probability: number) =>
    Float32Array.from({ length: 31 + frames + 31 }, (_, f) =>
      f >= 31 && f < 31 + frames ? probability : 0.01,
    );

  it('keeps a short burst as speech only when the VAD is sure of it', () => {
    // 5 frames (0.16 s): a short word when the model is sure, a click or a hum when it merely leans to speech.
    const [word, ...rest] = segmentsFrom(burst(5, 0.95), 2.3);
    expect(rest).toEqual([]);
    expect(word?.start).toBeCloseTo(31 * 0.032 - 0.03, 6);
    expect(word?.end).toBeCloseTo(36 * 0.032 + 0.03, 6);
    expect(segmentsFrom(burst(5, 0.6), 2.3)).toEqual([]);
    // Shorter than 0.1 s, however sure: not a word.
    expect(segmentsFrom(burst(2, 0.99), 2.3)).toEqual([]);
    // Long enough to be speech at any probability over the threshold.
    expect(segmentsFrom(burst(9, 0.6), 2.3)).toHaveLength(1);
  });

  it('groups segments into chunks of at most 20 s cut at pauses, and cuts a pause-less stretch', () => {
    const segments = [
      { start: 0, end: 8 },
      { start: 9, end: 17 },
      { start: 18, end: 24 },
      { start: 25, end: 70 },
    ];
    const chunks = chunksFrom(segments, new Float32Array(Math.ceil(70 / 0.032)).fill(0.9));
    expect(chunks[0]).toMatchObject({ start: 0, end: 17 });
    expect(chunks[1]).toMatchObject({ start: 18, end: 24 });
    for (const chunk of chunks) expect(chunk.end - chunk.start).toBeLessThanOrEqual(20);
    expect(chunks.at(-1)?.end).toBe(70);
  });

  it('spreads a chunk’s words over its speech by length, skipping the pause', () => {
    const chunk = {
      start: 1,
      end: 5,
      segments: [
        { start: 1, end: 2 },
        { start: 4, end: 5 },
      ],
    };
    const words = timeWords(chunk, [
      { word: 'one', logProb: 0 },
      { word: 'two', logProb: Math.log(0.5) },
    ]);
    expect(words).toEqual([
      { word: 'one', start: 1, end: 2, confidence: 1 },
      { word: 'two', start: 4, end: 5, confidence: 0.5 },
    ]);
  });
});

describe('the OpenAI-compatible speech service, against a local fake of its API', () => {
  let fake: Server;
  let base = '';
  let body = '';
  let answer: unknown = {};

  beforeAll(async () => {
    fake = createServer((req, res) => {
      let received = '';
      req.setEncoding('latin1');
      req.on('data', (chunk) => {
        received += chunk;
      });
      req.on('end', () => {
        body = received;
        res.setHeader('content-type', 'application/json');
        if (!req.url?.endsWith('/audio/transcriptions')) {
          res.statusCode = 404;
          res.end('{}');
          return;
        }
        res.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => {
    fake.close();
  });

  it('is chosen by COACH_API_URL, else the embedded engine runs', () => {
    expect(speechFor({}).kind).toBe('embedded');
    expect(speechFor({ COACH_API_URL: base }).kind).toBe('openai');
  });

  it('asks for word timestamps and rebuilds speech segments from the words', async () => {
    answer = {
      text: ' Hello there. Bye.',
      duration: 4.2,
      language: 'english',
      words: [
        { word: 'Hello', start: 0.5, end: 0.9 },
        { word: 'there', start: 1.0, end: 1.4 },
        { word: 'Bye', start: 3.0, end: 3.3 },
      ],
      segments: [
        { id: 0, start: 0, end: 2, text: ' Hello there.', avg_logprob: Math.log(0.8), no_speech_prob: 0 },
      ],
    };
    const t = await openAiSpeech({ baseUrl: base, apiKey: 'sk', model: 'w1' }).transcribe({
      bytes: new Uint8Array([1, 2, 3]),
      contentType: 'audio/ogg;codecs=opus',
    });
    expect(body).toContain('verbose_json');
    expect(body).toMatch(/name="timestamp_granularities\[\]"\r\n\r\nword/);
    expect(body).toContain('filename="recording.ogg"');
    expect(t).toMatchObject({ speech: true, durationSeconds: 4.2, text: 'Hello there. Bye.' });
    expect(t.segments).toEqual([
      { start: 0.5, end: 1.4 },
      { start: 3, end: 3.3 },
    ]);
    expect(t.words[0]?.confidence).toBeCloseTo(0.8);
    expect(t.words[2]?.confidence).toBe(1);
  });

  it('says an empty answer is no speech', async () => {
    answer = { text: '', duration: 2, words: [] };
    const t = await openAiSpeech({ baseUrl: base, apiKey: 'sk', model: 'w1' }).transcribe({
      bytes: new Uint8Array([1]),
      contentType: 'audio/wav',
    });
    expect(t).toEqual({ speech: false, durationSeconds: 2, text: '', words: [], segments: [] });
  });
});
