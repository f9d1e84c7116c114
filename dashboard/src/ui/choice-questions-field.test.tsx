import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  type FieldErrors,
  newQuestion,
  type QuestionDraft,
  toQuestionTemplate,
} from './choice-question-draft.ts';
import { ChoiceQuestionsField } from './choice-questions-field.tsx';

let latest: QuestionDraft[] = [];

const Builder = ({ errors = {} }: { errors?: FieldErrors }) => {
  const [questions, setQuestions] = useState<QuestionDraft[]>([newQuestion()]);
  latest = questions;
  return <ChoiceQuestionsField questions={questions} onChange={setQuestions} errors={errors} />;
};

const question = (n: number) => screen.getByRole('group', { name: `Question ${n}` });

describe('multiple-choice question builder', () => {
  it('a question keeps at least two options and at most one expected answer unless several are allowed', async () => {
    render(<Builder />);
    const user = userEvent.setup();
    const q1 = question(1);
    expect(within(q1).getByRole('button', { name: 'Remove option 1' })).toBeDisabled();
    await user.type(within(q1).getByLabelText('Option 1'), 'Yes');
    await user.type(within(q1).getByLabelText('Option 2'), 'No');
    await user.click(within(q1).getByRole('button', { name: 'Add option' }));
    await user.keyboard('Maybe');
    expect(within(q1).getByRole('button', { name: 'Remove option 1' })).toBeEnabled();

    const expected = (n: number) =>
      within(q1).getByRole('checkbox', { name: `Expected answer (option ${n})` });
    await user.click(expected(1));
    await user.click(expected(2));
    expect(expected(1)).not.toBeChecked();
    expect(expected(2)).toBeChecked();

    await user.click(within(q1).getByRole('checkbox', { name: 'Learners may choose several options' }));
    await user.click(expected(3));
    expect(expected(2)).toBeChecked();
    expect(expected(3)).toBeChecked();
    expect(toQuestionTemplate(latest[0] as QuestionDraft).answer).toEqual(['no', 'maybe']);

    // Back to one answer: only the first expected answer stays.
    await user.click(within(q1).getByRole('checkbox', { name: 'Learners may choose several options' }));
    expect(toQuestionTemplate(latest[0] as QuestionDraft).answer).toBe('no');

    // Removing an option drops it from the expected answer and focuses its neighbour.
    await user.click(within(q1).getByRole('button', { name: 'Remove option 2' }));
    expect(within(q1).getByLabelText('Option 2')).toHaveValue('Maybe');
    expect(within(q1).getByLabelText('Option 2')).toHaveFocus();
    expect(toQuestionTemplate(latest[0] as QuestionDraft)).not.toHaveProperty('answer');
  });

  it('questions can be added, moved with the keyboard and removed', async () => {
    render(<Builder />);
    const user = userEvent.setup();
    await user.type(within(question(1)).getByLabelText('Question'), 'First');
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    await user.keyboard('Second');
    expect(screen.getByRole('button', { name: 'Move question 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move question 2 down' })).toBeDisabled();

    screen.getByRole('button', { name: 'Move question 2 up' }).focus();
    await user.keyboard('{Enter}');
    expect(within(question(1)).getByLabelText('Question')).toHaveValue('Second');
    expect(within(question(1)).getByLabelText('Question')).toHaveFocus();
    expect(latest.map((q) => q.text)).toEqual(['Second', 'First']);

    await user.click(screen.getByRole('button', { name: 'Remove question 1' }));
    expect(latest.map((q) => q.text)).toEqual(['First']);
    expect(within(question(1)).getByLabelText('Question')).toHaveFocus();
  });

  it('the "Other" answer label appears only when the question offers it', async () => {
    render(<Builder />);
    const user = userEvent.setup();
    expect(screen.queryByLabelText('Label of the “Other” answer')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Offer an “Other” answer/ }));
    await user.type(screen.getByLabelText('Label of the “Other” answer'), 'Something else');
    expect(toQuestionTemplate(latest[0] as QuestionDraft)).toMatchObject({
      hasOther: true,
      otherText: 'Something else',
    });
  });

  it('shows the errors of each question, option and list where they belong', () => {
    render(
      <Builder
        errors={{
          questions: 'Please add a question',
          'questions.0.text': 'Question text is required',
          'questions.0.options': 'Option values must be different',
          'questions.0.options.1.text': 'Option text is required',
        }}
      />,
    );
    expect(screen.getByText('Please add a question')).toBeInTheDocument();
    const q1 = question(1);
    expect(within(q1).getByLabelText('Question')).toHaveAccessibleDescription('Question text is required');
    expect(within(q1).getByLabelText('Option 2')).toHaveAccessibleDescription('Option text is required');
    expect(within(q1).getByText('Option values must be different')).toBeInTheDocument();
  });
});
