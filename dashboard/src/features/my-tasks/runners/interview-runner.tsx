import type { TASK_TYPES } from '@coach/shared/constants/task-types';
import type { InterviewMessage } from '@coach/shared/contract/interview';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.tsx';
import { AnswerChecks, InterviewFeedbackCard } from '../../../ui/interview-checks.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { HearIt, stopHearing } from '../../../widgets/hear-it.tsx';
import { interviewAccent, interviewPrompts } from '../interview-prompts.ts';
import { RecordingStep } from './recording-step.tsx';
import { Intro, type RunnerInput } from './runner-parts.tsx';

/** Names each answer's recorder: "Record your opening answer" (my-tasks.json runner.answerName). */
const ANSWER_NAMES = new Set<InterviewMessage['requestType']>([
  'POSITION',
  'ICEBREAKING',
  'TECHNICAL',
  'BEHAVIOURAL',
]);

/**
 * The mock interview as a conversation: the interviewer's question, the learner's spoken answer and
 * what was heard and said in it; once the answer is heard the interviewer asks the next question, and after the
 * last one sums up. Stages not asked yet are listed, greyed, so the learner sees how far there is to go.
 */
export const InterviewRunner = ({
  task,
  feedback,
  props,
}: RunnerInput<typeof TASK_TYPES.getInterviewReady>) => {
  const { t } = useTranslation('my-tasks');
  const prompts = interviewPrompts(task);
  // A stage's name is the screen's words; the interviewer's questions stay in the task's language.
  const stageTitle = (stage: string) => t(`runner.stages.${stage}`, { defaultValue: stage });
  const asked = props.interview.filter((message) => message.requestType !== 'FEEDBACK');
  const summary = props.interview.find(
    (message) => message.requestType === 'FEEDBACK' && message.from === 'coach',
  );
  const last = asked.at(-1);
  const lastAnalysis = last ? props.analyses[last.requestType] : undefined;
  // The interviewer is working out a reply: the last answer is saved but not heard yet.
  const listening =
    !props.readOnly &&
    last !== undefined &&
    last.response === null &&
    props.report.recordings?.[last.requestType] !== undefined &&
    lastAnalysis?.status === 'pending';
  const upcoming = prompts.filter(
    (prompt) => prompt.stage !== 'FEEDBACK' && !asked.some((message) => message.requestType === prompt.stage),
  );
  const accent = interviewAccent(task.region);

  // The interviewer's voice: each question is said aloud beside its text. Browsers play sound only
  // after a press, so the first question is said when the learner presses Start, and each new question after
  // that as it is asked, until they mute it; any question can be heard again with its own button.
  const [voice, setVoice] = useState<'off' | 'on' | 'muted'>('off');
  /** Which question to say now, and a count that rises each time one should be said. */
  const [say, setSay] = useState<{ stage: string | null; count: number }>({ stage: null, count: 0 });
  const current = last?.request ?? null;
  const currentStage = last?.requestType ?? null;
  const heardQuestion = useRef(current);
  useEffect(() => {
    if (current === heardQuestion.current) return;
    heardQuestion.current = current;
    if (voice === 'on' && currentStage !== null)
      setSay((before) => ({ stage: currentStage, count: before.count + 1 }));
  }, [current, currentStage, voice]);
  const startVoice = () => {
    setVoice('on');
    if (currentStage !== null) setSay((before) => ({ stage: currentStage, count: before.count + 1 }));
  };
  const toggleMute = () => {
    if (voice === 'on') stopHearing();
    setVoice(voice === 'on' ? 'muted' : 'on');
  };
  const anyAnswered =
    props.report.recordings !== undefined && Object.keys(props.report.recordings).length > 0;

  return (
    <div className="runner">
      <Intro readOnly={props.readOnly}>
        {t('runner.interviewIntro', {
          jobTitle: task.jobTitle,
          industry: task.industry,
          location: task.location,
          region: task.region,
        })}
      </Intro>
      {props.readOnly || summary ? null : (
        <div className="interview-voice">
          {voice === 'off' ? (
            <Button variant="primary" onClick={startVoice}>
              {t(anyAnswered ? 'runner.continueInterview' : 'runner.startInterview')}
            </Button>
          ) : (
            <Button variant="secondary" aria-pressed={voice === 'muted'} onClick={toggleMute}>
              {t('runner.muteInterviewer')}
            </Button>
          )}
          <p className="interview-voice__hint">
            {/* The hint names the button beside it: Continue once an answer is in. */}
            {t(voice === 'off' && anyAnswered ? 'runner.voice.offContinue' : `runner.voice.${voice}`)}
          </p>
        </div>
      )}
      {/* Recording stops the interviewer's voice, so the answer does not hear the question. */}
      <ol
        className="steps interview-steps"
        onClickCapture={(event) => {
          if ((event.target as HTMLElement).closest('.recorder__controls')) stopHearing();
        }}
      >
        {asked.map((message, index) => {
          const title = stageTitle(message.requestType);
          const content = message.answerAnalysis?.content;
          return (
            <RecordingStep
              key={message.requestType}
              recordingKey={message.requestType}
              label={t(
                `runner.answerName.${ANSWER_NAMES.has(message.requestType) ? message.requestType : 'other'}`,
              )}
              heading={
                <h3 className="step__question">
                  <span className="step__number">{index + 1}.</span> {title}
                </h3>
              }
              after={content ? <AnswerChecks content={content} /> : null}
              props={props}
            >
              <div className="step__prompt interview-steps__asks">
                <div className="interview-steps__bar">
                  <span className="interview-steps__who">{t('runner.interviewer')}</span>
                  <HearIt
                    text={message.request}
                    name={t('runner.questionName', { number: index + 1 })}
                    accent={accent}
                    playRequest={say.stage === message.requestType ? say.count : 0}
                  />
                </div>
                <p className="interview-steps__question">
                  <span className="visually-hidden">{t('runner.interviewer')}: </span>
                  {/* The question is in the task's language: its own direction, whatever the screen's (its full stop
                      stays at its end on a right-to-left screen). */}
                  <span className="interview-steps__words" dir="auto">
                    {message.request}
                  </span>
                </p>
              </div>
            </RecordingStep>
          );
        })}
        {listening ? (
          <li className="step step--waiting" aria-live="polite">
            <p className="interview-steps__listening">
              <Spinner size="sm" label="" /> {t('runner.listening')}
            </p>
          </li>
        ) : null}
        {upcoming.map((prompt) => (
          <li key={prompt.stage} className="step step--upcoming">
            <p className="step__question">
              <span className="step__number">{prompts.indexOf(prompt) + 1}.</span> {stageTitle(prompt.stage)}
            </p>
            <p className="step__prompt">{t('runner.askedAfter')}</p>
          </li>
        ))}
        <li className="step step--feedback">
          <div className="step__head">
            <h3 className="step__question">
              <span className="step__number">{prompts.length}.</span> {t('runner.feedback')}
            </h3>
          </div>
          {summary?.feedback ? (
            <InterviewFeedbackCard feedback={summary.feedback} />
          ) : (
            <p className="step__prompt">{t('runner.sumsUp')}</p>
          )}
          {feedback ? <p className="step__prompt">{t('runner.reviewerAbove')}</p> : null}
        </li>
      </ol>
    </div>
  );
};
