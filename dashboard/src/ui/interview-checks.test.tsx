import {
  INTERVIEW_STRENGTH_NOTES,
  INTERVIEW_WORK_ON_NOTES,
  type InterviewFeedback,
  type InterviewNote,
  interviewNoteText,
  STAR_PARTS,
} from '@coach/shared/contract/interview';
import { render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../i18n/index.ts';
import { InterviewFeedbackCard, noteSentence } from './interview-checks.tsx';

/** Every note with figures and lists of two and more, as the coach's summing up gives them. */
const values: InterviewNote['values'] = {
  pace: 182,
  count: 7,
  rate: 4.5,
  seconds: 6.3,
  stages: ['POSITION', 'ICEBREAKING', 'BEHAVIOURAL'],
  facts: ['industry', 'location'],
  parts: ['situation', 'task', 'action'],
  words: ['customer', 'empathy', 'follow up'],
};
const notes: InterviewNote[] = [
  ...INTERVIEW_STRENGTH_NOTES.map((key) => ({ key, values })),
  ...INTERVIEW_WORK_ON_NOTES.map((key) => ({ key, values })),
  // A story with none of its four parts told names them once.
  { key: 'storyMissing', values: { parts: [...STAR_PARTS] } },
];

const Sentences = () => {
  const { t } = useTranslation('speech');
  return (
    <ul>
      {notes.map((note) => (
        <li key={note.key}>{noteSentence(t, note)}</li>
      ))}
    </ul>
  );
};

const feedback: InterviewFeedback = {
  strengths: ['A comfortable pace of about 130 words a minute.'],
  workOn: [
    'Tell the behavioural story in four parts (situation, task, action, result): make the situation, task, and action clear.',
    'Close each answer with one sentence that sums it up, so the interviewer remembers your point.',
    'Prepare two questions to ask the interviewer at the end; it shows you have thought about the role.',
  ],
  notes: {
    strengths: [{ key: 'goodPace', values: { pace: 130 } }],
    workOn: [
      { key: 'storyMissing', values: { parts: ['situation', 'task', 'action'] } },
      { key: 'closeWithSummary', values: {} },
      { key: 'askQuestions', values: {} },
    ],
  },
};

describe("the interviewer's summing up", () => {
  it('reads in English exactly as the sentences the server stores beside the notes', () => {
    render(<Sentences />);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(
      notes.map(interviewNoteText),
    );
  });

  it('a Vietnamese learner reads the coach’s summing up in Vietnamese, its lists as Vietnamese lists them', async () => {
    await applyLanguage('vi');
    render(<InterviewFeedbackCard feedback={feedback} />);
    expect(screen.getByText('Tốc độ thoải mái, khoảng 130 từ mỗi phút.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Hãy kể câu chuyện tình huống theo bốn phần (tình huống, nhiệm vụ, hành động, kết quả); hãy làm rõ: tình huống, nhiệm vụ và hành động.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Close each answer/)).not.toBeInTheDocument();
  });

  it('a story with none of its parts told names the four once, in Arabic too', async () => {
    expect(interviewNoteText({ key: 'storyMissing', values: { parts: [...STAR_PARTS] } })).toBe(
      'Tell the behavioural story in four parts: the situation, your task, the action you took and its result.',
    );
    await applyLanguage('ar');
    render(
      <InterviewFeedbackCard
        feedback={{
          ...feedback,
          notes: { strengths: [], workOn: [{ key: 'storyMissing', values: { parts: [...STAR_PARTS] } }] },
        }}
      />,
    );
    expect(
      screen.getByText(
        'احكِ قصة السؤال السلوكي في أربعة أجزاء: الموقف، ومهمتك، والإجراء الذي اتخذته، ونتيجته.',
      ),
    ).toBeInTheDocument();
  });

  it('in Dari the figures are written in its own digits', async () => {
    await applyLanguage('fa');
    render(<InterviewFeedbackCard feedback={feedback} />);
    expect(screen.getByText('سرعت راحت: حدود ۱۳۰ کلمه در دقیقه.')).toBeInTheDocument();
  });

  it('a summing up with no notes (a model’s or a reviewer’s) is shown as written', async () => {
    await applyLanguage('vi');
    const { notes: _notes, ...written } = feedback;
    render(<InterviewFeedbackCard feedback={written} />);
    expect(screen.getByText('A comfortable pace of about 130 words a minute.')).toBeInTheDocument();
  });
});
