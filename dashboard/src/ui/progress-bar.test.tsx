import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../i18n/index.ts';
import { ProgressBar } from './progress-bar.tsx';

// The figure beside a progress bar is written as the reader's language writes a percentage.

afterEach(() => applyLanguage('en'));

const figure = (value: number) =>
  render(<ProgressBar value={value} label="Progress" />).container.querySelector('.progress__value')
    ?.textContent;

describe('ProgressBar', () => {
  it("writes its figure in the reader's digits and percent sign, kept within 0 to 100", async () => {
    await applyLanguage('en');
    expect(figure(25)).toBe('25%');
    expect(figure(140)).toBe('100%');
    await applyLanguage('fa');
    expect(figure(25)).toBe('۲۵٪');
    await applyLanguage('ar');
    // Arabic's own way (its digits or Latin ones, as the browser's data has it), direction marks and all.
    expect(figure(25)).toBe(new Intl.NumberFormat('ar', { style: 'percent' }).format(0.25));
  });
});
