import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { HEAR_IT_MAX_CHARS, HEAR_IT_RATE, hearIt } from '@coach/shared/contract/hear-it';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEEP_UNHEARD_RENDERS_MS, sweepUnheardRenders } from '../jobs/housekeeping.ts';
import { renderSpeech } from '../providers/text-to-speech.ts';
import { createTestApp } from '../testing/test-app.ts';

// The real synthesisers run; the spy only counts them, so "rendered once" is observed, not assumed.
vi.mock('../providers/text-to-speech.ts', async (original) => {
  const actual = await original<typeof import('../providers/text-to-speech.ts')>();
  return { ...actual, renderSpeech: vi.fn(actual.renderSpeech) };
});

const run = promisify(execFile);
const path_ = hearIt.speakText.path;

let t: Awaited<ReturnType<typeof createTestApp>>;
let learner: string;
let owner: string;
const ip = '10.9.37.1';

beforeAll(async () => {
  t = await createTestApp();
  learner = await t.fullLogin('learner@acme.example', 'enterprise', ip);
  owner = await t.fullLogin('owner@acme.example', 'enterprise', ip);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  vi.mocked(renderSpeech).mockClear();
});

const speak = (token: string | undefined, body: unknown) =>
  t.request('POST', path_, { ...(token ? { token } : {}), ip, body });

/** What ffprobe makes of some bytes: the codec and the length in seconds. */
const probe = async (bytes: Uint8Array) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'hear-it-test-'));
  try {
    const file = path.join(dir, 'audio');
    await writeFile(file, bytes);
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name:format=duration',
      '-of',
      'json',
      file,
    ]);
    const info = JSON.parse(stdout) as { streams: { codec_name: string }[]; format: { duration: string } };
    return { codec: info.streams[0]?.codec_name, seconds: Number(info.format.duration) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

describe('hear it', () => {
  it('a visitor without a session is refused', async () => {
    const res = await speak(undefined, { text: 'think' });
    expect(res.status).toBe(401);
    expect(renderSpeech).not.toHaveBeenCalled();
  });

  it('an empty, blank, wordless or over-long text is a 422 naming the text', async () => {
    for (const text of ['', '   ', '?!', 'a'.repeat(HEAR_IT_MAX_CHARS + 1)]) {
      const res = await speak(learner, { text });
      expect(res.status, JSON.stringify(text)).toBe(422);
      expect(res.json.field).toBe('text');
    }
    const accent = await speak(learner, { text: 'think', accent: 'en-NZ' });
    expect(accent.status).toBe(422);
    expect(accent.json.field).toBe('accent');
    expect(renderSpeech).not.toHaveBeenCalled();
  });

  it('a learner hears a word as a playable MP3 in the accent asked for', async () => {
    const res = await speak(learner, { text: 'think', accent: 'en-GB' });
    expect(res.status).toBe(200);
    expect(res.json.response).toEqual({
      audioUrl: expect.stringMatching(/^\/uploads\/hear-it\/.+\.mp3$/),
      accent: 'en-GB',
    });
    const audio = await t.app.request(res.json.response.audioUrl);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    const bytes = new Uint8Array(await audio.arrayBuffer());
    // An MP3 starts with an ID3 tag or a frame sync.
    expect(bytes[0] === 0x49 || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0)).toBe(true);
    const { codec, seconds } = await probe(bytes);
    expect(codec).toBe('mp3');
    expect(seconds).toBeGreaterThan(0.2);
    expect(seconds).toBeLessThan(3);
  });

  it('the same text twice is rendered once, by anyone, and each voice renders its own', async () => {
    const text = 'The thirty-three thieves thought that they thrilled the throne.';
    const first = await speak(learner, { text, accent: 'en-US' });
    const again = await speak(owner, { text: `  ${text} `, accent: 'en-US' });
    expect(first.status).toBe(200);
    expect(again.json.response.audioUrl).toBe(first.json.response.audioUrl);
    expect(renderSpeech).toHaveBeenCalledOnce();
    const british = await speak(learner, { text, accent: 'en-GB' });
    expect(british.json.response.audioUrl).not.toBe(first.json.response.audioUrl);
    expect(renderSpeech).toHaveBeenCalledTimes(2);
  });

  it('asked at once for the same new text, the server renders it once', async () => {
    const text = 'Three free throws, thrown at the same time.';
    const answers = await Promise.all([1, 2, 3].map(() => speak(learner, { text, accent: 'en-AU' })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.json.response.audioUrl)).size).toBe(1);
    expect(renderSpeech).toHaveBeenCalledOnce();
  });

  it("without an accent, the caller's pronunciation accent is used: the demo learner's group says Australian", async () => {
    const learnerSays = await speak(learner, { text: 'house' });
    expect(learnerSays.json.response.accent).toBe('en-AU');
    const ownerSays = await speak(owner, { text: 'house' });
    expect(ownerSays.json.response.accent).toBe('en-US');
  });

  it('renders past the rate are refused with Retry-After, while texts already said still play', async () => {
    const { id } = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'owner@acme.example')
      .executeTakeFirstOrThrow();
    const key = `hear-it:${id}`;
    const now = new Date().toISOString();
    await t.deps.db
      .insertInto('throttle_events')
      .values(
        Array.from({ length: HEAR_IT_RATE.limit }, () => ({ id: crypto.randomUUID(), key, created_at: now })),
      )
      .execute();
    const fresh = await speak(owner, { text: 'A sentence nobody asked for before.', accent: 'en-GB' });
    expect(fresh.status).toBe(429);
    expect(Number(fresh.headers.get('retry-after'))).toBeGreaterThan(0);
    const cached = await speak(owner, { text: 'house', accent: 'en-US' });
    expect(cached.status).toBe(200);
  });

  it('a render nobody asked for in three months is deleted by the sweep and said afresh at the next ask', async () => {
    const db = t.deps.db;
    const DAY = 24 * 60 * 60 * 1000;
    /** The audio's status, its body read (an unread one would still be streaming when the test app is removed). */
    const served = async (url: string) => {
      const res = await t.app.request(url);
      await res.arrayBuffer();
      return res.status;
    };
    const heardAt = async (url: string) =>
      (
        await db
          .selectFrom('hear_it_renders')
          .select('heard_at')
          .where('key', '=', t.deps.storage.keyOf(url) ?? '')
          .executeTakeFirst()
      )?.heard_at;
    const setHeard = (url: string, ageMs: number) =>
      db
        .updateTable('hear_it_renders')
        .set({ heard_at: new Date(Date.now() - ageMs).toISOString() })
        .where('key', '=', t.deps.storage.keyOf(url) ?? '')
        .execute();
    const forgotten = (await speak(learner, { text: 'A sentence said once, long ago.', accent: 'en-GB' }))
      .json.response.audioUrl as string;
    const lately = (await speak(learner, { text: 'A sentence heard again lately.', accent: 'en-GB' })).json
      .response.audioUrl as string;
    expect(Date.parse((await heardAt(forgotten)) ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(renderSpeech).toHaveBeenCalledTimes(2);

    // Heard again two days after its last ask: the cached audio plays and the ask is noted, with no render.
    await setHeard(lately, 2 * DAY);
    expect((await speak(owner, { text: 'A sentence heard again lately.', accent: 'en-GB' })).status).toBe(
      200,
    );
    expect(Date.parse((await heardAt(lately)) ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(renderSpeech).toHaveBeenCalledTimes(2);

    await setHeard(forgotten, KEEP_UNHEARD_RENDERS_MS + DAY);
    expect(await sweepUnheardRenders(db, t.deps.storage)).toBe(1);
    expect(await served(forgotten)).toBe(404);
    expect(await heardAt(forgotten)).toBeUndefined();
    expect(await served(lately)).toBe(200);

    const again = await speak(learner, { text: 'A sentence said once, long ago.', accent: 'en-GB' });
    expect(again.json.response.audioUrl).toBe(forgotten);
    expect(renderSpeech).toHaveBeenCalledTimes(3);
    expect(await served(forgotten)).toBe(200);
  });
});
