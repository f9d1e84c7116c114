import type { EnterpriseUser } from '@coach/shared/contract/auth';
import type { Task } from '@coach/shared/contract/tasks';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '../../i18n/index.ts';
import {
  type FakeHandler,
  fail,
  fakeToken,
  groupsPage,
  makeEnterpriseUser,
  makeVideo,
  ok,
} from '../../testing/fake-server.ts';
import { renderApp, verifiedSession } from '../../testing/render-app.tsx';

const T = '/api/v1/enterprise/tasks';
const TOPICS = '/api/v1/enterprise/reading-topics/get-reading-topic-options';
const VIDEOS = '/api/v1/enterprise/contentlibrary/get-video-content-for-task';

const meta = {
  archived: false,
  likeCount: 0,
  viewCount: 0,
  assignedCount: 0,
  completedCount: 0,
  groupIds: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** The server's answer to add-task/edit-task: the body back with an id. */
const savedTask = (body: Record<string, unknown>, id = 'task-new'): Task =>
  ({ ...body, ...meta, _id: id }) as unknown as Task;

const openEditor = ({
  path = '/enterprise/create-task',
  routes = {},
  attachments = false,
  features = {},
}: {
  path?: string;
  routes?: Record<string, FakeHandler>;
  attachments?: boolean;
  features?: Partial<EnterpriseUser['enterpriseId']>;
} = {}) =>
  renderApp({
    path,
    enterprise: verifiedSession(fakeToken(86400)),
    routes: {
      'GET /api/v1/enterprise/general/auth/me': () =>
        ok(
          makeEnterpriseUser({
            permissions: ['task-library'],
            enterprise: { enableTaskAttachmentUpload: attachments, ...features },
          }),
        ),
      'POST /api/v1/enterprise/general/user-groups': () => groupsPage(1, 1, []),
      [`POST ${T}/add-task`]: (body) => ok(savedTask(body), 'Task created'),
      ...routes,
    },
  });

const bodyOf = (app: ReturnType<typeof openEditor>, route: string) =>
  app.server.calls.find((call) => call.route === route)?.body;

/** A library video, as the content library lists it for the Video task's picker. */
const SMALL_TALK = makeVideo('v1', {
  title: 'Small talk',
  coach: 'Ana',
  category: 'social',
  categoryLabel: 'Social Skills',
  videoUrl: '/v1.mp4',
  durationSeconds: 6,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('create task page (spec §2 /enterprise/create-task)', () => {
  it('an author picks Multiple Choice, builds the questions and lands on the new task', async () => {
    const app = openEditor();
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Create task' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Learners|interview/ })).toHaveLength(8);
    await user.click(screen.getByRole('button', { name: /Multiple Choice Question/ }));
    expect(app.location()).toBe('/enterprise/create-task?type=8');

    await user.type(screen.getByLabelText('Title'), 'Polite phrases');
    const first = screen.getByRole('group', { name: 'Question 1' });
    await user.type(within(first).getByLabelText('Question'), 'Which are polite?');
    await user.type(within(first).getByLabelText('Option 1'), 'Please');
    await user.type(within(first).getByLabelText('Option 2'), 'Now!');
    await user.click(within(first).getByRole('button', { name: 'Add option' }));
    expect(within(first).getByLabelText('Option 3')).toHaveFocus();
    await user.keyboard('Thank you');
    await user.click(within(first).getByRole('checkbox', { name: 'Learners may choose several options' }));
    await user.click(within(first).getByRole('checkbox', { name: 'Expected answer (option 1)' }));
    await user.click(within(first).getByRole('checkbox', { name: 'Expected answer (option 3)' }));

    await user.click(screen.getByRole('button', { name: 'Add question' }));
    const second = screen.getByRole('group', { name: 'Question 2' });
    expect(within(second).getByLabelText('Question')).toHaveFocus();
    await user.keyboard('How do you feel?');
    await user.type(within(second).getByLabelText('Option 1'), 'Good');
    await user.type(within(second).getByLabelText('Option 2'), 'Not so good');
    await user.click(within(second).getByRole('checkbox', { name: /Offer an “Other” answer/ }));
    await user.type(within(second).getByLabelText('Label of the “Other” answer'), 'Something else');
    await user.click(within(second).getByRole('checkbox', { name: 'An answer is required' }));

    await user.click(screen.getByRole('button', { name: 'Create task' }));
    expect(await screen.findByText('Task created')).toBeInTheDocument();
    await waitFor(() => expect(app.location()).toBe('/enterprise/tasks-library/view/task-new'));
    const body = bodyOf(app, `POST ${T}/add-task`);
    expect(body).toMatchObject({
      type: 8,
      title: 'Polite phrases',
      category: 'Communication',
      level: 1,
      timeMinutes: 10,
      expirySeconds: 604800,
      attachments: [],
      questions: [
        {
          type: 'multiple-choice',
          text: 'Which are polite?',
          options: [
            { text: 'Please', value: 'please' },
            { text: 'Now!', value: 'now' },
            { text: 'Thank you', value: 'thank-you' },
          ],
          hasOther: false,
          multipleSelection: true,
          required: true,
          answer: ['please', 'thank-you'],
        },
        {
          text: 'How do you feel?',
          options: [
            { text: 'Good', value: 'good' },
            { text: 'Not so good', value: 'not-so-good' },
          ],
          hasOther: true,
          otherText: 'Something else',
          multipleSelection: false,
          required: false,
        },
      ],
    });
    const questions = (body?.questions ?? []) as { id: string; answer?: unknown }[];
    expect(questions[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(questions[1]).not.toHaveProperty('answer');
  });

  it("the Video card's note sits under its title and description, beside the icon like the other cards' text", async () => {
    openEditor();
    const video = await screen.findByRole('button', { name: /^Video/ });
    const title = within(video).getByText('Video');
    const note = within(video).getByText('Needs a video in the content library.');
    // One column for the text, as in every card: the note does not take a grid cell of its own under the icon.
    expect(note.parentElement).toBe(title.parentElement);
    expect(title.parentElement).not.toBe(video);
    const pronunciation = screen.getByRole('button', { name: /^Pronunciation/ });
    expect(pronunciation.children).toHaveLength(video.children.length);
  });

  it('saving an incomplete form shows each problem at its field and focuses the first', async () => {
    const app = openEditor({ path: '/enterprise/create-task?type=2' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create task' }));
    expect(screen.getByLabelText('Title')).toHaveFocus();
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('Please enter a title');
    expect(screen.getByLabelText('Word or sentence 1')).toHaveAccessibleDescription(
      'Please enter a word or sentence, or remove the row',
    );
    expect(app.server.calls.some((call) => call.route.endsWith('add-task'))).toBe(false);

    // Once a save was tried, each fix clears its message at once.
    await user.type(screen.getByLabelText('Title'), 'Vowels');
    expect(screen.queryByText('Please enter a title')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove word or sentence number 1' }));
    expect(screen.getByText('Please add the words or sentences to say')).toBeInTheDocument();
  });

  it("the server's 422 message shows at its field", async () => {
    openEditor({
      path: '/enterprise/create-task?type=6',
      routes: {
        [`POST ${T}/add-task`]: () =>
          fail(422, 'location: Unknown location', { field: 'location', code: 'VALIDATION_ERROR' }),
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), 'Nurse interview');
    expect(screen.getByLabelText('Category')).toHaveValue('IVR');
    await user.type(screen.getByLabelText('Job title'), 'Nurse');
    await user.type(screen.getByLabelText('Industry'), 'Health');
    await user.type(screen.getByLabelText('Location'), 'Atlantis');
    await user.selectOptions(screen.getByLabelText('Region'), 'Australia');
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    expect(await screen.findByText('Unknown location')).toBeInTheDocument();
    expect(screen.getByLabelText('Location')).toHaveFocus();
  });

  it('the interview region is one of the supported ones, chosen from a list', async () => {
    const app = openEditor({ path: '/enterprise/create-task?type=6' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), 'Nurse interview');
    await user.type(screen.getByLabelText('Job title'), 'Nurse');
    await user.type(screen.getByLabelText('Industry'), 'Health');
    await user.type(screen.getByLabelText('Location'), 'Perth');
    const region = screen.getByRole('combobox', { name: 'Region' });
    expect(region).toHaveValue('');
    expect(within(region).getByRole('option', { name: 'Choose a region' })).toBeDisabled();
    expect(within(region).getByRole('option', { name: 'United Kingdom' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    expect(await screen.findByText('Please pick a region from the list')).toBeInTheDocument();
    expect(app.server.calls.some((call) => call.route.endsWith('add-task'))).toBe(false);

    await user.selectOptions(region, 'Australia');
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    await waitFor(() =>
      expect(bodyOf(app, `POST ${T}/add-task`)).toMatchObject({ type: 6, region: 'Australia' }),
    );
  });

  it('a Multiple Choice question with the same option twice is refused at its options', async () => {
    const app = openEditor({ path: '/enterprise/create-task?type=8' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), 'Fruit');
    const first = screen.getByRole('group', { name: 'Question 1' });
    await user.type(within(first).getByLabelText('Question'), 'Which fruit?');
    await user.type(within(first).getByLabelText('Option 1'), 'Orange');
    await user.type(within(first).getByLabelText('Option 2'), ' orange ');
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    expect(await within(first).findByText('Options must be different')).toBeInTheDocument();
    expect(app.server.calls.some((call) => call.route.endsWith('add-task'))).toBe(false);

    await user.clear(within(first).getByLabelText('Option 2'));
    await user.type(within(first).getByLabelText('Option 2'), 'Apple');
    expect(within(first).queryByText('Options must be different')).not.toBeInTheDocument();
  });

  it('a word said twice is refused at the repeated row, ignoring case and end punctuation', async () => {
    const app = openEditor({ path: '/enterprise/create-task?type=2' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), 'Tricky words');
    await user.type(screen.getByLabelText('Word or sentence 1'), 'schedule');
    await user.click(screen.getByRole('button', { name: 'Add a word or sentence' }));
    await user.type(screen.getByLabelText('Word or sentence 2'), 'Schedule.');
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    expect(screen.getByLabelText('Word or sentence 2')).toHaveAccessibleDescription(
      'Items must be different',
    );
    expect(screen.getByLabelText('Word or sentence 2')).toHaveFocus();
    expect(screen.getByLabelText('Word or sentence 1')).not.toHaveAccessibleDescription();
    expect(app.server.calls.some((call) => call.route.endsWith('add-task'))).toBe(false);

    await user.clear(screen.getByLabelText('Word or sentence 2'));
    await user.type(screen.getByLabelText('Word or sentence 2'), 'colleague');
    expect(screen.queryByText('Items must be different')).not.toBeInTheDocument();
  });

  it('a question asked twice is refused at the repeated question, for spoken and written answers alike', async () => {
    for (const type of [4, 7]) {
      const app = openEditor({ path: `/enterprise/create-task?type=${type}` });
      const user = userEvent.setup();
      await user.type(await screen.findByLabelText('Title'), 'Introductions');
      await user.type(screen.getByLabelText('Question 1'), 'Who are you?');
      await user.click(screen.getByRole('button', { name: 'Add a question' }));
      await user.type(screen.getByLabelText('Question 2'), '  who are  YOU ');
      await user.click(screen.getByRole('button', { name: 'Create task' }));
      expect(screen.getByLabelText('Question 2')).toHaveAccessibleDescription('Questions must be different');
      expect(app.server.calls.some((call) => call.route.endsWith('add-task'))).toBe(false);
      app.unmount();
    }
  });

  it('a Read & Record passage of one letter is refused with the shortest passage it takes', async () => {
    const app = openEditor({ path: '/enterprise/create-task?type=5' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), 'Read aloud');
    await user.type(screen.getByLabelText('Passage'), 'a');
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    expect(screen.getByLabelText('Passage')).toHaveAccessibleDescription(
      /The passage needs at least 3 words to read aloud/,
    );
    expect(app.server.calls.some((call) => call.route.endsWith('add-task'))).toBe(false);
    await user.type(screen.getByLabelText('Passage'), 'sk for the schedule.');
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    await waitFor(() =>
      expect(bodyOf(app, `POST ${T}/add-task`)).toMatchObject({ type: 5, passage: 'ask for the schedule.' }),
    );
  });

  it('a Multiple Choice form saved empty asks for the option texts, not for different options', async () => {
    openEditor({ path: '/enterprise/create-task?type=8' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create task' }));
    const first = screen.getByRole('group', { name: 'Question 1' });
    expect(within(first).getByLabelText('Option 1')).toHaveAccessibleDescription('Option text is required');
    expect(within(first).getByLabelText('Option 2')).toHaveAccessibleDescription('Option text is required');
    expect(screen.queryByText('Options must be different')).not.toBeInTheDocument();
  });

  it("the server's 422 on a question's options shows at those options", async () => {
    openEditor({
      path: '/enterprise/create-task?type=8',
      routes: {
        [`POST ${T}/add-task`]: () =>
          fail(422, 'questions.0.options: Options must be different', {
            field: 'questions.0.options',
            code: 'VALIDATION_ERROR',
          }),
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), 'Fruit');
    const first = screen.getByRole('group', { name: 'Question 1' });
    await user.type(within(first).getByLabelText('Question'), 'Which fruit?');
    await user.type(within(first).getByLabelText('Option 1'), 'Orange');
    await user.type(within(first).getByLabelText('Option 2'), 'Apple');
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    expect(await within(first).findByText('Options must be different')).toBeInTheDocument();
    expect(screen.queryByText(/questions\.0\.options/)).not.toBeInTheDocument();
  });

  it('an author sees the whole category of a Get Interview Ready task, even where the field is narrow', async () => {
    openEditor({ path: '/enterprise/create-task?type=6' });
    const category = await screen.findByLabelText('Category');
    expect(category).toHaveValue('IVR');
    expect(category).toHaveAttribute('title', 'IVR (Get Interview Ready)');
  });

  it('a failure without a field shows above the form and keeps what was typed', async () => {
    openEditor({
      path: '/enterprise/create-task?type=5',
      routes: { [`POST ${T}/add-task`]: () => fail(500, 'The library is busy, try again in a minute') },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), 'Read aloud');
    await user.type(screen.getByLabelText('Passage'), 'Good morning, everyone.');
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The library is busy, try again in a minute');
    expect(alert.parentElement).toHaveFocus();
    expect(screen.getByLabelText('Title')).toHaveValue('Read aloud');
  });

  it('a Read task can use a reading topic instead of a typed passage', async () => {
    const app = openEditor({
      path: '/enterprise/create-task?type=1',
      routes: {
        [`POST ${TOPICS}`]: () =>
          ok([
            { _id: 'rt1', title: 'At the bank', level: 2, wordCount: 180 },
            { _id: 'rt2', title: 'Ordering food', level: null, wordCount: 95 },
          ]),
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), 'Banking words');
    await user.click(screen.getByRole('radio', { name: 'Pick a reading topic' }));
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    expect(await screen.findByLabelText('Reading topic')).toHaveAccessibleDescription(
      'Please pick a reading topic',
    );
    await user.selectOptions(screen.getByLabelText('Reading topic'), 'Ordering food · Any level · 95 words');
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    await waitFor(() => expect(app.location()).toBe('/enterprise/tasks-library/view/task-new'));
    const body = bodyOf(app, `POST ${T}/add-task`);
    expect(body).toMatchObject({ type: 1, readingTopicId: 'rt2' });
    expect(body).not.toHaveProperty('passage');
  });

  it('a Video task cannot be saved while the content library answers 501', async () => {
    openEditor({
      path: '/enterprise/create-task?type=3',
      routes: {
        [`GET ${VIDEOS}`]: () => fail(501, 'Not implemented yet', { code: 'NOT_IMPLEMENTED' }),
      },
    });
    expect(await screen.findByText('The content library is not available yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create task' })).toBeDisabled();
  });

  /** A new Video task, the library offering SMALL_TALK. */
  const openVideoTask = () =>
    openEditor({
      path: '/enterprise/create-task?type=3',
      routes: {
        [`GET ${VIDEOS}`]: () => ok({ currentPage: 1, totalPages: 1, totalCount: 1, listdata: [SMALL_TALK] }),
      },
    });

  it('a Video task picks one of the library videos when the library answers', async () => {
    const app = openVideoTask();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), 'Watch this');
    await user.click(await screen.findByRole('radio', { name: /Small talk/ }));
    await user.click(screen.getByRole('button', { name: 'Create task' }));
    await waitFor(() =>
      expect(bodyOf(app, `POST ${T}/add-task`)).toMatchObject({ type: 3, contentId: 'v1' }),
    );
  });

  it("names a video's category in the language on screen, not the server's English label", async () => {
    await applyLanguage('es');
    try {
      openVideoTask();
      const video = await screen.findByRole('radio', { name: /Small talk/ });
      expect(video.closest('label')).toHaveTextContent('de Ana · Habilidades sociales');
    } finally {
      await applyLanguage('en');
    }
  });

  it('a new company with no videos is told who adds them and how to ask (spec §7: no enterprise upload)', async () => {
    const app = openEditor({
      routes: {
        [`GET ${VIDEOS}`]: () => ok({ currentPage: 1, totalPages: 0, totalCount: 0, listdata: [] }),
      },
    });
    const user = userEvent.setup();
    const video = await screen.findByRole('button', { name: /^Video/ });
    expect(video).toHaveTextContent('Needs a video in the content library.');
    await user.click(video);
    expect(app.location()).toBe('/enterprise/create-task?type=3');
    const note = await screen.findByText(/The content library has no videos yet\./);
    expect(note).toHaveTextContent('Our support team adds the videos.');
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/enterprise/help');
  });

  it('changing the type keeps the title and leaving with changes asks first', async () => {
    const app = openEditor({ path: '/enterprise/create-task?type=4' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), 'Kept title');
    await user.click(screen.getByRole('button', { name: 'Change type' }));
    await user.click(screen.getByRole('button', { name: /Free Text Question and Answer/ }));
    expect(screen.getByLabelText('Title')).toHaveValue('Kept title');

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(app.location()).toBe('/enterprise/create-task?type=7');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(app.location()).toBe('/enterprise/tasks-library'));
  });

  it('an author whose enterprise has Interview Ready and Read off is offered only the open types', async () => {
    openEditor({
      path: '/enterprise/create-task?type=6',
      features: { enableInterviewReadyFeature: false, enableReadFeature: false },
    });
    // The closed type in the address falls back to the type cards.
    expect(await screen.findByRole('heading', { name: 'What kind of task?' })).toBeInTheDocument();
    const cards = screen.getAllByRole('button', { name: /Learners|interview/ });
    expect(cards).toHaveLength(5);
    expect(screen.queryByRole('button', { name: /Get Interview Ready/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Read & Record/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Pronunciation/ })).toBeInTheDocument();
  });

  it('an author whose enterprise has Interview Ready off is not offered its IVR category', async () => {
    openEditor({
      path: '/enterprise/create-task?type=1',
      features: { enableInterviewReadyFeature: false },
    });
    const category = await screen.findByLabelText('Category');
    expect(
      within(category)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Communication', 'Audio']);
  });

  it('attachments show only when the enterprise allows them', async () => {
    openEditor({ path: '/enterprise/create-task?type=5' });
    expect(await screen.findByLabelText('Title')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Attachments' })).not.toBeInTheDocument();
  });
});

describe('edit task page (spec §2 /enterprise/tasks-library/edit/{id})', () => {
  const questionTask: Task = {
    ...meta,
    _id: 't4',
    type: 4,
    title: 'Interview warm-up',
    description: 'Speak freely',
    category: 'Audio',
    level: 3,
    timeMinutes: 15,
    expirySeconds: 86400,
    attachments: [
      {
        fileName: 'interview-guide-2026.pdf',
        fileType: 'application/pdf',
        fileUrl: '/files/guide.pdf',
        fileSize: 2048,
      },
    ],
    questions: ['Tell me about yourself'],
  };

  it('an author changes a question and saves with edit-task; the type stays', async () => {
    const app = openEditor({
      path: '/enterprise/tasks-library/edit/t4',
      attachments: true,
      routes: {
        [`GET ${T}/get-task-by-id`]: () => ok(questionTask),
        [`POST ${T}/edit-task`]: (body) => ok(savedTask(body, 't4'), 'Task updated'),
      },
    });
    const user = userEvent.setup();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit Interview warm-up' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change type' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Category')).toHaveValue('Audio');
    // spec §5: attachment names are cut to 12 characters without the extension.
    expect(screen.getByRole('link', { name: 'interview-gu' })).toHaveAttribute(
      'title',
      'interview-guide-2026.pdf',
    );

    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    await user.keyboard('What motivates you?');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Task updated')).toBeInTheDocument();
    await waitFor(() => expect(app.location()).toBe('/enterprise/tasks-library/view/t4'));
    expect(bodyOf(app, `POST ${T}/edit-task`)).toEqual({
      taskId: 't4',
      type: 4,
      title: 'Interview warm-up',
      description: 'Speak freely',
      category: 'Audio',
      level: 3,
      timeMinutes: 15,
      expirySeconds: 86400,
      attachments: questionTask.attachments,
      questions: ['Tell me about yourself', 'What motivates you?'],
    });
  });

  it('an interview task saved with a region the interview does not support loads, shows it and asks for another', async () => {
    const interview: Task = {
      ...meta,
      _id: 't6',
      type: 6,
      title: 'Nurse interview',
      category: 'IVR',
      level: 1,
      timeMinutes: 10,
      expirySeconds: 604800,
      attachments: [],
      jobTitle: 'Nurse',
      industry: 'Health',
      location: 'Perth',
      region: 'zzzz',
    };
    const app = openEditor({
      path: '/enterprise/tasks-library/edit/t6',
      routes: {
        [`GET ${T}/get-task-by-id`]: () => ok(interview),
        [`POST ${T}/edit-task`]: (body) => ok(savedTask(body, 't6'), 'Task updated'),
      },
    });
    const user = userEvent.setup();
    const region = await screen.findByRole('combobox', { name: 'Region' });
    expect(region).toHaveValue('zzzz');
    expect(within(region).getByRole('option', { name: 'zzzz (not supported)' })).toBeDisabled();
    expect(region).toHaveAccessibleDescription(/saved with the region “zzzz”.*Pick one from the list/);
    expect(screen.getByLabelText('Job title')).toHaveValue('Nurse');

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Please pick a region from the list')).toBeInTheDocument();
    expect(app.server.calls.some((call) => call.route.endsWith('edit-task'))).toBe(false);
    await user.selectOptions(region, 'Europe');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(bodyOf(app, `POST ${T}/edit-task`)).toMatchObject({ taskId: 't6', region: 'Europe' }),
    );
  });

  it('an author opening a task that is not there is led back to the library, with nothing to try again', async () => {
    const app = openEditor({
      path: '/enterprise/tasks-library/edit/missing',
      routes: { [`GET ${T}/get-task-by-id`]: () => fail(404, 'Task not found') },
    });
    expect(await screen.findByText('The task could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Task not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    // No way back to the view of a task that is not there either.
    expect(screen.queryByRole('link', { name: 'Task' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to the Tasks Library' }));
    await waitFor(() => expect(app.location()).toBe('/enterprise/tasks-library'));
  });

  it('a task the server fails to give can be asked for again', async () => {
    let failing = true;
    openEditor({
      path: '/enterprise/tasks-library/edit/t4',
      routes: {
        [`GET ${T}/get-task-by-id`]: () =>
          failing ? fail(500, 'The database is resting') : ok(questionTask),
      },
    });
    expect(await screen.findByText('The database is resting')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Task' })).toHaveAttribute(
      'href',
      '/enterprise/tasks-library/view/t4',
    );
    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Title')).toHaveValue(questionTask.title);
  });
});
