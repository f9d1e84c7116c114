import { HEAR_IT_MAX_CHARS, hearIt } from '@coach/shared/contract/hear-it';
import { PRONUNCIATION_ACCENTS, type PronunciationAccent } from '@coach/shared/contract/pronunciation';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../lib/notify.ts';
import { queryClient } from '../lib/query-client.ts';
import { callQuery } from '../lib/use-call.ts';
import { Button } from '../ui/button.tsx';
import { Spinner } from '../ui/spinner.tsx';
import './hear-it.css';

/** Whether a string names one of the accents a voice can be asked for (a task's rule carries it as a string). */
export const isPronunciationAccent = (value: unknown): value is PronunciationAccent =>
  PRONUNCIATION_ACCENTS.includes(value as PronunciationAccent);

/** A little slower than a voice's default, so each sound can be followed. */
const DEVICE_RATE = 0.9;
/** How long to wait for the device's voice list, which some browsers fill only after the first ask. */
const VOICES_WAIT_MS = 400;

/**
 * Where the accent the server answered with is kept when the screen did not know the learner's, so the next "Hear it"
 * can look for a device voice in it rather than ask the server again. In the query cache, which a sign-out empties.
 */
const LEARNED_ACCENT_KEY = [hearIt.speakText.path, 'accent'] as const;
const learnedAccent = () => queryClient().getQueryData<PronunciationAccent>(LEARNED_ACCENT_KEY);

const synthesis = () => (typeof window !== 'undefined' ? window.speechSynthesis : undefined);

/** 'en_GB' and 'en-gb' name the same voice language as 'en-GB'. */
const sameLanguage = (lang: string, accent: PronunciationAccent) =>
  lang.replace('_', '-').toLowerCase() === accent.toLowerCase();

const voicesNow = async () => {
  const speech = synthesis();
  if (!speech) return [];
  const voices = speech.getVoices();
  if (voices.length > 0) return voices;
  // Chrome lists its voices asynchronously: the first ask answers none, then voiceschanged fires.
  return new Promise<SpeechSynthesisVoice[]>((resolve) => {
    const done = () => {
      speech.removeEventListener('voiceschanged', done);
      window.clearTimeout(timer);
      resolve(speech.getVoices());
    };
    const timer = window.setTimeout(done, VOICES_WAIT_MS);
    speech.addEventListener('voiceschanged', done);
  });
};

/**
 * The device's own voice for the accent, one on the device (it works offline) before a network one; null when the
 * device has none for it (an en-US voice does not stand in for en-IN: the server's voice is the accent's).
 */
export const deviceVoiceFor = async (accent: PronunciationAccent) => {
  const matching = (await voicesNow()).filter((voice) => sameLanguage(voice.lang, accent));
  return matching.find((voice) => voice.localService) ?? matching[0] ?? null;
};

/** A text in pieces the server says at once: whole sentences, each at most HEAR_IT_MAX_CHARS. */
export const spokenPieces = (text: string) => {
  const sentences = [...new Intl.Segmenter('en', { granularity: 'sentence' }).segment(text)].map(
    ({ segment }) => segment.trim(),
  );
  const pieces: string[] = [];
  for (const sentence of sentences.filter(Boolean)) {
    const last = pieces.at(-1);
    if (last !== undefined && last.length + 1 + sentence.length <= HEAR_IT_MAX_CHARS)
      pieces[pieces.length - 1] = `${last} ${sentence}`;
    else if (sentence.length <= HEAR_IT_MAX_CHARS) pieces.push(sentence);
    else {
      // A sentence longer than the server says at once goes word by word into pieces that fit.
      let piece = '';
      for (const word of sentence.split(/\s+/)) {
        const next = piece ? `${piece} ${word}` : word;
        if (next.length <= HEAR_IT_MAX_CHARS) piece = next;
        else {
          if (piece) pieces.push(piece);
          piece = word.slice(0, HEAR_IT_MAX_CHARS);
        }
      }
      if (piece) pieces.push(piece);
    }
  }
  return pieces;
};

/** The one sound playing on the page: starting another stops it, so two voices never talk at once. */
let stopPlaying: (() => void) | null = null;

/** Stops whatever "Hear it" is saying (a mute, or a recording about to start that should not hear it). */
export const stopHearing = () => stopPlaying?.();

type Playback = { done: Promise<void>; stop: () => void };

const speakOnDevice = (pieces: string[], voice: SpeechSynthesisVoice, onStart: () => void): Playback => {
  const speech = synthesis();
  let stop = () => {};
  const done = new Promise<void>((resolve, reject) => {
    if (!speech) return resolve();
    stop = () => {
      speech.cancel();
      resolve();
    };
    pieces.forEach((piece, index) => {
      const utterance = new SpeechSynthesisUtterance(piece);
      utterance.voice = voice;
      utterance.lang = voice.lang;
      utterance.rate = DEVICE_RATE;
      if (index === pieces.length - 1) utterance.onend = () => resolve();
      utterance.onerror = (event) => {
        if (event.error === 'interrupted' || event.error === 'canceled') resolve();
        else reject(new Error(event.error));
      };
      speech.speak(utterance);
    });
    // The device starts at once; its start event is not sent by every browser.
    onStart();
  });
  return { done, stop };
};

const audioAddress = async (text: string, accent: PronunciationAccent | undefined) => {
  const answer = await queryClient().fetchQuery({
    ...callQuery(hearIt.speakText, accent ? { text, accent } : { text }),
    // The audio of a text never changes: asked once per page, whatever the screen.
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!learnedAccent()) queryClient().setQueryData(LEARNED_ACCENT_KEY, answer.accent);
  return answer.audioUrl;
};

const playServerAudio = (
  pieces: string[],
  accent: PronunciationAccent | undefined,
  onStart: () => void,
): Playback => {
  let stopped = false;
  let current: HTMLAudioElement | null = null;
  let stopWaiting = () => {};
  const playOne = (url: string) =>
    new Promise<void>((resolve, reject) => {
      const audio = new Audio(url);
      current = audio;
      stopWaiting = resolve;
      audio.addEventListener('playing', onStart);
      audio.addEventListener('ended', () => resolve());
      audio.addEventListener('error', () => reject(new Error('The audio could not be played')));
      audio.play().catch(reject);
    });
  const done = (async () => {
    // The next piece is asked for while one plays, so a passage runs on without gaps.
    let next = audioAddress(pieces[0] ?? '', accent);
    for (let index = 0; index < pieces.length && !stopped; index++) {
      const url = await next;
      const following = pieces[index + 1];
      if (following !== undefined) next = audioAddress(following, accent);
      if (!stopped) await playOne(url);
    }
  })();
  return {
    done,
    stop: () => {
      stopped = true;
      current?.pause();
      stopWaiting();
    },
  };
};

/**
 * Says the text on the device when it has a voice for the accent, else plays the server's rendering of it. Without
 * an accent the server decides (the learner's own) and says which, so the next text can use the device's voice.
 */
const hear = async ({
  text,
  accent,
  onStart,
}: {
  text: string;
  accent: PronunciationAccent | undefined;
  onStart: () => void;
}): Promise<Playback> => {
  const pieces = spokenPieces(text);
  const known = accent ?? learnedAccent();
  const voice = known && synthesis() ? await deviceVoiceFor(known) : null;
  return voice ? speakOnDevice(pieces, voice, onStart) : playServerAudio(pieces, known, onStart);
};

/** A speaker, with waves that move while it plays. */
const SpeakerIcon = ({ playing }: { playing: boolean }) => (
  <svg
    aria-hidden="true"
    className={`hear-it__icon ${playing ? 'hear-it__icon--playing' : ''}`}
    viewBox="0 0 24 24"
    width="16"
    height="16"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d="M11 5 6 9H3v6h3l5 4V5Z" fill="currentColor" />
    <path className="hear-it__wave hear-it__wave--near" d="M15.5 8.5a5 5 0 0 1 0 7" />
    <path className="hear-it__wave hear-it__wave--far" d="M18.5 5.5a9 9 0 0 1 0 13" />
  </svg>
);

/**
 * "Hear it": a button that says a target word, sentence or passage in the learner's accent. Pressed
 * while it plays (pressing again stops it); named for what it says ("Hear it: think"), or `name` when the text is
 * long (a passage).
 */
export const HearIt = ({
  text,
  name,
  accent,
  playRequest = 0,
}: {
  text: string;
  /** What the button's name says it plays, when not the text itself. */
  name?: string;
  /** The learner's pronunciation accent when the screen knows it; otherwise the server decides. */
  accent?: PronunciationAccent | undefined;
  /**
   * Plays the text without a press each time this number rises (the interviewer asking a new question);
   * the screen raises it only after a press of its own, so the browser lets the sound play.
   */
  playRequest?: number;
}) => {
  const { t } = useTranslation('widgets');
  const [state, setState] = useState<'idle' | 'loading' | 'playing'>('idle');
  const stopRef = useRef<(() => void) | null>(null);

  useEffect(
    () => () => {
      stopRef.current?.();
    },
    [],
  );

  const start = async () => {
    stopPlaying?.();
    let playback: Playback | null = null;
    let stopped = false;
    const stopThis = () => {
      stopped = true;
      playback?.stop();
      if (stopPlaying === stopThis) stopPlaying = null;
      stopRef.current = null;
      setState('idle');
    };
    stopPlaying = stopThis;
    stopRef.current = stopThis;
    setState('loading');
    try {
      playback = await hear({
        text,
        accent,
        onStart: () => {
          if (!stopped) setState('playing');
        },
      });
      if (stopped) {
        playback.stop();
        // Stopped before it started: whatever it was still fetching is of no interest.
        playback.done.catch(() => undefined);
        return;
      }
      await playback.done;
    } catch {
      if (!stopped) notify.error(t('hearIt.failed'));
    }
    if (!stopped) stopThis();
  };

  const startRef = useRef(start);
  startRef.current = start;
  useEffect(() => {
    if (playRequest > 0) void startRef.current();
  }, [playRequest]);

  return (
    <Button
      variant="ghost"
      size="sm"
      className={`hear-it hear-it--${state}`}
      aria-label={t('hearIt.hearItLabel', { text: name ?? text })}
      aria-pressed={state !== 'idle'}
      aria-busy={state === 'loading' || undefined}
      icon={
        state === 'loading' ? <Spinner size="sm" label="" /> : <SpeakerIcon playing={state === 'playing'} />
      }
      onClick={() => (state === 'idle' ? void start() : stopRef.current?.())}
    >
      {t('hearIt.hearIt')}
    </Button>
  );
};
