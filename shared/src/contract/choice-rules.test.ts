import { describe, expect, it } from 'vitest';
import {
  choiceProblem,
  chooseOption,
  chooseOther,
  isAnswered,
  otherLabel,
  typeOther,
} from './choice-rules.ts';
import type { QuestionTemplate } from './tasks.ts';

const question = (overrides: Partial<QuestionTemplate> = {}): QuestionTemplate => ({
  id: 'q1',
  type: 'multiple-choice',
  text: 'How do you greet a customer?',
  options: [
    { text: 'Hello', value: 'hello' },
    { text: 'Hi there', value: 'hi' },
    { text: 'Good morning', value: 'morning' },
  ],
  hasOther: false,
  multipleSelection: false,
  required: true,
  ...overrides,
});

describe('multiple-choice rules', () => {
  it('a required question must be answered; an optional one may be left blank', () => {
    expect(choiceProblem(question(), undefined)).toBe('Please answer this question');
    expect(choiceProblem(question(), { values: [] })).toBe('Please answer this question');
    expect(choiceProblem(question({ required: false }), undefined)).toBeNull();
    expect(choiceProblem(question(), { values: ['hi'] })).toBeNull();
  });

  it('a one-answer question takes a single option: choosing another replaces it', () => {
    const q = question();
    const first = chooseOption(q, undefined, 'hello', true);
    expect(first).toEqual({ values: ['hello'] });
    expect(chooseOption(q, first, 'hi', true)).toEqual({ values: ['hi'] });
    expect(choiceProblem(q, { values: ['hello', 'hi'] })).toBe('Please choose one answer');
  });

  it('a multiple-selection question adds and removes options and keeps the other text', () => {
    const q = question({ multipleSelection: true, hasOther: true });
    let answer = chooseOption(q, undefined, 'hello', true);
    answer = chooseOption(q, answer, 'morning', true);
    answer = chooseOther(q, answer, true);
    answer = typeOther(answer, 'Welcome!');
    expect(answer).toEqual({ values: ['hello', 'morning'], other: 'Welcome!' });
    answer = chooseOption(q, answer, 'hello', false);
    expect(answer).toEqual({ values: ['morning'], other: 'Welcome!' });
    expect(choiceProblem(q, answer)).toBeNull();
    expect(chooseOther(q, answer, false)).toEqual({ values: ['morning'] });
  });

  it('choosing Other in a one-answer question drops the option; choosing an option drops Other', () => {
    const q = question({ hasOther: true, otherText: 'Something else' });
    const withOther = chooseOther(q, { values: ['hi'] }, true);
    expect(withOther).toEqual({ values: [], other: '' });
    expect(chooseOption(q, typeOther(withOther, 'Yo'), 'hi', true)).toEqual({ values: ['hi'] });
  });

  it('a chosen Other needs its text, and its label is the author’s text or "Other"', () => {
    const q = question({ hasOther: true, otherText: 'Something else' });
    expect(choiceProblem(q, { values: [], other: '  ' })).toBe(
      'Please type your answer for "Something else"',
    );
    expect(isAnswered({ values: [], other: '  ' })).toBe(false);
    expect(choiceProblem(q, { values: [], other: 'Howdy' })).toBeNull();
    expect(otherLabel(question())).toBe('Other');
    expect(otherLabel(question({ otherText: '  ' }))).toBe('Other');
  });

  it('only the question’s options count, and Other only where the question offers it', () => {
    expect(choiceProblem(question(), { values: ['bonjour'] })).toBe('Please choose from the options given');
    expect(choiceProblem(question({ hasOther: false }), { values: [], other: 'Hey' })).toBe(
      'Please choose from the options given',
    );
  });
});
