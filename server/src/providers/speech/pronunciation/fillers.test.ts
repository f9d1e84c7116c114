import { isFillerWord } from '@coach/shared/constants/speech';
import { normaliseWord } from '@coach/shared/format/spoken-words';
import { describe, expect, it } from 'vitest';
import { analyseTranscript } from '../../../services/speech/speech-analytics.ts';
import { decodeAudio } from '../decode-audio.ts';
import { transcribeSamples } from '../index.ts';
import { synthesise } from '../synthesise.ts';

// Hesitations put back by the acoustic model: "um" and "uh" said on purpose were reported as
// "no fillers heard", because the recogniser drops some and writes "uh" as a real word. Audio is synthesised at
// test time with flite (Debian), as the other speech tests do.

const hear = async (pieces: Parameters<typeof synthesise>[0], target?: string) => {
  const samples = await decodeAudio({ bytes: await synthesise(pieces), contentType: 'audio/wav' });
  return transcribeSamples(samples, target ? { target } : {});
};
const fillersIn = (words: { word: string }[]) =>
  words.filter((word) => normaliseWord(word.word).some(isFillerWord)).length;

describe('hesitations the recogniser left out', () => {
  it('an answer with "um" and "uh" said on purpose has them counted as fillers', async () => {
    const heard = await hear([
      { say: 'Well, uh, my name is, um, Sam and, uh, I work in sales.', voice: 'rms' },
    ]);
    expect(fillersIn(heard.words)).toBeGreaterThanOrEqual(2);
    const analysis = analyseTranscript({ transcript: heard });
    expect(analysis.fillers.count).toBeGreaterThanOrEqual(2);
    // The words stay in the order heard, their times inside the recording.
    const starts = heard.words.map((word) => word.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(Math.max(...heard.words.map((word) => word.end))).toBeLessThanOrEqual(heard.durationSeconds);
    expect(heard.text).toBe(heard.words.map((word) => word.word).join(' '));
  });

  it('a sentence read without hesitating gets no filler', async () => {
    for (const voice of ['slt', 'rms'] as const) {
      const sentence = 'I walked to the market and bought a loaf of bread for the family.';
      const heard = await hear([{ say: sentence, voice }]);
      expect(fillersIn(heard.words)).toBe(0);
      expect(analyseTranscript({ transcript: heard, target: sentence }).fillers.count).toBe(0);
    }
  });

  it("a target text's own short words are never taken for a hesitation", async () => {
    const sentence = 'We had a backlog of two hundred complaints and that was a lot.';
    const heard = await hear([{ say: sentence, voice: 'slt' }], sentence);
    const analysis = analyseTranscript({ transcript: heard, target: sentence });
    expect(analysis.words?.filter((word) => word.status === 'omitted').map((word) => word.word)).toEqual([]);
  });
});
