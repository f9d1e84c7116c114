import type { PronunciationAccent } from '@coach/shared/contract/pronunciation';
import type { SpeechAnalysis } from '@coach/shared/contract/speech';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AudioRecorder } from '../../../ui/audio-recorder.tsx';
import { SpeechAnalysisPanel } from '../../../ui/speech-analysis.tsx';
import { HearIt } from '../../../widgets/hear-it.tsx';
import { recordingField } from '../task-report.ts';
import { type RunnerProps, StepError, stepId } from './runner-parts.tsx';

/** Analyses a learner may record again after: nothing heard, too noisy to judge, or the job gave up. */
const RECORD_AGAIN_AFTER = new Set<SpeechAnalysis['status']>(['no-speech', 'too-noisy', 'failed']);

/** Takes that hold no answer to hear: the step's head says so instead of "Recorded". */
const UNHEARD: ReadonlySet<SpeechAnalysis['status'] | undefined> = new Set(['no-speech', 'too-noisy']);

/** A step the learner answers by speaking: what to say, then the recorder. */
export const RecordingStep = ({
  recordingKey,
  label,
  heading,
  children,
  after,
  status,
  accent,
  props,
}: {
  recordingKey: string;
  /** Names the recorder's buttons and player ('item 1', 'your answer to question 2'). */
  label: string;
  heading: ReactNode;
  children?: ReactNode;
  /** Shown under the analysis of the saved take (an interview answer's checks). */
  after?: ReactNode;
  /** What the head says of a saved recording instead of "Recorded" (a Pronunciation item's score against the mark). */
  status?: ReactNode;
  /** The learner's pronunciation accent, for "Hear it" on the words to practise (the server's when unknown). */
  accent?: PronunciationAccent | undefined;
  props: RunnerProps;
}) => {
  const { t } = useTranslation('my-tasks');
  const saved = props.report.recordings?.[recordingKey];
  const field = recordingField(recordingKey);
  const error = props.errorFor(field);
  const analysis = props.analyses[recordingKey];
  // While a new take is being saved, the analysis of the one it replaces is not shown.
  const [savingTake, setSavingTake] = useState(false);
  const saveTake = props.saveRecording(recordingKey);
  const stepRef = useRef<HTMLLIElement>(null);
  const [retrying, setRetrying] = useState(false);

  // "Record again" from the analysis starts the recorder's own Record again, then moves the focus to its Stop
  // button once the microphone is open, so a keyboard user can end the new take where they are.
  useEffect(() => {
    const step = stepRef.current;
    if (!retrying || !step) return;
    // The recorder's buttons by their place, not their (translated) names: Stop is the danger button while
    // recording, Record again the first button otherwise.
    const stopButton = () => step.querySelector<HTMLButtonElement>('.recorder__controls .btn--danger');
    const focusStop = () => {
      const button = stopButton();
      if (!button) return false;
      button.focus();
      setRetrying(false);
      return true;
    };
    step
      .querySelector<HTMLButtonElement>('.recorder__controls > .btn:first-child:not(.btn--danger)')
      ?.click();
    if (focusStop()) return;
    const observer = new MutationObserver(() => {
      if (focusStop()) observer.disconnect();
    });
    observer.observe(step, { childList: true, subtree: true });
    const giveUp = window.setTimeout(() => setRetrying(false), 10_000);
    return () => {
      observer.disconnect();
      window.clearTimeout(giveUp);
    };
  }, [retrying]);

  return (
    <li ref={stepRef} className={`step ${error ? 'step--invalid' : ''}`} id={stepId(field)}>
      <div className="step__head">
        {heading}
        {saved && !savingTake && status ? status : null}
        {saved && !savingTake && UNHEARD.has(analysis?.status) ? (
          // Nothing in the take counts as an answer: the head says so, not "Recorded".
          <span className="step__done step__done--unheard">{t(`runner.unheard.${analysis?.status}`)}</span>
        ) : saved && (savingTake || !status) ? (
          <span className="step__done">{t('runner.recorded')}</span>
        ) : null}
      </div>
      {children}
      <AudioRecorder
        label={label}
        savedUrl={saved?.fileUrl}
        readOnly={props.readOnly}
        scored={analysis?.status === 'done'}
        onSave={async (take) => {
          setSavingTake(true);
          try {
            await saveTake(take);
          } finally {
            setSavingTake(false);
          }
        }}
      />
      <StepError message={error} />
      {saved && analysis && !savingTake ? (
        <SpeechAnalysisPanel
          analysis={analysis}
          stalled={props.analysisStalled}
          renderHearIt={(text) => <HearIt text={text} accent={accent} />}
          onRetry={
            props.readOnly || !RECORD_AGAIN_AFTER.has(analysis.status)
              ? undefined
              : () => {
                  stepRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
                  setRetrying(true);
                }
          }
        />
      ) : null}
      {saved && !savingTake ? after : null}
    </li>
  );
};
