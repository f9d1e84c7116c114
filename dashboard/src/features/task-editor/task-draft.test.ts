import type { Task } from '@coach/shared/contract/tasks';
import { describe, expect, it } from 'vitest';
import {
  newOption,
  newQuestion,
  optionValues,
  type QuestionDraft,
  slugOf,
  toQuestionTemplate,
} from '../../ui/choice-question-draft.ts';
import {
  draftFingerprint,
  fromTask,
  newDraft,
  placeErrors,
  type TaskDraft,
  validateDraft,
  withType,
} from './task-draft.ts';

const filled = (type: TaskDraft['type'], extra: Partial<TaskDraft> = {}): TaskDraft => ({
  ...newDraft(type),
  title: 'Greet a customer',
  ...extra,
});

const meta = {
  _id: 't1',
  archived: false,
  likeCount: 0,
  viewCount: 0,
  assignedCount: 0,
  completedCount: 0,
  groupIds: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('task draft defaults', () => {
  it('a new Get Interview Ready task starts in the IVR category, spoken readings in Audio, others in Communication', () => {
    expect(newDraft(6).category).toBe('IVR');
    expect(newDraft(5).category).toBe('Audio');
    expect(newDraft(4).category).toBe('Communication');
  });

  it('switching the type keeps the title and follows the default category unless the author chose one', () => {
    const read = { ...newDraft(1), title: 'Kept' };
    const interview = withType(read, 6);
    expect(interview).toMatchObject({ type: 6, title: 'Kept', category: 'IVR' });
    expect(withType(interview, 2).category).toBe('Audio');
    expect(withType(interview, 7).category).toBe('Communication');
    expect(withType({ ...read, category: 'Audio' }, 6).category).toBe('Audio');
  });
});

describe('option values of a multiple-choice question', () => {
  it('are made from the text, unique, and from the position when the text has no letters', () => {
    expect(slugOf('  Très Bien!  ')).toBe('tres-bien');
    const values = optionValues([newOption('Yes'), newOption('yes'), newOption('???'), newOption('Yes')]);
    expect(values).toEqual(['yes', 'yes-2', 'option-3', 'yes-3']);
    expect(new Set(values).size).toBe(4);
  });

  it('keep the value a saved option has, even when its text changes', () => {
    const saved = { ...newOption('Renamed'), savedValue: 'a' };
    expect(optionValues([saved, newOption('A')])).toEqual(['a', 'a-2']);
  });

  it('the expected answer is one value for a single choice and a list for several', () => {
    const question: QuestionDraft = {
      ...newQuestion(),
      text: 'Which are polite?',
      options: [newOption('Please'), newOption('Thank you'), newOption('Now!')],
    };
    const [please, thanks] = question.options;
    const single = toQuestionTemplate({ ...question, answerKeys: [please?.key ?? ''] });
    expect(single.answer).toBe('please');
    const several = toQuestionTemplate({
      ...question,
      multipleSelection: true,
      answerKeys: [please?.key ?? '', thanks?.key ?? ''],
    });
    expect(several.answer).toEqual(['please', 'thank-you']);
    expect(toQuestionTemplate(question)).not.toHaveProperty('answer');
  });
});

describe('validating a draft with the contract schema', () => {
  it('a complete draft of every type passes and sends only the fields of its type', () => {
    const question = {
      ...newQuestion(),
      text: 'Pick one',
      options: [newOption('Left'), newOption('Right')],
    };
    const drafts: TaskDraft[] = [
      filled(1, { passage: 'Once upon a time' }),
      filled(1, { passageSource: 'topic', readingTopicId: 'topic-1' }),
      filled(2, { items: ['apple', 'How are you?'] }),
      filled(3, { contentId: 'video-1' }),
      filled(4, { questions: ['Tell me about yourself'] }),
      filled(5, { passage: 'Read this aloud' }),
      filled(6, { jobTitle: 'Nurse', industry: 'Health', location: 'Perth', region: 'Australia' }),
      filled(7, { questions: ['What did you learn?'] }),
      filled(8, { choiceQuestions: [question] }),
    ];
    for (const draft of drafts) {
      const result = validateDraft(draft);
      expect(result, `type ${draft.type}`).toMatchObject({ ok: true });
    }
    const topic = validateDraft(drafts[1] as TaskDraft);
    expect(topic.ok && topic.request.body).toEqual({
      title: 'Greet a customer',
      category: 'Communication',
      level: 1,
      timeMinutes: 10,
      expirySeconds: 604800,
      attachments: [],
      type: 1,
      readingTopicId: 'topic-1',
    });
    const edit = validateDraft(drafts[4] as TaskDraft, 'task-9');
    expect(edit.ok && edit.request).toMatchObject({ kind: 'edit', body: { taskId: 'task-9', type: 4 } });
  });

  it('an empty draft names every missing field with the contract messages', () => {
    const result = validateDraft({ ...newDraft(6), title: ' ' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchObject({
      title: 'Please enter a title',
      jobTitle: 'Please enter the job title',
      industry: 'Please enter the industry',
      location: 'Please enter the location',
      region: 'Please pick a region from the list',
    });
  });

  it('a Read task needs a passage or a topic, said at the control in use even when the title is missing', () => {
    const typed = validateDraft(newDraft(1));
    expect(!typed.ok && typed.errors).toMatchObject({
      title: 'Please enter a title',
      passage: 'Please enter the passage',
    });
    const picked = validateDraft(filled(1, { passageSource: 'topic' }));
    expect(!picked.ok && picked.errors).toEqual({ readingTopicId: 'Please pick a reading topic' });
  });

  it('blank rows and a missing video get plain words', () => {
    const words = validateDraft(filled(2, { items: ['apple', ''] }));
    expect(!words.ok && words.errors).toEqual({
      'items.1': 'Please enter a word or sentence, or remove the row',
    });
    const video = validateDraft(filled(3));
    expect(!video.ok && video.errors).toEqual({ contentId: 'Please pick a video' });
    const none = validateDraft(filled(7, { questions: [] }));
    expect(!none.ok && none.errors).toEqual({ questions: 'Please add a question' });
  });

  it('a multiple-choice question without text or option text is flagged at those controls', () => {
    const question = { ...newQuestion(), options: [newOption('Yes'), newOption('')] };
    const result = validateDraft(filled(8, { choiceQuestions: [question] }));
    expect(!result.ok && result.errors).toEqual({
      'questions.0.text': 'Question text is required',
      'questions.0.options.1.text': 'Option text is required',
    });
  });
});

describe('placing errors', () => {
  it('puts a nested server error at its nearest shown control and unknown ones in the form alert', () => {
    const draft = filled(8);
    const placed = placeErrors(
      {
        'attachments.0.fileUrl': 'Upload the file first',
        'questions.0.options.1.value': 'Option values must be different',
        passage: 'Not for this type',
      },
      draft,
    );
    expect(placed.fields).toEqual({
      attachments: 'Upload the file first',
      'questions.0.options': 'Option values must be different',
    });
    expect(placed.rest).toEqual(['Not for this type']);
  });
});

describe('editing a saved task', () => {
  it('a saved multiple-choice task comes back with its values and expected answers, unchanged', () => {
    const task: Task = {
      ...meta,
      type: 8,
      title: 'Manners',
      category: 'Communication',
      level: 2,
      timeMinutes: 15,
      expirySeconds: 86400,
      attachments: [],
      questions: [
        {
          id: 'q1',
          type: 'multiple-choice',
          text: 'Which are polite?',
          options: [
            { text: 'Please', value: 'a' },
            { text: 'Now!', value: 'b' },
            { text: 'Thanks', value: 'c' },
          ],
          hasOther: true,
          otherText: 'Something else',
          multipleSelection: true,
          required: false,
          answer: ['a', 'c'],
        },
      ],
    };
    const draft = fromTask(task);
    expect(draft.choiceQuestions[0]?.answerKeys).toHaveLength(2);
    const result = validateDraft(draft, 't1');
    expect(result.ok && result.request.body).toMatchObject({ taskId: 't1', questions: task.questions });
    expect(draftFingerprint(fromTask(task))).toBe(draftFingerprint(draft));
  });

  it('a Read task made from a reading topic opens on the topic', () => {
    const draft = fromTask({
      ...meta,
      type: 1,
      title: 'Topic',
      category: 'Communication',
      level: 1,
      timeMinutes: 5,
      expirySeconds: 3600,
      attachments: [],
      passage: 'copied',
      readingTopicId: 'rt1',
    });
    expect(draft).toMatchObject({ passageSource: 'topic', readingTopicId: 'rt1' });
  });
});
