import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addTaskRequest } from '@coach/shared/contract/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinCoach, CoachEngineError, coachFor, openAiCoach } from './coach.ts';

describe('the built-in coach engine', () => {
  const coach = builtinCoach();

  it('drafts the same task for the same request and another for another variant', async () => {
    const one = await coach.draftTask({ type: 1, topic: 'Difficult feedback', level: 2, variant: 0 });
    expect(await coach.draftTask({ type: 1, topic: 'Difficult feedback', level: 2, variant: 0 })).toEqual(
      one,
    );
    const other = await coach.draftTask({ type: 1, topic: 'Difficult feedback', level: 2, variant: 1 });
    expect(other.title).not.toBe(one.title);
    expect(one).toMatchObject({ type: 1, title: 'Read: Difficult Feedback', level: 2, timeMinutes: 10 });
    expect('passage' in one && one.passage).toContain('difficult feedback');
  });

  it('drafts a topic that repeats a word in another case as a task the author can save', async () => {
    const say = await coach.draftTask({ type: 2, topic: 'Sales sales pitch', level: 1, variant: 0 });
    expect('items' in say && say.items.slice(0, 2)).toEqual(['Sales', 'pitch']);
    expect(addTaskRequest.safeParse(say).success).toBe(true);
  });

  it('takes the words to say from the topic and gives interview tasks the IVR category', async () => {
    const say = await coach.draftTask({ type: 2, topic: 'quarterly revenue forecast', level: 1, variant: 0 });
    expect('items' in say && say.items.slice(0, 3)).toEqual(['quarterly', 'revenue', 'forecast']);
    const interview = await coach.draftTask({ type: 6, topic: 'data analyst', level: 4, variant: 0 });
    expect(interview).toMatchObject({
      category: 'IVR',
      jobTitle: 'Data Analyst Specialist',
      timeMinutes: 30,
    });
    expect(addTaskRequest.safeParse(interview).success).toBe(true);
  });
});

describe('the OpenAI-compatible engine, against a local fake of its API', () => {
  let fake: Server;
  let base = '';
  const seen: { path: string; auth: string | undefined; body: string }[] = [];
  let chatAnswer = '';

  beforeAll(async () => {
    fake = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        seen.push({ path: req.url ?? '', auth: req.headers.authorization, body });
        res.setHeader('content-type', 'application/json');
        if (req.url?.endsWith('/chat/completions')) {
          res.end(
            JSON.stringify({
              id: 'c1',
              object: 'chat.completion',
              created: 1,
              model: 'fake',
              choices: [
                { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: chatAnswer } },
              ],
            }),
          );
        } else {
          res.statusCode = 404;
          res.end('{}');
        }
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => {
    fake.close();
  });

  const engine = () => openAiCoach({ baseUrl: base, apiKey: 'sk-test', model: 'm1' });

  it('is chosen by COACH_API_URL, else the built-in engine runs', () => {
    expect(coachFor({}).kind).toBe('builtin');
    expect(coachFor({ COACH_API_URL: base }).kind).toBe('openai');
  });

  it('asks for a JSON task, keeps the requested type and level, and checks it against add-task', async () => {
    chatAnswer = JSON.stringify({
      title: 'Open a sales call',
      category: 'Communication',
      level: 1,
      timeMinutes: 10,
      expirySeconds: 604800,
      attachments: [],
      questions: ['How do you open?', 'How do you close?'],
    });
    const draft = await engine().draftTask({ type: 4, topic: 'sales calls', level: 3, variant: 0 });
    expect(draft).toMatchObject({ type: 4, level: 3, title: 'Open a sales call' });
    const request = seen.find((s) => s.path.endsWith('/chat/completions'));
    expect(request?.auth).toBe('Bearer sk-test');
    expect(JSON.parse(request?.body ?? '{}')).toMatchObject({
      model: 'm1',
      response_format: { type: 'json_object' },
    });
  });

  it('refuses an answer that is not JSON or not a task', async () => {
    chatAnswer = 'Sure! Here is a task.';
    await expect(engine().draftTask({ type: 7, topic: 'x', level: 1, variant: 0 })).rejects.toThrow(
      CoachEngineError,
    );
    chatAnswer = JSON.stringify({ title: 'No questions' });
    await expect(engine().draftTask({ type: 7, topic: 'x', level: 1, variant: 0 })).rejects.toThrow(
      'The coach engine answered with an incomplete task',
    );
  });

  it('asks the next interview question and the summing up as JSON, checked against their schemas', async () => {
    const setup = { jobTitle: 'Nurse', industry: 'Healthcare', location: 'Perth', region: 'Australia' };
    chatAnswer = JSON.stringify({ question: 'What brought you to nursing?' });
    const question = await engine().interviewQuestion({
      stage: 'ICEBREAKING',
      setup,
      history: [{ stage: 'POSITION', question: 'Which role?', answer: 'The nurse role in Perth.' }],
      seed: 'a',
    });
    expect(question).toBe('What brought you to nursing?');
    const sent = JSON.parse(seen.at(-1)?.body ?? '{}') as { messages: { content: string }[] };
    expect(sent.messages[0]?.content).toContain('Ask the ICEBREAKING question now');
    expect(sent.messages[1]?.content).toContain('A: The nurse role in Perth.');
    chatAnswer = JSON.stringify({ strengths: ['Clear.'], workOn: ['One.', 'Two.'] });
    await expect(engine().interviewFeedback({ setup, answers: [] })).rejects.toThrow(
      'The coach engine answered in the wrong shape',
    );
    chatAnswer = JSON.stringify({ strengths: ['Clear.'], workOn: ['One.', 'Two.', 'Three.'] });
    expect(await engine().interviewFeedback({ setup, answers: [] })).toEqual({
      strengths: ['Clear.'],
      workOn: ['One.', 'Two.', 'Three.'],
    });
    chatAnswer = 'Next question: why nursing?';
    await expect(
      engine().interviewQuestion({ stage: 'TECHNICAL', setup, history: [], seed: 'a' }),
    ).rejects.toThrow(CoachEngineError);
  });
});
