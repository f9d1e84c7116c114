import { type SpeechAnalysis, unmeasuredSpeechAnalysis } from '@coach/shared/contract/speech';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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
    { word: 'now', start: 2.5, end: 2.8, status: 'inserted' },
  ],
  scores: { accuracy: 56, completeness: 88, fluency: 62, pronunciation: 65 },
};

describe('speech analysis', () => {
  it('a learner sees their reading with the mispronounced, missed and extra words described, not only coloured', () => {
    render(<SpeechAnalysisPanel analysis={reading} />);
    const heard = screen.getByRole('region', { name: 'What we heard' });
    expect(within(heard).getByText('(said differently: heard “bed”)')).toHaveClass('visually-hidden');
    expect(within(heard).getByText('(said differently)')).toBeInTheDocument();
    expect(within(heard).getByText('(missed)')).toBeInTheDocument();
    expect(within(heard).getByText('(extra word)')).toBeInTheDocument();
    // Each marked word carries a visible symbol as well as its style.
    expect(within(heard).getByTitle('missed')).toHaveTextContent('−on');
    expect(within(heard).getByTitle('said differently: heard “bed”')).toHaveTextContent('≈red');
    const legend = within(heard).getByRole('list', { name: 'Marks' });
    expect(legend).toHaveTextContent('said differently: 2');
    expect(legend).toHaveTextContent('missed: 1');
    expect(legend).toHaveTextContent('extra word: 1');
    expect(within(heard).getByText('Please put the bed book um the shelf now')).toBeInTheDocument();
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
    render(
      <SpeechAnalysisPanel
        onRetry={onRetry}
        analysis={{
          status: 'no-speech',
          transcript: '',
          durationSeconds: 5,
          wordsPerMinute: 0,
          pauses: [],
          longestPauseSeconds: 0,
          fillers: { count: 0, per100Words: 0, words: [] },
          words: null,
          scores: { accuracy: 0, completeness: 0, fluency: 0, pronunciation: 0 },
        }}
      />,
    );
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
