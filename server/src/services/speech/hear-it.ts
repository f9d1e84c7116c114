import { createHash } from 'node:crypto';
import type { ParsedRequestOf, ResponseOf } from '@coach/shared/contract/define-call';
import { ERROR_CODES } from '@coach/shared/contract/envelope';
import { HEAR_IT_RATE, type speakText as speakTextCall } from '@coach/shared/contract/hear-it';
import pLimit from 'p-limit';
import { checkThenCount } from '../../auth/throttle.ts';
import { AppError } from '../../errors.ts';
import { renderSpeech, SPOKEN_AUDIO, SpeakError, VOICE_OF_ACCENT } from '../../providers/text-to-speech.ts';
import { enterpriseSession } from '../../session/session.ts';
import { nowIso } from '../common/clock.ts';
import type { ServiceContext } from '../context.ts';
import { pronunciationSettingsForUser } from './pronunciation.ts';

type Input = ParsedRequestOf<typeof speakTextCall>;

/**
 * The storage key's month segment (its key shape is `<purpose>/<yyyy-mm>/<uuid>.<ext>`) serves as the renderer's
 * version: move it on when the voices or the encoding change, and every text is rendered afresh.
 */
const RENDERER_VERSION = '2026-12';

/** Control characters said nothing and could confuse a synthesiser; runs of space read as one. */
const spoken = (text: string) =>
  text
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The storage purpose of the renders: their keys' first segment (the housekeeping sweep lists them by it). */
export const HEAR_IT_PURPOSE = 'hear-it';

/** The cached audio's key: a hash of the voice and the text, shaped as the storage's keys are. */
const keyOf = (voice: { engine: string; name: string }, text: string) => {
  const hex = createHash('sha256').update(`${voice.engine}\n${voice.name}\n${text}`).digest('hex');
  const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
  return `${HEAR_IT_PURPOSE}/${RENDERER_VERSION}/${uuid}.${SPOKEN_AUDIO.extension}`;
};

/**
 * Renders run at most this many at once in a process (each is a synthesiser and an encoder, a CPU's worth): more asks
 * wait their turn, so a burst of texts cannot start a hundred synthesisers beside the speech engine.
 */
const RENDERS_AT_ONCE = 2;
const renderSlot = pLimit(RENDERS_AT_ONCE);

/** Renders under way in this process, so two asks for the same text at once render it once. */
const rendering = new Map<string, Promise<void>>();

/** A render's "last heard" moves on at most once a day: most asks read the row and write nothing. */
const HEARD_RESOLUTION_MS = 24 * 60 * 60 * 1000;

/**
 * Notes that a render was asked for now (the housekeeping sweep deletes those unheard for long, jobs/housekeeping.ts);
 * a render stored before renders were noted is adopted at its next ask.
 */
const noteHeard = (ctx: ServiceContext, key: string) => {
  const now = nowIso();
  return ctx.db
    .insertInto('hear_it_renders')
    .values({ key, heard_at: now })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({ heard_at: now })
        .where(
          'hear_it_renders.heard_at',
          '<',
          new Date(Date.parse(now) - HEARD_RESOLUTION_MS).toISOString(),
        ),
    )
    .execute();
};

/** 429 past HEAR_IT_RATE renders per member; only renders count, a cached text costs nothing. */
const assertRenderRate = (ctx: ServiceContext, userId: string) =>
  checkThenCount(ctx.db, `hear-it:${userId}`, HEAR_IT_RATE.limit, HEAR_IT_RATE.windowMinutes * 60_000);

/**
 * Says a target text in the accent asked for, or the caller's own pronunciation accent: the stored MP3 when this
 * voice has said this text before, else it is rendered now and stored (for every member: the audio is derived from
 * the text alone).
 */
export const speakText = async (
  ctx: ServiceContext,
  input: Input,
): Promise<ResponseOf<typeof speakTextCall>> => {
  const session = enterpriseSession(ctx);
  const accent =
    input.accent ??
    (await pronunciationSettingsForUser(ctx.db, session.enterpriseId, session.user.id)).accent;
  const voice = VOICE_OF_ACCENT[accent];
  const text = spoken(input.text);
  const key = keyOf(voice, text);
  const answer = { audioUrl: ctx.storage.publicUrl(key), accent };
  if (await ctx.storage.head(key, 4)) {
    await noteHeard(ctx, key);
    return answer;
  }
  let render = rendering.get(key);
  if (!render) {
    // Kept before any await, so an ask arriving meanwhile waits for this render instead of starting its own.
    render = (async () => {
      await assertRenderRate(ctx, session.user.id);
      const bytes = await renderSlot(() => renderSpeech({ text, voice }));
      try {
        await ctx.storage.put(key, bytes, SPOKEN_AUDIO.contentType);
      } catch (error) {
        // Another process stored the same text first: its audio is the same.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    })();
    rendering.set(key, render);
    render.then(
      () => rendering.delete(key),
      () => rendering.delete(key),
    );
  }
  try {
    await render;
  } catch (error) {
    if (!(error instanceof SpeakError)) throw error;
    throw new AppError(502, ERROR_CODES.internal, 'This text could not be said just now. Please try again.');
  }
  await noteHeard(ctx, key);
  return answer;
};
