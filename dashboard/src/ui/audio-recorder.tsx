import { GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { MAX_RECORDING_SECONDS } from '@coach/shared/constants/speech';
import { atom, useSetAtom } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { ConfirmDialog } from './dialog.tsx';
import { Spinner } from './spinner.tsx';
import './audio-recorder.css';

/** One finished recording: the bytes (typed with their base MIME type), how long it lasts and when it was made. */
export type AudioTake = { blob: Blob; durationMs: number; recordedAt: string };

/** Formats in order of preference; the first the browser supports is used (Safari records audio/mp4). */
const PREFERRED_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];

/** 'audio/webm;codecs=opus' -> 'audio/webm': uploads are checked against base types. */
export const baseMimeType = (type: string) => type.split(';')[0]?.trim().toLowerCase() || 'audio/webm';

const pickMimeType = () =>
  PREFERRED_TYPES.find(
    (type) => typeof MediaRecorder.isTypeSupported === 'function' && MediaRecorder.isTypeSupported(type),
  );

/** The text as a sentence, ending with a full stop. */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** 75 000 ms -> '1:15'. */
export const formatClock = (ms: number) => {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** What the learner should do when the microphone cannot be opened, by the DOMException name (speech.json). */
type MicProblem = 'blocked' | 'notFound' | 'busy' | 'other' | 'unsupported' | 'nothing';
const microphoneProblem = (error: unknown): MicProblem => {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError')
    return 'blocked';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'notFound';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'other';
};

type Phase =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'recording'; startedAt: number }
  | { kind: 'saving'; take: AudioTake }
  | { kind: 'failed'; take: AudioTake; message: string }
  | { kind: 'saved'; take: AudioTake };

type Live = { recorder: MediaRecorder; stream: MediaStream };

/**
 * How many recorders hold a take not saved yet (recording, saving, or failed to save): the page they are on asks
 * before the app leaves it (the task screen's leave guard), as the browser does before the tab closes.
 */
export const unsavedTakesAtom = atom(0);

const stopTracks = (stream: MediaStream) => {
  for (const track of stream.getTracks()) track.stop();
};

/**
 * Records one spoken answer: Record, a running timer, Stop, play back, Record again. A finished take goes to
 * `onSave` (which uploads and stores it); when that fails the take is kept and a Retry button sends it again,
 * so nothing recorded is lost. `savedUrl` plays a recording saved earlier. With `readOnly` only playback shows.
 */
export const AudioRecorder = ({
  label,
  savedUrl,
  onSave,
  readOnly = false,
  scored = false,
  maxDurationMs = MAX_RECORDING_SECONDS * 1000,
}: {
  /** What is recorded, e.g. 'item 1' or 'your answer to question 2'; names the buttons and the player. */
  label: string;
  savedUrl?: string | null | undefined;
  onSave: (take: AudioTake) => Promise<void>;
  readOnly?: boolean;
  /**
   * The saved take was heard and scored: Record again asks first, since the new take replaces it and its score
   * (a silent new take left the learner with "no speech" where an 86 had been).
   */
  scored?: boolean;
  /** Recording stops by itself after this long (the engine hears no further than MAX_RECORDING_SECONDS). */
  maxDurationMs?: number;
}) => {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const { t } = useTranslation('speech');
  const [micError, setMicError] = useState<MicProblem | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const live = useRef<Live | null>(null);
  const mounted = useRef(true);
  const onSaveRef = useRef(onSave);
  onSaveRef.current = onSave;
  // Record and Stop are different buttons: the one pressed leaves the page, so the focus follows to the one that
  // takes its place (a keyboard user stops with the key that started), not to the page's body.
  const controls = useRef<HTMLDivElement>(null);
  const keepFocus = useRef(false);
  const rememberFocus = () => {
    keepFocus.current = Boolean(controls.current?.contains(document.activeElement));
  };

  const take =
    phase.kind === 'saving' || phase.kind === 'failed' || phase.kind === 'saved' ? phase.take : null;
  const takeUrl = useMemo(
    () => (take && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(take.blob) : null),
    [take],
  );
  useEffect(
    () => () => {
      if (takeUrl) URL.revokeObjectURL(takeUrl);
    },
    [takeUrl],
  );

  // Let the microphone go when the screen closes mid-recording.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      const current = live.current;
      live.current = null;
      if (current) {
        if (current.recorder.state !== 'inactive') current.recorder.stop();
        stopTracks(current.stream);
      }
    };
  }, []);

  // A take not yet saved would be lost by closing the tab: the browser asks first (and the page, counting these,
  // before the app navigates away).
  const unsaved = phase.kind === 'saving' || phase.kind === 'failed' || phase.kind === 'recording';
  const setUnsavedTakes = useSetAtom(unsavedTakesAtom);
  useEffect(() => {
    if (!unsaved) return;
    setUnsavedTakes((count) => count + 1);
    return () => setUnsavedTakes((count) => count - 1);
  }, [unsaved, setUnsavedTakes]);
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  const save = async (next: AudioTake) => {
    setPhase({ kind: 'saving', take: next });
    try {
      await onSaveRef.current(next);
      if (mounted.current) setPhase({ kind: 'saved', take: next });
    } catch (error) {
      if (mounted.current)
        setPhase({
          kind: 'failed',
          take: next,
          message: error instanceof Error && error.message ? error.message : GENERIC_ERROR_MESSAGE,
        });
    }
  };

  const stop = () => {
    const current = live.current;
    if (current && current.recorder.state !== 'inactive') current.recorder.stop();
  };

  const start = async () => {
    setMicError(null);
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      setMicError('unsupported');
      return;
    }
    setPhase({ kind: 'starting' });
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      if (!mounted.current) return;
      setMicError(microphoneProblem(error));
      setPhase({ kind: 'idle' });
      return;
    }
    if (!mounted.current) {
      stopTracks(stream);
      return;
    }
    const mimeType = pickMimeType();
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    } catch (error) {
      stopTracks(stream);
      setMicError(microphoneProblem(error));
      setPhase({ kind: 'idle' });
      return;
    }
    const chunks: Blob[] = [];
    const startedAt = Date.now();
    recorder.addEventListener('dataavailable', (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    });
    recorder.addEventListener('stop', () => {
      stopTracks(stream);
      if (!mounted.current) return;
      live.current = null;
      const blob = new Blob(chunks, {
        type: baseMimeType(recorder.mimeType || mimeType || chunks[0]?.type || ''),
      });
      if (blob.size === 0) {
        setMicError('nothing');
        setPhase({ kind: 'idle' });
        return;
      }
      void save({ blob, durationMs: Date.now() - startedAt, recordedAt: new Date().toISOString() });
    });
    live.current = { recorder, stream };
    recorder.start();
    setElapsed(0);
    setPhase({ kind: 'recording', startedAt });
  };

  // The running timer, and the automatic stop at the limit.
  useEffect(() => {
    if (phase.kind !== 'recording') return;
    const tick = () => {
      const ms = Date.now() - phase.startedAt;
      setElapsed(ms);
      if (ms >= maxDurationMs) stop();
    };
    const timer = window.setInterval(tick, 250);
    return () => window.clearInterval(timer);
  }, [phase, maxDurationMs]);

  useEffect(() => {
    if (!keepFocus.current) return;
    const next = controls.current?.querySelector<HTMLButtonElement>('button:not(:disabled)');
    if (!next) return;
    next.focus();
    keepFocus.current = false;
  }, [phase.kind]);

  const playUrl = takeUrl ?? savedUrl ?? null;
  const busy = phase.kind === 'starting' || phase.kind === 'saving';
  const recording = phase.kind === 'recording';
  const hasSomething = Boolean(take) || Boolean(savedUrl);

  if (readOnly)
    return (
      <div className="recorder">
        {savedUrl ? (
          <div className="recorder__playback">
            {/* biome-ignore lint/a11y/useMediaCaption: a learner's own voice recording has no caption track */}
            <audio
              controls
              preload="metadata"
              src={savedUrl}
              aria-label={t('recorder.recordingOf', { label })}
            />
          </div>
        ) : (
          <p className="recorder__note">{t('recorder.notRecorded')}</p>
        )}
      </div>
    );

  return (
    <div className="recorder">
      <div className="recorder__controls" ref={controls}>
        {recording ? (
          <>
            <Button
              variant="danger"
              onClick={() => {
                rememberFocus();
                stop();
              }}
              aria-label={t('recorder.stopLabel', { label })}
            >
              {t('recorder.stop')}
            </Button>
            <span className="recorder__live">
              <span className="recorder__dot" aria-hidden="true" />
              <span className="visually-hidden">{t('recorder.recordingTime')} </span>
              <span role="timer">{formatClock(elapsed)}</span>
            </span>
          </>
        ) : (
          <Button
            variant={hasSomething ? 'secondary' : 'primary'}
            loading={phase.kind === 'starting'}
            disabled={busy}
            onClick={() => {
              if (scored && hasSomething && phase.kind !== 'failed') {
                setConfirming(true);
                return;
              }
              rememberFocus();
              void start();
            }}
            aria-label={
              hasSomething ? t('recorder.recordAgainLabel', { label }) : t('recorder.recordLabel', { label })
            }
          >
            {hasSomething ? t('recorder.recordAgain') : t('recorder.record')}
          </Button>
        )}
        {phase.kind === 'failed' ? (
          <Button
            variant="secondary"
            onClick={() => void save(phase.take)}
            aria-label={t('recorder.retryLabel', { label })}
          >
            {t('recorder.retry')}
          </Button>
        ) : null}
      </div>
      {playUrl && !recording ? (
        <div className="recorder__playback">
          {/* biome-ignore lint/a11y/useMediaCaption: a learner's own voice recording has no caption track */}
          <audio
            controls
            preload="metadata"
            src={playUrl}
            aria-label={t('recorder.recordingOf', { label })}
          />
        </div>
      ) : null}
      <div className="recorder__status" aria-live="polite">
        {recording ? <span className="recorder__note">{t('recorder.recordingNote')}</span> : null}
        {phase.kind === 'saving' ? (
          <span className="recorder__note">
            <Spinner size="sm" label="" /> {t('recorder.saving')}
          </span>
        ) : null}
        {phase.kind === 'saved' || (phase.kind === 'idle' && savedUrl) ? (
          <span className="recorder__saved">{t('recorder.saved')}</span>
        ) : null}
      </div>
      {phase.kind === 'failed' ? (
        <p className="recorder__error" role="alert">
          {t('recorder.notSaved', { reason: sentence(phase.message) })}
        </p>
      ) : null}
      {micError ? (
        <p className="recorder__error" role="alert">
          {t(`recorder.mic.${micError}`)}
        </p>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={t('recorder.replace.title')}
          description={t('recorder.replace.description', { label })}
          confirmLabel={t('recorder.recordAgain')}
          busy={false}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            // The focus goes on to Stop once the microphone is open, as after a Record pressed from the keyboard.
            keepFocus.current = true;
            void start();
          }}
        />
      ) : null}
    </div>
  );
};
