import {
  type SpeechAnalysis,
  type SpeechPhone,
  type SpeechWord,
  unmeasuredSpeechAnalysis,
} from '@coach/shared/contract/speech';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../i18n/index.ts';
import { noSpeechAnalysis } from '../testing/speech-fixtures.ts';
import { SpeechAnalysisPanel } from './speech-analysis.tsx';

const reading: Extract<SpeechAnalysis, { status: 'done' }> = {
  status: 'done',
  transcript: 'Please put the bed book um the shelf now',
  durationSeconds: 3.3,
  wordsPerMinute: 210,
  pauses: [{ start: 12.2, end: 13.7 }],
  longestPauseSeconds: 1.5,
  fillers: { count: 3, per100Words: 12.5, words: ['um', 'uh', 'um'] },
  words: [
    { word: 'Please', start: 0.5, end: 0.9, status: 'correct' },
    { word: 'put', start: 0.9, end: 1.1, status: 'correct' },
    { word: 'the', start: 1.1, end: 1.2, status: 'correct' },
    { word: 'red', start: 1.2, end: 1.5, status: 'mispronounced', heard: 'bed' },
    { word: 'book', start: 1.5, end: 1.8, status: 'correct' },
    { word: 'on', start: null, end: null, status: 'omitted' },
    { word: 'the', start: 2, end: 2.1, status: 'correct' },
    { word: 'shelf.', start: 2.1, end: 2.5, status: 'mispronounced' },
    { word: 'Now.', start: 2.5, end: 2.8, status: 'inserted' },
  ],
  scores: { accuracy: 56, completeness: 88, fluency: 62, pronunciation: 65 },
};

describe('speech analysis', () => {
  it('a learner sees their reading with the mispronounced, missed and extra words described, not only coloured', () => {
    render(<SpeechAnalysisPanel analysis={reading} />);
    const heard = screen.getByRole('region', { name: 'What we heard' });
    expect(within(heard).getByText('(said differently: heard “bed”)')).toHaveClass('visually-hidden');
    // A word heard as written but judged off says why, never "said differently".
    expect(within(heard).getByText('(heard, but not clearly)')).toBeInTheDocument();
    expect(within(heard).queryByText('(said differently)')).not.toBeInTheDocument();
    expect(within(heard).getByText('(missed)')).toBeInTheDocument();
    expect(within(heard).getByText('(extra word)')).toBeInTheDocument();
    // Each marked word carries a visible symbol as well as its style.
    expect(within(heard).getByTitle('missed')).toHaveTextContent('−on');
    expect(within(heard).getByTitle('said differently: heard “bed”')).toHaveTextContent('≈red');
    // An extra word is shown without the recogniser's full stop.
    expect(within(heard).getByTitle('extra word')).toHaveTextContent(/^\+Now \(extra word\)$/);
    const legend = within(heard).getByRole('list', { name: 'Marks' });
    expect(legend).toHaveTextContent('said differently: 2');
    expect(legend).toHaveTextContent('missed: 1');
    expect(legend).toHaveTextContent('extra word: 1');
    // Each line names its mark once: the symbol, then the name ("+ extra word: 1", not "+word extra word: 1").
    expect([...legend.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '≈ said differently: 2',
      '− missed: 1',
      '+ extra word: 1',
    ]);
    const transcript = within(heard).getByText('Please put the bed book um the shelf now');
    // English, read left to right in a right-to-left page too.
    expect(transcript).toHaveAttribute('dir', 'ltr');
    expect(transcript).toHaveAttribute('lang', 'en');
    expect(heard.querySelector('.speech-analysis__reading')).toHaveAttribute('dir', 'ltr');
  });

  it('a word left out where another word was heard is marked and counted as said differently, not missed', () => {
    render(
      <SpeechAnalysisPanel
        analysis={{
          ...reading,
          transcript: 'Very lonely.',
          words: [
            { word: 'Thoroughly.', start: null, end: null, status: 'omitted', heard: 'Very' },
            { word: 'lonely.', start: 0.85, end: 1.3, status: 'inserted' },
          ],
        }}
      />,
    );
    const heard = screen.getByRole('region', { name: 'What we heard' });
    expect(within(heard).getByTitle('said differently: heard “Very”')).toHaveTextContent('≈Thoroughly.');
    const legend = within(heard).getByRole('list', { name: 'Marks' });
    expect([...legend.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '≈ said differently: 1',
      '+ extra word: 1',
    ]);
  });

  it('shows the pace on the 100-165 band with its verdict, the pauses and the fillers', () => {
    render(<SpeechAnalysisPanel analysis={reading} />);
    const pace = screen.getByRole('region', { name: 'Pace' });
    expect(within(pace).getByText('Too fast')).toBeInTheDocument();
    expect(within(pace).getByRole('meter', { name: 'Pace' })).toHaveAttribute(
      'aria-valuetext',
      '210 words a minute: too fast',
    );
    expect(pace).toHaveTextContent('A comfortable pace is 100–165 words a minute.');

    const pauses = screen.getByRole('region', { name: 'Pauses' });
    expect(pauses).toHaveTextContent('1 pause of 1 s or longer; the longest 1.5 s.');
    expect(within(pauses).getByRole('listitem')).toHaveTextContent('at 0:12 for 1.5 s');

    expect(screen.getByRole('region', { name: 'Fillers' })).toHaveTextContent(
      '3 fillers (12.5 per 100 words): “um” × 2, “uh” × 1',
    );
  });

  it('a word or two gets no pace, pauses or fillers verdict: too few words to judge them by', () => {
    render(
      <SpeechAnalysisPanel
        analysis={{
          ...reading,
          transcript: 'Um comfortable.',
          wordsPerMinute: 75,
          words: null,
          fillers: { count: 1, per100Words: 50, words: ['um'] },
        }}
      />,
    );
    const fluency = screen.getByRole('region', { name: 'Pace, pauses and fillers' });
    expect(fluency).toHaveTextContent(
      'Pace, pauses and fillers are judged on 5 words or more: this recording is too short for a verdict.',
    );
    // No "too slow" for one word, no "50 fillers in 100 words" for one "um".
    for (const name of ['Pace', 'Pauses', 'Fillers'])
      expect(screen.queryByRole('region', { name })).not.toBeInTheDocument();
    expect(screen.queryByText('Too slow')).not.toBeInTheDocument();
    expect(screen.queryByText(/per 100 words/)).not.toBeInTheDocument();
    expect(screen.queryByRole('meter', { name: 'Pace' })).not.toBeInTheDocument();
    // Nor a fluency figure: a 100 sat beside "too short for a verdict".
    const scores = screen.getByRole('region', { name: 'Scores' });
    expect(within(scores).queryByRole('meter', { name: 'Fluency' })).toBeNull();
    expect(within(scores).getByText('Fluency').closest('li')).toHaveTextContent('Not judged on so few words');
    expect(within(scores).getByRole('meter', { name: 'Accuracy' })).toBeInTheDocument();
  });

  it('shows the four scores as meters out of 100', () => {
    render(<SpeechAnalysisPanel analysis={reading} />);
    const scores = screen.getByRole('region', { name: 'Scores' });
    for (const [name, value] of [
      ['Pronunciation', 65],
      ['Accuracy', 56],
      ['Completeness', 88],
      ['Fluency', 62],
    ] as const) {
      const meter = within(scores).getByRole('meter', { name });
      expect(meter).toHaveValue(value);
      expect(meter).toHaveAttribute('aria-valuetext', `${value} out of 100`);
    }
    expect(scores).toHaveTextContent('Share of the text read');
  });

  it('when none of the words was said, fluency shows no figure, only why, not a perfect score beside zeros', () => {
    render(
      <SpeechAnalysisPanel
        analysis={{ ...reading, scores: { accuracy: 0, completeness: 0, fluency: 100, pronunciation: 0 } }}
      />,
    );
    const scores = screen.getByRole('region', { name: 'Scores' });
    const fluency = within(scores).getByText('Fluency').closest('li');
    expect(fluency).toHaveClass('speech-scores__item--muted');
    expect(fluency).toHaveTextContent('Fluency counts only when the words were said');
    // No figure at all: a greyed 100 still read as a perfect score.
    expect(within(scores).queryByRole('meter', { name: 'Fluency' })).toBeNull();
    expect(fluency).not.toHaveTextContent('100');
    expect(fluency).not.toHaveTextContent('Pace, pauses and fillers');
    // The other scores are as they were.
    expect(within(scores).getByRole('meter', { name: 'Accuracy' }).closest('li')).not.toHaveClass(
      'speech-scores__item--muted',
    );
  });

  it('free speech shows the transcript as heard, a good pace and no pauses or fillers', () => {
    render(
      <SpeechAnalysisPanel
        analysis={{
          ...reading,
          transcript: 'I enjoy working with people.',
          wordsPerMinute: 130,
          pauses: [],
          longestPauseSeconds: 0,
          fillers: { count: 0, per100Words: 0, words: [] },
          words: null,
        }}
      />,
    );
    expect(screen.getByRole('region', { name: 'What we heard' })).toHaveTextContent(
      'I enjoy working with people.',
    );
    expect(screen.queryByRole('list', { name: 'Marks' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Pace' })).toHaveTextContent('130 words a minute Good');
    expect(screen.getByText('No pauses of 1 s or longer.')).toBeInTheDocument();
    expect(screen.getByText('No fillers heard.')).toBeInTheDocument();
    expect(screen.getByText('Share of words heard clearly')).toBeInTheDocument();
  });

  it('a learner whose recording was silent is told so and records again', async () => {
    const onRetry = vi.fn();
    render(<SpeechAnalysisPanel onRetry={onRetry} analysis={noSpeechAnalysis(5)} />);
    expect(screen.getByRole('heading', { name: 'We could not hear speech' })).toBeInTheDocument();
    expect(screen.queryByRole('meter')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Record again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('without onRetry, a silent recording offers no button', () => {
    render(
      <SpeechAnalysisPanel
        analysis={{
          ...reading,
          status: 'no-speech',
          words: null,
          scores: { accuracy: 0, completeness: 0, fluency: 0, pronunciation: 0 },
        }}
      />,
    );
    expect(screen.getByText('We could not hear speech')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('a recording still being analysed says so and is busy', () => {
    render(<SpeechAnalysisPanel analysis={unmeasuredSpeechAnalysis('pending')} title="Your reading" />);
    expect(screen.getByRole('status')).toHaveTextContent('Analysing your recording…');
    expect(screen.getByRole('region', { name: 'Your reading' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('meter')).not.toBeInTheDocument();
  });

  it('a failed analysis is an alert with Try again', async () => {
    const onRetry = vi.fn();
    render(<SpeechAnalysisPanel analysis={unmeasuredSpeechAnalysis('failed')} onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('We could not analyse this recording');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

/** A done analysis of a reading whose words carry the sounds the phone aligner heard. */
const withSounds = (
  words: SpeechWord[],
  extra: Partial<Extract<SpeechAnalysis, { status: 'done' }>> = {},
) => ({
  ...reading,
  transcript: 'I fink the ouse on the estreet',
  words,
  ...extra,
});
const correct = (phone: SpeechPhone['phone']): SpeechPhone => ({ phone, score: 92, status: 'correct' });
const think: SpeechWord = {
  word: 'think',
  start: 0.3,
  end: 0.6,
  status: 'mispronounced',
  heard: 'fink',
  phones: [
    { phone: 'TH', heard: 'F', score: 18, status: 'mispronounced' },
    correct('IH'),
    correct('NG'),
    correct('K'),
  ],
};
const house: SpeechWord = {
  word: 'house',
  start: 1,
  end: 1.4,
  status: 'mispronounced',
  phones: [{ phone: 'HH', score: 0, status: 'omitted' }, correct('AW'), correct('S')],
};
const street: SpeechWord = {
  word: 'street.',
  start: 1.8,
  end: 2.3,
  status: 'mispronounced',
  phones: [
    { phone: 'AH', score: 30, status: 'inserted' },
    correct('S'),
    correct('T'),
    correct('R'),
    correct('IY'),
    correct('T'),
  ],
};
const three: SpeechWord = {
  word: 'three',
  start: 2.4,
  end: 2.7,
  status: 'mispronounced',
  phones: [{ phone: 'TH', score: 45, status: 'mispronounced' }, correct('R'), correct('IY')],
};
const on: SpeechWord = { word: 'on', start: null, end: null, status: 'omitted' };

const hearButton = (text: string) => (
  <button type="button" aria-label={`Hear it: ${text}`}>
    ▶
  </button>
);

describe('the sounds of the words to practise', () => {
  it('a learner sees the sound said wrong marked in the word, in a sentence, with the tip for it', () => {
    render(<SpeechAnalysisPanel analysis={withSounds([think])} renderHearIt={hearButton} />);
    const practice = screen.getByRole('region', { name: 'Words to practise' });
    const item = within(practice).getByRole('listitem');
    // The word's sounds in IPA between slashes, the wrong one marked (bold, underlined and tinted, a <mark>).
    expect(item).toHaveTextContent('think/θɪŋk/');
    const marked = item.querySelectorAll('mark');
    expect([...marked].map((mark) => mark.textContent)).toEqual(['θ']);
    expect(marked[0]).toHaveClass('speech-sound--mispronounced');
    expect(item).toHaveTextContent('You said /f/ for /θ/ in think.');
    expect(item).toHaveTextContent(
      'Tip /θ/ as in think: put the tip of your tongue lightly between your teeth and blow out gently, with no voice.',
    );
    expect(within(item).getByRole('button', { name: 'Hear it: think' })).toBeInTheDocument();
  });

  it('in the reading, a word marked for a sound says which: said /f/ for /θ/, not "said differently"', () => {
    // "think" heard as written by the recogniser, its /θ/ heard as /f/ by the sounds.
    const { heard: _fink, ...thinkAsWritten } = think;
    render(<SpeechAnalysisPanel analysis={withSounds([thinkAsWritten, house])} />);
    const heard = screen.getByRole('region', { name: 'What we heard' });
    expect(within(heard).getByTitle('said /f/ for /θ/')).toHaveTextContent('think');
    expect(within(heard).getByTitle('a sound missed or added: /h/')).toHaveTextContent('house');
  });

  it('a missed sound, an added vowel and an unclear sound each read as a sentence', () => {
    const unclear: SpeechWord = {
      ...three,
      phones: [{ phone: 'TH', score: 45, status: 'mispronounced' }, correct('R'), correct('IY')],
    };
    render(<SpeechAnalysisPanel analysis={withSounds([house, street, unclear])} />);
    const practice = screen.getByRole('region', { name: 'Words to practise' });
    const items = within(practice).getAllByRole('listitem');
    // Worst first: the missed /h/ (0), the added vowel (30), then the unclear /θ/ (45).
    expect(items[0]).toHaveTextContent('/h/ was not heard in house.');
    expect(items[0]?.querySelector('mark')).toHaveClass('speech-sound--omitted');
    expect(items[0]).toHaveTextContent('/h/ as in house: breathe out through an open mouth');
    // The word's punctuation is not part of it.
    expect(items[1]).toHaveTextContent('A vowel was added before /s/ in street.');
    expect(items[1]).toHaveTextContent('/əstriːt/');
    expect(items[1]).toHaveTextContent('Start straight on the hiss');
    expect(items[2]).toHaveTextContent('/θ/ in three was unclear.');
    expect(items[2]).toHaveTextContent('Tip /θ/ as in think');
  });

  it('shows the worst three words with their tips, each tip once, and folds the rest away', () => {
    render(<SpeechAnalysisPanel analysis={withSounds([on, three, think, house, street])} />);
    const practice = screen.getByRole('region', { name: 'Words to practise' });
    const first = within(practice).getByRole('list', { name: 'Words to practise' });
    const shown = within(first).getAllByRole('listitem');
    expect(shown.map((item) => item.querySelector('.speech-practice__word')?.textContent)).toEqual([
      'house',
      'think',
      'street',
    ]);
    // think's tip is given once; three, folded away below, repeats none.
    expect(practice.textContent?.match(/\/θ\/ as in think:/g)).toHaveLength(1);
    const more = within(practice).getByText('Show 2 more words');
    expect(more.closest('details')).not.toHaveAttribute('open');
    expect(more.closest('details')).toHaveTextContent('/θ/ in three was unclear.');
    expect(more.closest('details')).toHaveTextContent('onNot heard: it may have been skipped.');
  });

  it('a word missed twice in a passage is one word to practise, with its worse sound', () => {
    const again: SpeechWord = {
      ...think,
      word: 'Think',
      start: 3,
      end: 3.3,
      heard: 'tink',
      phones: [
        { phone: 'TH', heard: 'T', score: 30, status: 'mispronounced' },
        correct('IH'),
        correct('NG'),
        correct('K'),
      ],
    };
    render(<SpeechAnalysisPanel analysis={withSounds([think, house, again])} />);
    const practice = screen.getByRole('region', { name: 'Words to practise' });
    const words = within(practice)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('.speech-practice__word')?.textContent);
    expect(words).toEqual(['house', 'think']);
    expect(practice).toHaveTextContent('You said /f/ for /θ/ in think');
  });

  it('a word said as another word says which word was heard, not that it may have been skipped', () => {
    // The recogniser heard "sheep" where the item says "ship": the word counts as missed, yet it was said.
    // The transcript's word comes with its punctuation ("sheep."): quoted, it is the word alone.
    const ship: SpeechWord = { word: 'ship.', start: null, end: null, status: 'omitted', heard: 'sheep.' };
    render(<SpeechAnalysisPanel analysis={withSounds([ship, on])} />);
    const practice = screen.getByRole('region', { name: 'Words to practise' });
    const [said, missed] = within(practice).getAllByRole('listitem');
    expect(said).toHaveTextContent('We heard “sheep” instead of “ship”.');
    expect(said).not.toHaveTextContent('Not heard');
    // A word truly not heard still says so.
    expect(missed).toHaveTextContent('onNot heard: it may have been skipped.');
    const heard = screen.getByRole('region', { name: 'What we heard' });
    expect(within(heard).getByTitle('said differently: heard “sheep”')).toHaveTextContent('ship.');
  });

  it('a word said as another word names that word, not a sound of its own or a tip for it', () => {
    // "by" heard where the item says "particularly": the aligner found few of its sounds, none of them attempted.
    const particularly: SpeechWord = {
      word: 'particularly',
      start: 0.4,
      end: 0.7,
      status: 'mispronounced',
      heard: 'by',
      phones: [
        { phone: 'P', heard: 'B', score: 20, status: 'mispronounced' },
        { phone: 'ER', score: 0, status: 'omitted' },
        { phone: 'T', score: 0, status: 'omitted' },
        { phone: 'IH', score: 0, status: 'omitted' },
        { phone: 'K', score: 0, status: 'omitted' },
        correct('Y'),
        { phone: 'AH', score: 0, status: 'omitted' },
        { phone: 'L', score: 0, status: 'omitted' },
        { phone: 'ER', score: 0, status: 'omitted' },
        { phone: 'L', score: 0, status: 'omitted' },
        { phone: 'IY', score: 0, status: 'omitted' },
      ],
    };
    render(<SpeechAnalysisPanel analysis={withSounds([particularly, think])} />);
    const practice = screen.getByRole('region', { name: 'Words to practise' });
    const item = within(practice)
      .getAllByRole('listitem')
      .find((entry) => entry.textContent?.startsWith('particularly'));
    expect(item).toHaveTextContent('We heard “by” instead of “particularly”.');
    expect(item).not.toHaveTextContent('/b/');
    expect(item?.querySelector('.speech-practice__tip')).toBeNull();
    expect(item?.querySelector('mark')).toBeNull();
    // "fink" for "think", one sound off, still names the sound and its tip.
    expect(practice).toHaveTextContent('You said /f/ for /θ/ in think.');
    expect(practice).toHaveTextContent('Tip /θ/ as in think');
  });

  it('a missed word with an extra word heard right beside it says that word was heard instead', () => {
    // "potatoes" read for "patience": spelt too differently to pair, the transcript has one word for the other.
    const patience: SpeechWord = { word: 'patience.', start: null, end: null, status: 'omitted' };
    const potatoes: SpeechWord = { word: 'potatoes.', start: 4.1, end: 4.6, status: 'inserted' };
    const your: SpeechWord = { word: 'your', start: 3.8, end: 4.0, status: 'correct' };
    render(<SpeechAnalysisPanel analysis={withSounds([your, patience, potatoes, on])} />);
    const practice = screen.getByRole('region', { name: 'Words to practise' });
    const [said, missed] = within(practice).getAllByRole('listitem');
    expect(said).toHaveTextContent('We heard “potatoes” instead of “patience”.');
    // A missed word with no extra word beside it still says it may have been skipped.
    expect(missed).toHaveTextContent('onNot heard: it may have been skipped.');
  });

  it('in Arabic the word heard instead reads right to left, the English words isolated', async () => {
    await applyLanguage('ar');
    const ship: SpeechWord = { word: 'ship', start: null, end: null, status: 'omitted', heard: 'sheep' };
    render(<SpeechAnalysisPanel analysis={withSounds([ship])} />);
    const item = within(screen.getByRole('region', { name: 'كلمات للتدرّب عليها' })).getByRole('listitem');
    expect(item).toHaveTextContent('سمعنا «sheep» بدلًا من «ship».');
    expect([...item.querySelectorAll('bdi.speech-said')].map((word) => word.textContent)).toEqual([
      'sheep',
      'ship',
    ]);
  });

  it('a reviewer reads what was heard, not what "you" said', () => {
    render(<SpeechAnalysisPanel analysis={withSounds([think])} viewer="reviewer" />);
    expect(screen.getByRole('region', { name: 'Words to practise' })).toHaveTextContent(
      '/f/ was heard for /θ/ in think.',
    );
  });

  it('an analysis made before sounds were heard shows no words to practise', () => {
    render(<SpeechAnalysisPanel analysis={reading} />);
    const practice = screen.getByRole('region', { name: 'Words to practise' });
    // Marked words still list, without sounds: "red" heard as "bed", "shelf." unclear, "on" missed.
    expect(within(practice).getAllByRole('listitem')[0]).toHaveTextContent(
      'redWe heard “bed” instead of “red”.',
    );
    expect(practice.querySelector('.speech-sounds')).toBeNull();
    render(<SpeechAnalysisPanel analysis={{ ...reading, words: reading.words?.slice(0, 3) ?? null }} />);
    expect(screen.getAllByRole('region', { name: 'Words to practise' })).toHaveLength(1);
  });

  it('in Arabic the sentence reads right to left with the sounds kept left to right', async () => {
    await applyLanguage('ar');
    render(<SpeechAnalysisPanel analysis={withSounds([think])} />);
    const practice = screen.getByRole('region', { name: 'كلمات للتدرّب عليها' });
    expect(practice).toHaveTextContent('قلت /f/ بدلًا من /θ/ في think.');
    for (const sound of practice.querySelectorAll('.speech-sounds, .speech-ipa'))
      expect(sound).toHaveAttribute('dir', 'ltr');
  });
});

describe('noise and prosody', () => {
  const tooNoisy: SpeechAnalysis = {
    status: 'too-noisy',
    transcript: 'please put',
    durationSeconds: 4,
    wordsPerMinute: 0,
    pauses: [],
    longestPauseSeconds: 0,
    fillers: { count: 0, per100Words: 0, words: [] },
    words: null,
    noise: { snrDb: 2.5, verdict: 'too-noisy' },
    scores: { accuracy: 0, completeness: 0, fluency: 0, pronunciation: 0 },
  };

  it('a learner whose recording was too noisy is told to find a quieter place and records again', async () => {
    const onRetry = vi.fn();
    render(<SpeechAnalysisPanel analysis={tooNoisy} onRetry={onRetry} />);
    expect(screen.getByRole('heading', { name: 'Too noisy to score' })).toBeInTheDocument();
    expect(screen.getByText(/^Find a quieter place and record again\./)).toBeInTheDocument();
    // Not scored: no meter suggests a 0 the learner earned.
    expect(screen.queryByRole('meter')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Record again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('a reviewer sees why a too-noisy recording has no score, with nothing to press', () => {
    render(<SpeechAnalysisPanel analysis={tooNoisy} viewer="reviewer" />);
    expect(
      screen.getByText('Background noise covered the voice, so this recording was not scored.'),
    ).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('a recording heard through some noise is scored, with a gentle hint', () => {
    render(<SpeechAnalysisPanel analysis={{ ...reading, noise: { snrDb: 12, verdict: 'noisy' } }} />);
    expect(screen.getByRole('note')).toHaveTextContent(
      'It was a little noisy where you recorded. A quieter place makes your scores more reliable.',
    );
    expect(screen.getByRole('meter', { name: 'Pronunciation' })).toHaveValue(65);
  });

  it('a clear recording has no noise hint', () => {
    render(<SpeechAnalysisPanel analysis={{ ...reading, noise: { snrDb: 30, verdict: 'clear' } }} />);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('prosody shows its score beside the others and one sentence of advice', () => {
    render(
      <SpeechAnalysisPanel
        analysis={{
          ...reading,
          prosody: {
            score: 58,
            pitchVariationSemitones: 1.4,
            questionRise: null,
            stress: { matched: 5, of: 8 },
            advice: 'monotone',
          },
        }}
      />,
    );
    const scores = screen.getByRole('region', { name: 'Scores' });
    const meter = within(scores).getByRole('meter', { name: 'Intonation' });
    expect(meter).toHaveValue(58);
    expect(meter).toHaveAttribute('aria-valuetext', '58 out of 100');
    expect(scores).toHaveTextContent('Stress in place on 5 of 8');
    expect(scores).toHaveTextContent(
      'Intonation: The voice stays quite flat. Let it rise on the words that matter and fall at the end of a statement.',
    );
    expect(within(scores).getAllByRole('meter')).toHaveLength(5);
  });

  it('a word said alone is told whether its stress was in place, not "0 of 1"', () => {
    const prosody = { score: 40, pitchVariationSemitones: 3, questionRise: null, advice: 'stress' } as const;
    const { unmount } = render(
      <SpeechAnalysisPanel
        analysis={{ ...reading, prosody: { ...prosody, stress: { matched: 0, of: 1 } } }}
      />,
    );
    const scores = screen.getByRole('region', { name: 'Scores' });
    expect(scores).toHaveTextContent('Stressed on another syllable');
    expect(scores).not.toHaveTextContent('0 of 1');
    // The advice is of that word, and says how to hear where its stress goes; not of "some words".
    expect(scores).toHaveTextContent(
      'This word was stressed on another syllable. Press Hear it to hear which one',
    );
    expect(scores).not.toHaveTextContent('Some words');
    unmount();
    render(
      <SpeechAnalysisPanel
        analysis={{ ...reading, prosody: { ...prosody, stress: { matched: 1, of: 1 } } }}
      />,
    );
    expect(screen.getByRole('region', { name: 'Scores' })).toHaveTextContent(
      'Stressed on the right syllable',
    );
  });

  it('each piece of prosody advice is a sentence of its own', () => {
    for (const [advice, sentence] of [
      ['questionRise', 'The question did not rise at the end.'],
      ['stress', 'Some words were stressed on the wrong syllable.'],
      ['narrow', 'The voice moves, but within a narrow range.'],
      ['good', 'The voice rises and falls naturally'],
    ] as const) {
      const { unmount } = render(
        <SpeechAnalysisPanel
          analysis={{
            ...reading,
            prosody: { score: 70, pitchVariationSemitones: 4, questionRise: false, stress: null, advice },
          }}
        />,
      );
      expect(screen.getByRole('region', { name: 'Scores' })).toHaveTextContent(sentence);
      unmount();
    }
  });
});
