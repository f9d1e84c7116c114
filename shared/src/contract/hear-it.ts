import { z } from 'zod';
import { API_BASE, defineCall } from './define-call.ts';
import { fileUrlField, text } from './envelope.ts';
import { PRONUNCIATION_ACCENTS } from './pronunciation.ts';

// "Hear it": a learner hears a target word or sentence said in their pronunciation accent. The screen
// uses the device's own voice when it has one for the accent; otherwise it asks this call, which renders the text
// once per voice with Debian's speech synthesisers and keeps the audio, so the same text is never rendered twice.

/** The longest text one call says: a sentence or two; a passage is heard sentence by sentence. */
export const HEAR_IT_MAX_CHARS = 300;

/** Renders (not cached answers) one member may cause, per window: plenty for a task, too few to use as a service. */
export const HEAR_IT_RATE = { limit: 100, windowMinutes: 10 } as const;

/**
 * POST /api/v1/enterprise/speech/speak-text: the address of the text said aloud (MP3). `accent` is the voice's
 * accent; without it the caller's own (their groups' pronunciation accent, as their Pronunciation tasks are
 * scored), and the answer names the accent it used so the screen can look for a device voice next time.
 */
export const speakText = defineCall({
  method: 'POST',
  path: `${API_BASE.enterprise}/speech/speak-text`,
  // It changes nobody's data (the audio is derived from the text alone), so a screen's cached answers stay fresh.
  reads: true,
  auth: 'enterprise',
  permission: null,
  request: z.strictObject({
    text: text({ error: 'Please enter the text to hear' })
      .trim()
      .min(1, 'Please enter the text to hear')
      .max(HEAR_IT_MAX_CHARS, `At most ${HEAR_IT_MAX_CHARS} characters`)
      .refine((value) => /[\p{L}\p{N}]/u.test(value), 'Please enter words to hear'),
    accent: z.enum(PRONUNCIATION_ACCENTS, { error: 'Choose an accent' }).optional(),
  }),
  response: z.object({
    /** The stored audio (audio/mpeg), public and cached like an upload. */
    audioUrl: fileUrlField(),
    accent: z.enum(PRONUNCIATION_ACCENTS),
  }),
});

export const hearIt = { speakText };
