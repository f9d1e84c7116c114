import { describe, expect, it } from 'vitest';
import { decodeAudio } from './decode-audio.ts';
import { transcribeSamples, wordErrors } from './index.ts';
import {
  denoise,
  levelled,
  measureNoise,
  NOISY_BELOW_DB,
  noiseVerdict,
  TOO_NOISY_BELOW_DB,
} from './noise.ts';
import { synthesise } from './synthesise.ts';

const RATE = 16_000;

/** Repeatable white noise in [-amplitude, amplitude] (power amplitude² / 3). */
const whiteNoise = (length: number, amplitude: number, seed = 1) => {
  let state = seed;
  return Float32Array.from({ length }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return (state / 2 ** 31) * 2 * amplitude - amplitude;
  });
};

/** A 200 Hz "voice" of the given amplitude (power amplitude² / 2) from 1 s to 3 s of 4 s, over white noise. */
const voiceOverNoise = (voice: number, noise: number) => {
  const samples = whiteNoise(4 * RATE, noise);
  for (let i = RATE; i < 3 * RATE; i++)
    samples[i] = (samples[i] ?? 0) + voice * Math.sin((2 * Math.PI * 200 * i) / RATE);
  return samples;
};

const speaking = [{ start: 1, end: 3 }];
const db = (ratio: number) => 10 * Math.log10(ratio);
const powerOf = (samples: Float32Array, from: number, to: number) => {
  let sum = 0;
  for (let i = from * RATE; i < to * RATE; i++) sum += (samples[i] ?? 0) ** 2;
  return sum / ((to - from) * RATE);
};

describe('the noise verdict', () => {
  it('calls 15 dB and more clear, 5 to 15 dB noisy, under 5 dB too noisy', () => {
    expect([NOISY_BELOW_DB, TOO_NOISY_BELOW_DB]).toEqual([15, 5]);
    expect(noiseVerdict(40)).toBe('clear');
    expect(noiseVerdict(15)).toBe('clear');
    expect(noiseVerdict(14.9)).toBe('noisy');
    expect(noiseVerdict(5)).toBe('noisy');
    expect(noiseVerdict(4.9)).toBe('too-noisy');
    expect(noiseVerdict(-10)).toBe('too-noisy');
  });

  it('measures a voice 10 dB over steady noise at 10 dB, from the pauses around it', () => {
    // Voice power 0.5 a², noise power b² / 3: a = 0.2, b chosen for 10 dB.
    const noise = Math.sqrt((3 * 0.02) / 10);
    const measured = measureNoise(voiceOverNoise(0.2, noise), speaking);
    expect(measured?.snrDb).toBeCloseTo(10, 0);
    expect(measured?.verdict).toBe('noisy');
  });

  it('measures noise as loud as the voice at 0 dB, too noisy', () => {
    const measured = measureNoise(voiceOverNoise(0.2, Math.sqrt(3 * 0.02)), speaking);
    expect(Math.abs(measured?.snrDb ?? 99)).toBeLessThan(1);
    expect(measured?.verdict).toBe('too-noisy');
  });

  it('takes the quietest frames for the noise when there is no pause, and keeps a silent room under 60 dB', () => {
    const noise = Math.sqrt((3 * 0.02) / 10);
    const noPause = voiceOverNoise(0.2, noise);
    // Speech throughout, but its first and last second are quiet: the quietest tenth is the noise.
    // Half the "speech" is the voice: 10 dB + 10·log10(0.5) = 7 dB.
    expect(Math.abs((measureNoise(noPause, [{ start: 0, end: 4 }])?.snrDb ?? 0) - 7)).toBeLessThan(1);
    const digitalSilence = measureNoise(voiceOverNoise(0.2, 0), speaking);
    expect(digitalSilence?.snrDb).toBeGreaterThan(50);
    expect(digitalSilence?.snrDb).toBeLessThanOrEqual(60);
  });

  it('does not count a microphone’s DC offset or a rumble under 80 Hz as noise', () => {
    const voice = voiceOverNoise(0.2, 0.001);
    const offset = voice.map((x, i) => x + 0.1 + 0.05 * Math.sin((2 * Math.PI * 30 * i) / RATE));
    // Counted, the offset and the rumble would make it 2.5 dB: too noisy.
    expect(measureNoise(offset, speaking)).toMatchObject({ verdict: 'clear' });
    expect(measureNoise(offset, speaking)?.snrDb).toBeGreaterThan(25);
  });

  it('says nothing without speech segments', () => {
    expect(measureNoise(whiteNoise(RATE, 0.1), [])).toBeUndefined();
  });
});

describe('levelling', () => {
  it('raises a voice 50 dB down by at most 40 dB, and leaves a loud one untouched', () => {
    const quiet = levelled(voiceOverNoise(0.2 * 10 ** (-50 / 20), 0));
    expect(db(powerOf(quiet, 1, 3) / 0.02)).toBeCloseTo(-10, 0);
    const loud = voiceOverNoise(0.5, 0.01);
    expect(levelled(loud)).toBe(loud);
    expect(levelled(new Float32Array(RATE)).every((x) => x === 0)).toBe(true);
  });
});

describe('denoising', () => {
  it('takes steady noise down by 15 dB or more in the pauses and keeps the voice within 2 dB', () => {
    const noise = Math.sqrt((3 * 0.02) / 10);
    const noisy = voiceOverNoise(0.2, noise);
    const clean = denoise(noisy, speaking);
    expect(clean.length).toBe(noisy.length);
    expect(db(powerOf(clean, 0.2, 0.8) / powerOf(noisy, 0.2, 0.8))).toBeLessThan(-15);
    // The voice band keeps its power: noisy speech power is voice + noise, the denoised is about the voice.
    expect(Math.abs(db(powerOf(clean, 1.2, 2.8) / 0.02))).toBeLessThan(2);
  });

  it('leaves a recording without a quarter second of pause as it is', () => {
    const samples = voiceOverNoise(0.2, 0.05);
    expect(denoise(samples, [{ start: 0.1, end: 3.9 }])).toBe(samples);
  });
});

// Needs Debian's ffmpeg, flite and sox, like speech.test.ts. The sentence is one of the 10 in synthesise.ts that
// both voices read well under noise; each bound is the measured count plus a margin. Without the denoiser the
// 10 dB case made 7 errors; without raising the level the -45 dB one was too noisy (rms: 7 errors).
describe('the embedded engine in a noisy room', () => {
  const sentence = 'I enjoy working with people and solving problems as a team.';
  const hear = async (room: { snrDb?: number; gainDb?: number }, voice: 'slt' | 'rms' = 'slt') =>
    transcribeSamples(
      await decodeAudio({
        bytes: await synthesise([{ silence: 0.5 }, { say: sentence, voice }, { silence: 0.5 }], 'wav', room),
        contentType: 'audio/wav',
      }),
    );

  it('a learner in a quiet room is heard, and the recording is clear', async () => {
    const t = await hear({});
    expect(t.noise?.verdict).toBe('clear');
    expect(t.noise?.snrDb).toBeGreaterThan(30);
    expect(wordErrors(sentence, t.text).errors).toBeLessThanOrEqual(1);
  });

  it('a clean answer taken from mid-sentence, as a looping microphone gives it, is clear', async () => {
    // The interview journey's answer: Chromium's fake microphone loops it, so a take starts anywhere in it. Taken
    // from 3 s in, the pause between its two passes held a word's tail, and the pauses' mean read 12.7 dB.
    const answer =
      'I am applying for the nurse position in healthcare, based in Melbourne. Last year our ward was short of staff.';
    const once = await decodeAudio({
      bytes: await synthesise([{ silence: 0.5 }, { say: answer }, { silence: 0.5 }]),
      contentType: 'audio/wav',
    });
    const from = 3 * 16_000;
    const looped = new Float32Array(once.length);
    looped.set(once.subarray(from));
    looped.set(once.subarray(0, from), once.length - from);
    const t = await transcribeSamples(looped);
    expect(t.noise?.verdict).toBe('clear');
  });

  it('a learner over white noise 10 dB down is still heard, and told the room is noisy', async () => {
    for (const voice of ['slt', 'rms'] as const) {
      const t = await hear({ snrDb: 10 }, voice);
      expect(t.noise?.verdict).toBe('noisy');
      expect(t.noise?.snrDb).toBeGreaterThan(8);
      expect(t.noise?.snrDb).toBeLessThan(12);
      expect(wordErrors(sentence, t.text).errors).toBeLessThanOrEqual(3);
    }
  }, 60_000);

  it('a learner drowned by noise as loud as the voice, or louder, is too noisy to judge', async () => {
    for (const snrDb of [0, -5]) {
      const t = await hear({ snrDb });
      expect(t.noise?.verdict).toBe('too-noisy');
      expect(t.noise?.snrDb).toBeLessThan(TOO_NOISY_BELOW_DB);
    }
  }, 60_000);

  it('a quiet learner far from the microphone (30 and 45 dB down) is heard as well as a near one', async () => {
    for (const voice of ['slt', 'rms'] as const) {
      for (const gainDb of [-30, -45]) {
        const t = await hear({ gainDb }, voice);
        // Unraised, the VAD lost the pauses at -45 dB: the SNR read 1 dB and the reading too noisy.
        expect(t.noise?.verdict).toBe('clear');
        expect(wordErrors(sentence, t.text).errors).toBeLessThanOrEqual(1);
      }
    }
  }, 60_000);

  it('a fast and quiet learner (about 260 words a minute, 30 dB down) is heard', async () => {
    const fast = { say: sentence, stretch: 0.7 };
    const bytes = await synthesise([{ silence: 0.5 }, fast, { silence: 0.5 }], 'wav', { gainDb: -30 });
    const t = await transcribeSamples(await decodeAudio({ bytes, contentType: 'audio/wav' }));
    expect(wordErrors(sentence, t.text).errors).toBeLessThanOrEqual(2);
  });
});
