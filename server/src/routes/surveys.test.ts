import { assignablePeople } from '@coach/shared/contract/assignable-people';
import { groups } from '@coach/shared/contract/groups';
import { members } from '@coach/shared/contract/members';
import { roles } from '@coach/shared/contract/roles';
import { surveys } from '@coach/shared/contract/surveys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: string;
let staff: string;
let learner: string;
let globex: string;
let learnerId: string;
let melbourne: string;
let sydney: string;
let perth: string;
const ip = '10.9.17.1';

const call = (path: string, token: string, body: unknown = {}) =>
  t.request('POST', path, { token, ip, body });

const groupId = async (name: string) => {
  const res = await t.request('GET', `${groups.list.path}?searchInput=${encodeURIComponent(name)}`, {
    token: owner,
    ip,
  });
  const found = (res.json.response.listdata as { _id: string; name: string }[]).find((g) => g.name === name);
  if (!found) throw new Error(`no group ${name}`);
  return found._id;
};

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, staff, learner, globex, learnerId } = await t.signInSeeded(ip));
  melbourne = await groupId('Melbourne Office');
  sydney = await groupId('Sydney Office');
  perth = await groupId('Perth Office');
});
afterAll(async () => {
  await t?.close();
});

const QUESTIONS = [
  {
    id: 'mood',
    type: 'multiple-choice',
    text: 'How was your week?',
    options: [
      { text: 'Good', value: 'good' },
      { text: 'Fine', value: 'fine' },
      { text: 'Hard', value: 'hard' },
    ],
    required: true,
  },
  {
    id: 'help',
    type: 'multiple-choice',
    text: 'What would help?',
    options: [
      { text: 'Coaching', value: 'coaching' },
      { text: 'Time', value: 'time' },
    ],
    multipleSelection: true,
    hasOther: true,
    otherText: 'Something else',
    required: false,
  },
];

/** A published survey assigned to the Melbourne Office (the learner's group). */
const publishedSurvey = async (title: string) => {
  const created = await call(surveys.add.path, owner, { title, questions: QUESTIONS, expirySeconds: 604800 });
  expect(created.status).toBe(200);
  const id = created.json.response._id as string;
  expect((await call(surveys.publish.path, owner, { surveyId: id })).status).toBe(200);
  expect((await call(surveys.assign.path, owner, { surveyId: id, groupIds: [melbourne] })).status).toBe(200);
  return id;
};

describe('surveys: managing', () => {
  it('an admin lists the seeded surveys, newest first, by status and by search; other tenants see none', async () => {
    const page = (await call(surveys.list.path, owner)).json.response;
    expect(page.listdata.map((s: { title: string }) => s.title)).toEqual([
      'Training preferences 2026',
      'Team communication pulse',
    ]);
    const pulse = page.listdata[1];
    expect(pulse).toMatchObject({ status: 'Active', questionCount: 3, groupCount: 2, responseCount: 6 });
    // Melbourne (4 members and the learner) and Sydney (4 members).
    expect(pulse.assignedCount).toBe(9);
    const active = (await call(surveys.list.path, owner, { status: 'Active' })).json.response;
    expect(active.listdata.map((s: { title: string }) => s.title)).toEqual(['Team communication pulse']);
    const drafts = (await call(surveys.list.path, owner, { status: 'Draft', searchQuery: 'TRAINING' })).json
      .response;
    expect(drafts.totalCount).toBe(1);
    expect((await call(surveys.list.path, owner, { searchQuery: '%' })).json.response.totalCount).toBe(0);
    expect((await call(surveys.list.path, globex)).json.response.listdata).toEqual([]);
  });

  it('only roles with the surveys key manage surveys; a learner and staff are refused', async () => {
    const people = (token: string) =>
      t.request('GET', `${assignablePeople.forSurveys.path}?kind=groups&searchInput=Melbourne`, {
        token,
        ip,
      });
    for (const token of [staff, learner]) {
      expect((await call(surveys.list.path, token)).status).toBe(403);
      expect((await call(surveys.add.path, token, { title: 'x', questions: [] })).status).toBe(403);
      expect((await people(token)).status).toBe(403);
    }
    // The audience picker's own search: the surveys key is enough to find the groups to assign.
    const found = (await people(owner)).json.response as { _id: string; name: string }[];
    expect(found.map((g) => g.name)).toEqual(['Melbourne Office']);
  });

  it('an admin saves a draft, edits it, cannot publish it empty, publishes it with a due date', async () => {
    const created = await call(surveys.add.path, owner, { title: '  Empty start  ', questions: [] });
    expect(created.status).toBe(200);
    expect(created.json.message).toBe('Survey saved as a draft');
    const id = created.json.response._id;
    expect(created.json.response).toMatchObject({ title: 'Empty start', status: 'Draft', dueAt: null });
    const empty = await call(surveys.publish.path, owner, { surveyId: id });
    expect(empty.status).toBe(422);
    expect(empty.json.field).toBe('questions');

    const edited = await call(surveys.edit.path, owner, {
      surveyId: id,
      title: 'Weekly check-in',
      description: 'Two questions',
      questions: QUESTIONS,
      expirySeconds: 86400,
    });
    expect(edited.status).toBe(200);
    expect(edited.json.response.questions).toHaveLength(2);
    expect(edited.json.response.questions[0]).toMatchObject({ hasOther: false, multipleSelection: false });

    const published = await call(surveys.publish.path, owner, { surveyId: id });
    expect(published.status).toBe(200);
    const survey = published.json.response;
    expect(survey.status).toBe('Active');
    expect(Date.parse(survey.dueAt) - Date.parse(survey.publishedAt)).toBe(86400 * 1000);
    expect((await call(surveys.publish.path, owner, { surveyId: id })).status).toBe(409);
  });

  it('an admin publishing a survey nobody has yet is told so and what to do, not that members can answer it', async () => {
    const draft = async (title: string) =>
      (await call(surveys.add.path, owner, { title, questions: QUESTIONS })).json.response._id as string;
    const nobody = await call(surveys.publish.path, owner, { surveyId: await draft('Nobody yet') });
    expect(nobody.status).toBe(200);
    expect(nobody.json.message).toBe(
      'Survey published, but it is not assigned to anyone yet: assign it to groups or members so they can answer it',
    );
    expect(nobody.json.response).toMatchObject({
      status: 'Active',
      assignedCount: 0,
      groups: [],
      members: [],
    });

    const assigned = await draft('Melbourne has it');
    await call(surveys.assign.path, owner, { surveyId: assigned, groupIds: [melbourne] });
    expect((await call(surveys.publish.path, owner, { surveyId: assigned })).json.message).toBe(
      'Survey published: the members it is assigned to can answer it now',
    );

    const empty = (await call(groups.add.path, owner, { name: 'Nobody here yet', memberIds: [] })).json
      .response._id as string;
    const toEmpty = await draft('Empty group');
    await call(surveys.assign.path, owner, { surveyId: toEmpty, groupIds: [empty] });
    expect((await call(surveys.publish.path, owner, { surveyId: toEmpty })).json.message).toBe(
      'Survey published, but its groups have no members yet: members who join them can answer it',
    );
  });

  it('counts the people invited to it apart from the members who can answer it now, and says when they can', async () => {
    const learnerRole = (
      (await t.request('GET', roles.options.path, { token: owner, ip })).json.response as {
        _id: string;
        name: string;
      }[]
    ).find((role) => role.name === 'Learner')?._id;
    const newTeam = (await call(groups.add.path, owner, { name: 'Invited team', memberIds: [] })).json
      .response._id as string;
    const invited = await call(members.invite.path, owner, {
      name: 'Nora Newcomer',
      email: 'nora.newcomer@acme.example',
      roleId: learnerRole,
      groupIds: [newTeam],
    });
    expect(invited.status).toBe(200);
    const id = (await call(surveys.add.path, owner, { title: 'Before they join', questions: QUESTIONS })).json
      .response._id as string;
    const assigned = await call(surveys.assign.path, owner, { surveyId: id, groupIds: [newTeam] });
    // Invited is not joined: nobody can answer it yet, one will once she accepts her invitation.
    expect(assigned.json.response).toMatchObject({
      assignedCount: 0,
      invitedCount: 1,
      groups: [{ name: 'Invited team', memberCount: 0, invitedCount: 1 }],
    });
    expect((await call(surveys.publish.path, owner, { surveyId: id })).json.message).toBe(
      'Survey published: the people it is assigned to can answer it once they accept their invitation',
    );
  });

  it('refuses bad questions with a 422 naming the field', async () => {
    const bad = async (questions: unknown[], field: string) => {
      const res = await call(surveys.add.path, owner, { title: 'Bad', questions });
      expect(res.status).toBe(422);
      expect(res.json.field).toBe(field);
    };
    await bad([{ ...QUESTIONS[0], options: [{ text: 'Only', value: 'only' }] }], 'questions.0.options');
    await bad([{ ...QUESTIONS[0], answer: 'good' }], 'questions.0.answer');
    await bad([QUESTIONS[0], QUESTIONS[0]], 'questions');
    await bad([{ ...QUESTIONS[0], text: ' ' }], 'questions.0.text');
    // Two options that read alike ("Orange", " orange") are one option to a member.
    const alike = [
      { text: 'Orange', value: 'orange' },
      { text: ' orange ', value: 'orange-2' },
    ];
    await bad([QUESTIONS[0], { ...QUESTIONS[1], options: alike }], 'questions.1.options');
    const twice = await call(surveys.add.path, owner, {
      title: 'Vest colour',
      questions: [{ ...QUESTIONS[0], options: alike }],
    });
    expect(twice.json.message).toBe('questions.0.options: Options must be different');
    const expiry = await call(surveys.add.path, owner, { title: 'x', questions: [], expirySeconds: 60 });
    expect(expiry.json.field).toBe('expirySeconds');
  });

  it('another enterprise cannot see, change, assign or answer a survey', async () => {
    const id = await publishedSurvey('Private to Acme');
    for (const path of [surveys.get.path, surveys.publish.path, surveys.close.path, surveys.results.path]) {
      expect((await call(path, globex, { surveyId: id })).status).toBe(404);
    }
    expect((await call(surveys.getMySurvey.path, globex, { surveyId: id })).status).toBe(404);
    // Acme's groups and members cannot be given to Globex's surveys either.
    const theirs = (await call(surveys.add.path, globex, { title: 'Globex', questions: QUESTIONS })).json
      .response;
    expect(
      (await call(surveys.assign.path, globex, { surveyId: theirs._id, groupIds: [melbourne] })).status,
    ).toBe(404);
    expect(
      (await call(surveys.assign.path, globex, { surveyId: theirs._id, userIds: [learnerId] })).status,
    ).toBe(404);
  });
});

describe('surveys: members answer', () => {
  it('a learner sees a survey assigned to their group once published, never a draft', async () => {
    const draft = (await call(surveys.add.path, owner, { title: 'Not yet', questions: QUESTIONS })).json
      .response;
    await call(surveys.assign.path, owner, { surveyId: draft._id, groupIds: [melbourne] });
    const before = (await call(surveys.mySurveys.path, learner)).json.response as { title: string }[];
    expect(before.map((s) => s.title)).not.toContain('Not yet');
    expect((await call(surveys.getMySurvey.path, learner, { surveyId: draft._id })).status).toBe(404);

    await call(surveys.publish.path, owner, { surveyId: draft._id });
    const after = (await call(surveys.mySurveys.path, learner)).json.response as {
      surveyId: string;
      title: string;
      open: boolean;
      submittedAt: string | null;
    }[];
    expect(after.find((s) => s.surveyId === draft._id)).toMatchObject({ open: true, submittedAt: null });
    // The seeded pulse survey is the learner's too (Melbourne Office), unanswered.
    expect(after.map((s) => s.title)).toContain('Team communication pulse');
  });

  it('a learner must answer the required questions within the options; then submits once and may change it', async () => {
    const id = await publishedSurvey('Answer rules');
    const submit = (answers: unknown) => call(surveys.submit.path, learner, { surveyId: id, answers });
    const refused = async (answers: unknown, field: string, message: RegExp) => {
      const res = await submit(answers);
      expect(res.status).toBe(422);
      expect(res.json.field).toBe(field);
      expect(res.json.message).toMatch(message);
    };
    await refused({}, 'answers.mood', /Please answer this question/);
    await refused({ mood: { values: ['good', 'fine'] } }, 'answers.mood', /Please choose one answer/);
    await refused({ mood: { values: ['great'] } }, 'answers.mood', /options given/);
    await refused({ mood: { values: [], other: 'Meh' } }, 'answers.mood', /options given/);
    await refused(
      { mood: { values: ['good'] }, help: { values: [], other: ' ' } },
      'answers.help',
      /Something else/,
    );
    await refused({ mood: { values: ['good'] }, nope: { values: [] } }, 'answers.nope', /Not a question/);

    const first = await submit({ mood: { values: ['hard'] } });
    expect(first.status).toBe(200);
    expect(first.json.message).toBe('Thank you: your answers are saved');
    expect(first.json.response.response.answers).toEqual({ mood: { values: ['hard'] } });
    const second = await submit({
      mood: { values: ['good'] },
      help: { values: ['time', 'time'], other: ' Quiet ' },
    });
    expect(second.status).toBe(200);
    expect(second.json.message).toBe('Your answers are updated');
    expect(second.json.response.response.answers).toEqual({
      mood: { values: ['good'] },
      help: { values: ['time'], other: 'Quiet' },
    });
    const results = (await call(surveys.results.path, owner, { surveyId: id })).json.response;
    expect(results.respondents).toBe(1);
  });

  it('a member who joins an assigned group later has the survey too', async () => {
    const id = await publishedSurvey('Later joiners');
    const group = (await t.request('GET', `${groups.get.path}?groupId=${perth}`, { token: owner, ip })).json
      .response as { name: string; members: { _id: string }[] };
    const newcomer = await t.fullLogin('staff@acme.example', 'enterprise', ip);
    const staffMe = (await t.request('GET', '/api/v1/enterprise/general/auth/me', { token: newcomer, ip }))
      .json.response._id as string;
    expect((await call(surveys.getMySurvey.path, newcomer, { surveyId: id })).status).toBe(404);
    await call(surveys.assign.path, owner, { surveyId: id, groupIds: [perth] });
    const joined = await call(groups.edit.path, owner, {
      groupId: perth,
      name: group.name,
      memberIds: [...group.members.map((m) => m._id), staffMe],
    });
    expect(joined.status).toBe(200);
    const mine = (await call(surveys.mySurveys.path, newcomer)).json.response as { surveyId: string }[];
    expect(mine.map((s) => s.surveyId)).toContain(id);
    expect(
      (await call(surveys.submit.path, newcomer, { surveyId: id, answers: { mood: { values: ['fine'] } } }))
        .status,
    ).toBe(200);
  });

  it('a closed survey, or one past its due date, takes no more answers but keeps its results', async () => {
    const id = await publishedSurvey('Closing');
    expect(
      (await call(surveys.submit.path, learner, { surveyId: id, answers: { mood: { values: ['fine'] } } }))
        .status,
    ).toBe(200);
    const closed = await call(surveys.close.path, owner, { surveyId: id });
    expect(closed.status).toBe(200);
    expect(closed.json.response.status).toBe('Closed');
    const late = await call(surveys.submit.path, learner, {
      surveyId: id,
      answers: { mood: { values: ['good'] } },
    });
    expect(late.status).toBe(409);
    const mine = (await call(surveys.getMySurvey.path, learner, { surveyId: id })).json.response;
    expect(mine.survey).toMatchObject({ status: 'Closed', open: false });
    expect(mine.response.answers).toEqual({ mood: { values: ['fine'] } });
    expect(
      (await call(surveys.edit.path, owner, { surveyId: id, title: 'x', questions: QUESTIONS })).status,
    ).toBe(409);
    expect((await call(surveys.assign.path, owner, { surveyId: id, groupIds: [sydney] })).status).toBe(409);
    expect((await call(surveys.close.path, owner, { surveyId: id })).status).toBe(409);
    expect((await call(surveys.results.path, owner, { surveyId: id })).json.response.respondents).toBe(1);

    const due = await publishedSurvey('Past due');
    await t.deps.db
      .updateTable('surveys')
      .set({ due_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', due)
      .execute();
    expect((await call(surveys.get.path, owner, { surveyId: due })).json.response.status).toBe('Closed');
    const closedList = (await call(surveys.list.path, owner, { status: 'Closed', searchQuery: 'Past due' }))
      .json.response;
    expect(closedList.totalCount).toBe(1);
    expect(
      (await call(surveys.submit.path, learner, { surveyId: due, answers: { mood: { values: ['good'] } } }))
        .status,
    ).toBe(409);
  });

  it('an active survey keeps its questions once answered; its title may still change', async () => {
    const id = await publishedSurvey('Locked questions');
    await call(surveys.submit.path, learner, { surveyId: id, answers: { mood: { values: ['good'] } } });
    const changed = await call(surveys.edit.path, owner, {
      surveyId: id,
      title: 'Locked questions',
      questions: [QUESTIONS[0]],
      expirySeconds: 604800,
    });
    expect(changed.status).toBe(409);
    const renamed = await call(surveys.edit.path, owner, {
      surveyId: id,
      title: 'Renamed',
      questions: QUESTIONS,
      expirySeconds: 1296000,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json.response.title).toBe('Renamed');
  });

  it('taking a group off the survey ends its members’ access; what they answered stays, read only', async () => {
    const id = await publishedSurvey('Unassigned');
    await call(surveys.submit.path, learner, { surveyId: id, answers: { mood: { values: ['good'] } } });
    const removed = await call(surveys.unassign.path, owner, { surveyId: id, groupIds: [melbourne] });
    expect(removed.status).toBe(200);
    expect(removed.json.response.groups).toEqual([]);
    const readOnly = await call(surveys.getMySurvey.path, learner, { surveyId: id });
    expect(readOnly.status).toBe(200);
    expect(readOnly.json.response.survey).toMatchObject({ status: 'Active', open: false, assigned: false });
    const listed = (await call(surveys.mySurveys.path, learner)).json.response as {
      surveyId: string;
      open: boolean;
    }[];
    expect(listed.find((row) => row.surveyId === id)?.open).toBe(false);
    const again = await call(surveys.submit.path, learner, {
      surveyId: id,
      answers: { mood: { values: ['hard'] } },
    });
    expect(again.status).toBe(409);
    expect((await call(surveys.results.path, owner, { surveyId: id })).json.response.respondents).toBe(1);
  });
});

describe('surveys: results', () => {
  it('counts each option with percentages, lists Other answers and the response rate per group', async () => {
    const page = (await call(surveys.list.path, owner, { searchQuery: 'pulse' })).json.response;
    const id = page.listdata[0]._id;
    const results = (await call(surveys.results.path, owner, { surveyId: id })).json.response;
    expect(results).toMatchObject({ assigned: 9, respondents: 6, responseRate: 67, group: null });
    const clarity = results.questions[0];
    expect(clarity.answered).toBe(6);
    expect(clarity.options.map((o: { count: number }) => o.count)).toEqual([1, 3, 1, 1]);
    expect(clarity.options[1]).toMatchObject({ text: 'Mostly clear', percent: 50 });
    const channels = results.questions[1];
    expect(channels.other).toMatchObject({ label: 'Something else', count: 2, percent: 33 });
    expect(channels.other.answers.map((a: { text: string }) => a.text).sort()).toEqual([
      'Shared notes after stand-up',
      'Walking over to ask in person',
    ]);
    // The optional question: one respondent skipped it.
    expect(results.questions[2].answered).toBe(5);
    expect(results.groups.map((g: { name: string }) => g.name)).toEqual([
      'Melbourne Office',
      'Sydney Office',
    ]);
    const rates = results.groups as { members: number; responded: number; rate: number }[];
    expect(rates.reduce((sum, g) => sum + g.members, 0)).toBe(9);
    expect(rates.reduce((sum, g) => sum + g.responded, 0)).toBe(6);

    const narrowed = (await call(surveys.results.path, owner, { surveyId: id, groupId: melbourne })).json
      .response;
    expect(narrowed.group).toEqual({ _id: melbourne, name: 'Melbourne Office' });
    expect(narrowed.assigned).toBe(5);
    expect(narrowed.groups).toHaveLength(1);
    expect(narrowed.respondents).toBe(narrowed.groups[0].responded);
    const elsewhere = await call(surveys.results.path, owner, {
      surveyId: id,
      groupId: (await call(surveys.list.path, owner)).json.response.listdata[0]._id,
    });
    expect(elsewhere.status).toBe(404);
  });

  it('exports one CSV row per response, with formulas defused', async () => {
    const id = await publishedSurvey('Export, "quoted"');
    await call(surveys.submit.path, learner, {
      surveyId: id,
      answers: {
        mood: { values: ['good'] },
        help: { values: ['coaching'], other: '=HYPERLINK("http://x","y")' },
      },
    });
    const res = await call(surveys.exportResults.path, owner, { surveyId: id });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('1 response exported');
    const { filename, csv, rows } = res.json.response;
    expect(filename).toBe('survey-export-quoted.csv');
    expect(rows).toBe(1);
    const [header, line] = csv.split('\r\n');
    expect(header).toBe('Member,Email,Submitted,Last changed,How was your week?,What would help?');
    expect(line).toContain('Lee Learner,learner@acme.example,');
    expect(line).toContain(',Good,"Coaching; Something else: =HYPERLINK(""http://x"",""y"")"');

    // A cell that starts with a formula character (= + - @) gets a leading quote mark.
    const formula = await call(surveys.add.path, owner, {
      title: 'Formulas',
      questions: [
        {
          ...QUESTIONS[0],
          options: [
            { text: '=1+1', value: 'formula' },
            { text: 'Plain', value: 'plain' },
          ],
        },
      ],
    });
    const formulaId = formula.json.response._id;
    await call(surveys.publish.path, owner, { surveyId: formulaId });
    await call(surveys.assign.path, owner, { surveyId: formulaId, userIds: [learnerId] });
    await call(surveys.submit.path, learner, {
      surveyId: formulaId,
      answers: { mood: { values: ['formula'] } },
    });
    const formulaCsv = (await call(surveys.exportResults.path, owner, { surveyId: formulaId })).json.response
      .csv as string;
    expect(formulaCsv.split('\r\n')[1]?.endsWith(",'=1+1")).toBe(true);
  });

  it('a deleted survey is gone with its answers', async () => {
    const id = await publishedSurvey('To delete');
    await call(surveys.submit.path, learner, { surveyId: id, answers: { mood: { values: ['good'] } } });
    const removed = await call(surveys.remove.path, owner, { surveyId: id });
    expect(removed.status).toBe(200);
    expect((await call(surveys.get.path, owner, { surveyId: id })).status).toBe(404);
    expect((await call(surveys.getMySurvey.path, learner, { surveyId: id })).status).toBe(404);
    const left = await t.deps.db
      .selectFrom('survey_responses')
      .select('id')
      .where('survey_id', '=', id)
      .execute();
    expect(left).toEqual([]);
  });
});
