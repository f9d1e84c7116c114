import type { ChoiceAnswer, QuestionTemplate } from '@coach/shared/contract/tasks';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../i18n/index.ts';
import { MultipleChoiceQuestion } from './multiple-choice.tsx';

const base: QuestionTemplate = {
  id: 'q1',
  type: 'multiple-choice',
  text: 'Which greetings are polite?',
  options: [
    { text: 'Hello', value: 'hello' },
    { text: 'Oi', value: 'oi' },
  ],
  hasOther: true,
  otherText: 'Another greeting',
  multipleSelection: false,
  required: true,
};

const Harness = ({ question, seen }: { question: QuestionTemplate; seen: ChoiceAnswer[] }) => {
  const [answer, setAnswer] = useState<ChoiceAnswer | undefined>(undefined);
  return (
    <MultipleChoiceQuestion
      question={question}
      number={1}
      answer={answer}
      onChange={(next) => {
        seen.push(next);
        setAnswer(next);
      }}
    />
  );
};

describe('multiple-choice question', () => {
  it('a learner answers a one-answer question with radios and types their own "Other" answer', async () => {
    const seen: ChoiceAnswer[] = [];
    render(<Harness question={base} seen={seen} />);
    const user = userEvent.setup();
    const group = screen.getByRole('group', { name: /Which greetings are polite/ });
    expect(group).toHaveAccessibleDescription(/Choose one answer · Required/);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Hello' }));
    expect(seen.at(-1)).toEqual({ values: ['hello'] });
    expect(screen.queryByLabelText(/Your answer for/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Another greeting' }));
    expect(screen.getByRole('radio', { name: 'Hello' })).not.toBeChecked();
    await user.type(screen.getByLabelText(/^Your answer for “\u2068Another greeting\u2069”$/), 'Good day');
    expect(seen.at(-1)).toEqual({ values: [], other: 'Good day' });
  });

  it("an Arabic reader's unnamed Other answer is in Arabic, and so is its text box's label", async () => {
    await applyLanguage('ar');
    try {
      render(<Harness question={{ ...base, otherText: '' }} seen={[]} />);
      await userEvent.setup().click(screen.getByRole('radio', { name: 'أخرى' }));
      expect(screen.getByLabelText('إجابتك عن «\u2068أخرى\u2069»')).toBeInTheDocument();
    } finally {
      await applyLanguage('en');
    }
  });

  it('a learner ticks several options of a multiple-selection question with checkboxes', async () => {
    const seen: ChoiceAnswer[] = [];
    render(
      <Harness
        question={{ ...base, multipleSelection: true, hasOther: false, required: false }}
        seen={seen}
      />,
    );
    const user = userEvent.setup();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByRole('group')).toHaveAccessibleDescription(/Choose all that apply · Optional/);
    await user.click(screen.getByRole('checkbox', { name: 'Hello' }));
    await user.click(screen.getByRole('checkbox', { name: 'Oi' }));
    expect(seen.at(-1)).toEqual({ values: ['hello', 'oi'] });
    await user.click(screen.getByRole('checkbox', { name: 'Hello' }));
    expect(seen.at(-1)).toEqual({ values: ['oi'] });
    expect(screen.queryByRole('checkbox', { name: /Other/ })).not.toBeInTheDocument();
  });

  it('a learner in Arabic sees an English question and its options in their own direction (the ? stays at the end)', () => {
    render(
      <div dir="rtl">
        <MultipleChoiceQuestion question={base} number={1} answer={undefined} onChange={() => {}} />
        <MultipleChoiceQuestion
          question={base}
          number={2}
          answer={{ values: ['hello'] }}
          onChange={() => {}}
          readOnly
        />
      </div>,
    );
    const questions = screen.getAllByText('Which greetings are polite?');
    expect(questions).toHaveLength(2);
    for (const question of questions) expect(question).toHaveAttribute('dir', 'auto');
    for (const option of screen.getAllByText('Hello')) expect(option).toHaveAttribute('dir', 'auto');
  });
});
