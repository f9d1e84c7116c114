import type { PronunciationResult } from '@coach/shared/contract/tasks';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../i18n/index.ts';
import { PronunciationScore } from './pronunciation-score.tsx';

const result: PronunciationResult = {
  score: 72,
  passingScore: 60,
  passed: true,
  method: 'speech',
  engine: 'embedded',
  accent: 'en-AU',
  strictness: 'balanced',
  items: [{ expected: 'think', score: 72, heard: 'think' }],
  scoredAt: '2026-03-01T09:00:00.000Z',
};

afterEach(() => applyLanguage('en'));

describe('the pronunciation score', () => {
  it("names the accent it was scored against in the reader's language, not by its code", async () => {
    await applyLanguage('en');
    const { unmount } = render(<PronunciationScore result={result} who="you" />);
    expect(
      await screen.findByText(
        'Scored from what the coach heard in your recordings (\u2068Australian English\u2069).',
      ),
    ).toBeInTheDocument();
    unmount();
    await applyLanguage('ar');
    render(<PronunciationScore result={result} who="you" />);
    expect(await screen.findByText(/الإنجليزية الأسترالية/)).toBeInTheDocument();
    expect(screen.queryByText(/en.AU/)).toBeNull();
  });

  it('writes the accent in lower case mid-sentence where the language does (Spanish, Ukrainian)', async () => {
    await applyLanguage('es');
    const { unmount } = render(<PronunciationScore result={result} who="you" />);
    expect(await screen.findByText(/\(\u2068inglés australiano\u2069\)/)).toBeInTheDocument();
    unmount();
    await applyLanguage('uk');
    render(<PronunciationScore result={result} who="you" />);
    expect(await screen.findByText(/\(\u2068австралійська англійська\u2069\)/)).toBeInTheDocument();
  });
});
