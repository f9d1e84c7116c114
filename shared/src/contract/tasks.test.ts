import { describe, expect, it } from 'vitest';
import { taskSchema, tasks } from './tasks.ts';

const common = {
  title: 'Pick one',
  category: 'Communication',
  level: 1,
  timeMinutes: 10,
  expirySeconds: 86400,
};
const question = {
  id: 'q1',
  type: 'multiple-choice',
  text: 'Which is polite?',
  options: [
    { text: 'Please', value: 'a' },
    { text: 'Now!', value: 'b' },
  ],
};

describe('add-task', () => {
  it('author adds a multiple-choice task with defaults filled in', () => {
    const task = tasks.addTask.request.parse({ ...common, type: 8, questions: [question] });
    expect(task.type).toBe(8);
    if (task.type !== 8) throw new Error('narrowing');
    expect(task.questions[0]).toMatchObject({ hasOther: false, multipleSelection: false, required: true });
    expect(task.attachments).toEqual([]);
  });

  it('rejects a type-8 question without options, naming the field', () => {
    const { options: _options, ...withoutOptions } = question;
    const result = tasks.addTask.request.safeParse({ ...common, type: 8, questions: [withoutOptions] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['questions', 0, 'options']);
    expect(result.error?.issues[0]?.message).toBe('Each question needs its options');
  });

  it('rejects a type-8 question with one option', () => {
    const result = tasks.addTask.request.safeParse({
      ...common,
      type: 8,
      questions: [{ ...question, options: [{ text: 'Only', value: 'a' }] }],
    });
    expect(result.error?.issues[0]?.path).toEqual(['questions', 0, 'options']);
    expect(result.error?.issues[0]?.message).toBe('Each question needs at least two options');
  });

  it('two blank options are told they need text, not that they must be different', () => {
    const blank = tasks.addTask.request.safeParse({
      ...common,
      type: 8,
      questions: [
        {
          ...question,
          options: [
            { text: '', value: 'a' },
            { text: ' ', value: 'b' },
            { text: 'Yes', value: 'c' },
          ],
        },
      ],
    });
    expect(blank.error?.issues.map((issue) => issue.message)).toEqual([
      'Option text is required',
      'Option text is required',
    ]);
  });

  it('rejects an unknown task type and values outside the spec lists', () => {
    expect(tasks.addTask.request.safeParse({ ...common, type: 9 }).success).toBe(false);
    const badTime = tasks.addTask.request.safeParse({
      ...common,
      type: 5,
      passage: 'Read me',
      timeMinutes: 7,
    });
    expect(badTime.error?.issues[0]?.path).toEqual(['timeMinutes']);
    const badExpiry = tasks.addTask.request.safeParse({
      ...common,
      type: 5,
      passage: 'Read me',
      expirySeconds: 60,
    });
    expect(badExpiry.error?.issues[0]?.path).toEqual(['expirySeconds']);
  });

  it('needs a passage or a reading topic for a Read task', () => {
    const result = tasks.addTask.request.safeParse({ ...common, type: 1 });
    expect(result.error?.issues[0]?.path).toEqual(['passage']);
    expect(tasks.addTask.request.safeParse({ ...common, type: 1, readingTopicId: 't1' }).success).toBe(true);
  });

  it('rejects fields that do not belong to the type', () => {
    const result = tasks.addTask.request.safeParse({ ...common, type: 3, contentId: 'v1', passage: 'x' });
    expect(result.success).toBe(false);
  });

  it('refuses a word said twice or a question asked twice, at the repeated row, ignoring case, spacing and end punctuation', () => {
    const items = tasks.addTask.request.safeParse({
      ...common,
      type: 2,
      items: ['schedule', 'colleague', ' Schedule. '],
    });
    expect(items.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ['items', 2], message: 'Items must be different' },
    ]);
    for (const type of [4, 7]) {
      const questions = tasks.editTask.request.safeParse({
        ...common,
        type,
        taskId: 't1',
        questions: ['Why  do you want this job?', 'What are your strengths?', 'why do you want this job'],
      });
      expect(questions.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
        { path: ['questions', 2], message: 'Questions must be different' },
      ]);
    }
    // Blank rows are "required", not repeats; different rows pass.
    const blanks = tasks.addTask.request.safeParse({ ...common, type: 4, questions: ['', ' '] });
    expect(blanks.error?.issues.map((issue) => issue.message)).not.toContain('Questions must be different');
    expect(
      tasks.addTask.request.safeParse({ ...common, type: 2, items: ['schedule', 'schedules'] }).success,
    ).toBe(true);
  });

  it('a task saved before the different-rows and passage rules still loads', () => {
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
    expect(
      taskSchema.safeParse({ ...meta, ...common, type: 2, items: ['schedule', 'Schedule'] }).success,
    ).toBe(true);
    expect(taskSchema.safeParse({ ...meta, ...common, type: 5, passage: 'a' }).success).toBe(true);
  });

  it('a Read & Record passage needs at least three words to read aloud', () => {
    const short = tasks.addTask.request.safeParse({ ...common, type: 5, passage: 'a' });
    expect(short.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ['passage'], message: 'The passage needs at least 3 words to read aloud' },
    ]);
    const empty = tasks.addTask.request.safeParse({ ...common, type: 5, passage: ' ' });
    expect(empty.error?.issues.map((issue) => issue.message)).toEqual(['Please enter the passage']);
    expect(tasks.addTask.request.safeParse({ ...common, type: 5, passage: 'I like tea.' }).success).toBe(
      true,
    );
  });

  it('edit-task needs the task id', () => {
    expect(tasks.editTask.request.safeParse({ ...common, type: 3, contentId: 'v1' }).success).toBe(false);
    expect(
      tasks.editTask.request.safeParse({ ...common, type: 3, contentId: 'v1', taskId: 't1' }).success,
    ).toBe(true);
  });
});

describe('update-my-task (spec §3 task progress update)', () => {
  it('learner completes a task with progress 100 and taskStatus 2', () => {
    const update = { userId: 'u1', taskId: 't1', progress: 100, taskStatus: 2, report: { answers: [] } };
    expect(tasks.updateMyTask.request.parse(update)).toEqual(update);
  });

  it('rejects a taskStatus outside 0-2 and progress over 100', () => {
    const result = tasks.updateMyTask.request.safeParse({
      userId: 'u1',
      taskId: 't1',
      progress: 101,
      taskStatus: 3,
    });
    expect(result.error?.issues.map((issue) => issue.path[0])).toEqual(['progress', 'taskStatus']);
  });
});

describe('GET query coercion (spec §7)', () => {
  it('pending review defaults to page 1, limit 10, name ascending', () => {
    expect(tasks.getCompletedTasksPendingReview.request.parse({})).toEqual({
      currentPage: 1,
      limit: 10,
      sort_by: 'name',
      sort_type: 'asc',
    });
  });

  it('pending review coerces query strings', () => {
    const query = tasks.getCompletedTasksPendingReview.request.parse({
      currentPage: '3',
      limit: '20',
      sort_type: 'desc',
      selected_group: 'g1',
      searchInput: ' ada ',
    });
    expect(query).toEqual({
      currentPage: 3,
      limit: 20,
      sort_by: 'name',
      sort_type: 'desc',
      selected_group: 'g1',
      searchInput: 'ada',
    });
  });

  it('enterprise tasks default to limit 25', () => {
    expect(tasks.getEnterpriseTasks.request.parse({ currentPage: '2' })).toEqual({
      currentPage: 2,
      limit: 25,
    });
  });

  it('rejects a page that is not a positive whole number', () => {
    expect(tasks.getEnterpriseTasks.request.safeParse({ currentPage: '0' }).success).toBe(false);
    expect(tasks.getEnterpriseTasks.request.safeParse({ currentPage: 'two' }).success).toBe(false);
    expect(tasks.getEnterpriseTasks.request.safeParse({ limit: '1000' }).success).toBe(false);
  });

  it('list of tasks coerces the type, the flags and an empty category', () => {
    const query = tasks.getListOfTasks.request.parse({
      tasktype: '8',
      catSearch: '',
      viewArchive: 'true',
      viewallread: '0',
      viewallvideo: '1',
    });
    expect(query).toMatchObject({
      tasktype: 8,
      viewArchive: true,
      viewallread: false,
      viewallvideo: true,
      sortBy: 'latest',
    });
    expect(query.catSearch).toBeUndefined();
    expect(tasks.getListOfTasks.request.safeParse({ tasktype: '9' }).success).toBe(false);
    expect(tasks.getListOfTasks.request.safeParse({ catSearch: 'Other' }).success).toBe(false);
  });

  it('my tasks take tasktype, search, catSearch and viewallvideo, plus a status and a page', () => {
    expect(tasks.getMyTasks.request.parse({ tasktype: '3', catSearch: 'IVR', viewallvideo: 'true' })).toEqual(
      {
        tasktype: 3,
        catSearch: 'IVR',
        viewallvideo: true,
        currentPage: 1,
      },
    );
    expect(tasks.getMyTasks.request.parse({ taskStatus: '2', currentPage: '3' })).toEqual({
      taskStatus: 2,
      currentPage: 3,
    });
    expect(tasks.getMyTasks.request.safeParse({ taskStatus: '3' }).success).toBe(false);
    expect(tasks.getMyTasks.request.safeParse({ viewArchive: 'true' }).success).toBe(false);
  });
});

describe('task progress update', () => {
  it('keeps progress to hundredths, so a tiny double cannot reach the 4-byte real column', () => {
    const progress = (value: number) =>
      tasks.updateMyTask.request.parse({ userId: 'u1', taskId: 't1', progress: value, taskStatus: 1 })
        .progress;
    expect(progress(33.333333)).toBe(33.33);
    expect(progress(1e-300)).toBe(0);
    expect(progress(100)).toBe(100);
  });
});
