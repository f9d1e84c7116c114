import type { VideoContent } from '@coach/shared/contract/content';
import type { InterviewMessage } from '@coach/shared/contract/interview';
import type { PronunciationAccent } from '@coach/shared/contract/pronunciation';
import type { SpeechAnalysis } from '@coach/shared/contract/speech';
import type { PronunciationRule, Task, TaskOfType, TaskReport } from '@coach/shared/contract/tasks';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { AudioRecorder, type AudioTake } from '../../ui/audio-recorder.tsx';
import { Button } from '../../ui/button.tsx';
import { AnswerChecks, InterviewFeedbackCard } from '../../ui/interview-checks.tsx';
import { MultipleChoiceQuestion } from '../../ui/multiple-choice.tsx';
import { SpeechAnalysisPanel } from '../../ui/speech-analysis.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { Checkbox } from '../../ui/table.tsx';
import { TextAreaField } from '../../ui/text-field.tsx';
import { HearIt, isPronunciationAccent, stopHearing } from '../../widgets/hear-it.tsx';
import { VideoPlayerDialog } from '../../widgets/video-player/video-player-dialog.tsx';
import { interviewAccent, interviewPrompts } from './interview-prompts.ts';
import { answerField, choiceField, READ_FIELD, recordingField } from './task-report.ts';
import type { SaveWhen } from './use-task-attempt.ts';

/** The element id of a step, so a 422 naming its field can take the learner there. */
export const stepId = (field: string) => `step-${field.replace(/[^\w-]/g, '-')}`;

export type RunnerProps = {
  report: TaskReport;
  readOnly: boolean;
  update: (change: (report: TaskReport) => TaskReport, when: SaveWhen) => Promise<void>;
  saveRecording: (key: string) => (take: AudioTake) => Promise<void>;
  /** The message to show on a step: the server's 422 for its field, or a missing answer after a submit. */
  errorFor: (field: string) => string | null;
  /** What the speech engine heard in each saved recording, keyed like report.recordings (issue 16). */
  analyses: Record<string, SpeechAnalysis>;
  /** An analysis is still pending after the screen stopped asking: the panel says to come back later. */
  analysisStalled: boolean;
  /** A Get Interview Ready attempt's conversation so far (issue 16); empty for other types. */
  interview: InterviewMessage[];
};

/** What to do, shown while the task is open (a submitted task shows only the answers). */
const Intro = ({ readOnly, children }: { readOnly: boolean; children: ReactNode }) =>
  readOnly ? null : <p className="runner__intro">{children}</p>;

const StepError = ({ message }: { message: string | null }) =>
  message ? <p className="step__error">{message}</p> : null;

/** Analyses a learner may record again after: nothing heard, too noisy to judge, or the job gave up. */
const RECORD_AGAIN_AFTER = new Set<SpeechAnalysis['status']>(['no-speech', 'too-noisy', 'failed']);

/** A step the learner answers by speaking: what to say, then the recorder. */
const RecordingStep = ({
  recordingKey,
  label,
  heading,
  children,
  after,
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
        {saved ? <span className="step__done">{t('runner.recorded')}</span> : null}
      </div>
      {children}
      <AudioRecorder
        label={label}
        savedUrl={saved?.fileUrl}
        readOnly={props.readOnly}
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

const Passage = ({ text }: { text: string | undefined }) => {
  const { t } = useTranslation('my-tasks');
  return text ? (
    <blockquote className="passage" dir="auto">
      {text}
    </blockquote>
  ) : (
    <p className="my-task__note">{t('runner.passageMissing')}</p>
  );
};

const ReadRunner = ({ task, props }: { task: TaskOfType<1>; props: RunnerProps }) => {
  const { t } = useTranslation('my-tasks');
  const error = props.errorFor(READ_FIELD);
  return (
    <div className="runner">
      <Intro readOnly={props.readOnly}>{t('runner.readIntro')}</Intro>
      <Passage text={task.passage} />
      <div id={stepId(READ_FIELD)} className={`step step--plain ${error ? 'step--invalid' : ''}`}>
        <Checkbox
          label={t('runner.readConfirm')}
          checked={props.report.read === true}
          disabled={props.readOnly}
          onChange={(checked) => {
            void props.update((report) => ({ ...report, read: checked }), 'now').catch(() => undefined);
          }}
        />
        <StepError message={error} />
      </div>
    </div>
  );
};

const PronunciationRunner = ({
  task,
  rule,
  props,
}: {
  task: TaskOfType<2>;
  rule: PronunciationRule | null;
  props: RunnerProps;
}) => {
  const { t } = useTranslation('my-tasks');
  const accent = isPronunciationAccent(rule?.accent) ? rule.accent : undefined;
  return (
    <div className="runner">
      <Intro readOnly={props.readOnly}>{t('runner.pronunciationIntro')}</Intro>
      {rule ? (
        <p className="my-task__note">
          {t('runner.scoredFor', {
            accent: t(`pronunciation:accents.${rule.accent}`, { defaultValue: rule.accent }),
            score: formatNumber(rule.passingScore),
            judging: t(`pronunciation:strictness.${rule.strictness}.judging`, {
              defaultValue: rule.strictness,
            }),
          })}
        </p>
      ) : null}
      <ol className="steps">
        {task.items.map((item, index) => (
          <RecordingStep
            // Items are fixed for the task, so the index is their identity (and their report key).
            key={index}
            recordingKey={String(index)}
            label={t('runner.itemLabel', { n: index + 1 })}
            heading={
              <div className="step__say-line">
                <p className="step__say">
                  <span className="step__number">{index + 1}.</span> {item}
                </p>
                <HearIt text={item} accent={accent} />
              </div>
            }
            accent={accent}
            props={props}
          />
        ))}
      </ol>
    </div>
  );
};

const QuestionAnswerRunner = ({ task, props }: { task: TaskOfType<4>; props: RunnerProps }) => {
  const { t } = useTranslation('my-tasks');
  return (
    <div className="runner">
      <Intro readOnly={props.readOnly}>{t('runner.qaIntro')}</Intro>
      <ol className="steps">
        {task.questions.map((question, index) => (
          <RecordingStep
            key={index}
            recordingKey={String(index)}
            label={t('runner.answerLabel', { n: index + 1 })}
            heading={
              <h3 className="step__question">
                <span className="step__number">{index + 1}.</span> {question}
              </h3>
            }
            props={props}
          />
        ))}
      </ol>
    </div>
  );
};

const ReadAndRecordRunner = ({
  task,
  accent,
  props,
}: {
  task: TaskOfType<5>;
  accent: PronunciationAccent | undefined;
  props: RunnerProps;
}) => {
  const { t } = useTranslation('my-tasks');
  return (
    <div className="runner">
      <Intro readOnly={props.readOnly}>{t('runner.rrIntro')}</Intro>
      <ol className="steps steps--single">
        <RecordingStep
          recordingKey="passage"
          label={t('runner.passageLabel')}
          heading={
            <div className="step__say-line">
              <h3 className="step__question">{t('runner.passageHeading')}</h3>
              {task.passage ? (
                <HearIt text={task.passage} name={t('runner.passageLabel')} accent={accent} />
              ) : null}
            </div>
          }
          accent={accent}
          props={props}
        >
          <Passage text={task.passage} />
        </RecordingStep>
      </ol>
    </div>
  );
};

/** Names each answer's recorder: "Record your opening answer" (my-tasks.json runner.answerName). */
const ANSWER_NAMES = new Set<InterviewMessage['requestType']>([
  'POSITION',
  'ICEBREAKING',
  'TECHNICAL',
  'BEHAVIOURAL',
]);

/**
 * The mock interview as a conversation (issue 16): the interviewer's question, the learner's spoken answer and
 * what was heard and said in it; once the answer is heard the interviewer asks the next question, and after the
 * last one sums up. Stages not asked yet are listed, greyed, so the learner sees how far there is to go.
 */
const InterviewRunner = ({
  task,
  feedback,
  props,
}: {
  task: TaskOfType<6>;
  feedback: string | null;
  props: RunnerProps;
}) => {
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

  // The interviewer's voice (issue 38): each question is said aloud beside its text. Browsers play sound only
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
          <p className="interview-voice__hint">{t(`runner.voice.${voice}`)}</p>
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

const FreeTextRunner = ({ task, props }: { task: TaskOfType<7>; props: RunnerProps }) => {
  const { t } = useTranslation('my-tasks');
  return (
    <div className="runner">
      <Intro readOnly={props.readOnly}>{t('runner.freeIntro')}</Intro>
      <ol className="steps">
        {task.questions.map((question, index) => {
          const field = answerField(index);
          return (
            <li key={index} className="step step--plain" id={stepId(field)}>
              <TextAreaField
                label={`${index + 1}. ${question}`}
                value={props.report.answers?.[index] ?? ''}
                maxLength={10_000}
                rows={4}
                readOnly={props.readOnly}
                error={props.errorFor(field)}
                onChange={(event) => {
                  const text = event.target.value;
                  void props.update((report) => {
                    const answers = task.questions.map((_, i) => report.answers?.[i] ?? '');
                    answers[index] = text;
                    return { ...report, answers };
                  }, 'soon');
                }}
              />
            </li>
          );
        })}
      </ol>
    </div>
  );
};

const MultipleChoiceRunner = ({ task, props }: { task: TaskOfType<8>; props: RunnerProps }) => {
  const { t } = useTranslation('my-tasks');
  return (
    <div className="runner">
      <Intro readOnly={props.readOnly}>{t('runner.mcIntro')}</Intro>
      <ol className="steps">
        {task.questions.map((question, index) => {
          const field = choiceField(question.id);
          return (
            <li key={question.id} className="step step--plain">
              <MultipleChoiceQuestion
                id={stepId(field)}
                question={question}
                number={index + 1}
                answer={props.report.choices?.[question.id]}
                readOnly={props.readOnly}
                error={props.errorFor(field)}
                onChange={(answer) => {
                  void props.update(
                    (report) => ({ ...report, choices: { ...report.choices, [question.id]: answer } }),
                    'soon',
                  );
                }}
              />
            </li>
          );
        })}
      </ol>
    </div>
  );
};

/** A Video task: the content player opens over the task; 'viewed' at 80 % completes it (spec §4). */
const VideoRunner = ({
  video,
  readOnly,
  onVideoViewed,
}: {
  video: VideoContent | null | undefined;
  readOnly: boolean;
  onVideoViewed?: (() => void) | undefined;
}) => {
  const { t } = useTranslation('my-tasks');
  const [open, setOpen] = useState(false);
  const viewed = useRef(false);
  if (!video)
    return (
      <div className="runner">
        <div className="alert alert--info" role="note">
          {t('runner.videoGone')}
        </div>
      </div>
    );
  return (
    <div className="runner">
      <Intro readOnly={readOnly}>{t('runner.videoIntro')}</Intro>
      <p className="my-task__note">
        <Trans
          t={t}
          i18nKey="runner.videoBy"
          values={{ title: video.title, coach: video.coach, category: video.categoryLabel }}
          components={{ strong: <strong /> }}
        />
      </p>
      <div>
        <Button onClick={() => setOpen(true)}>{readOnly ? t('runner.watchAgain') : t('runner.watch')}</Button>
      </div>
      {open ? (
        <VideoPlayerDialog
          video={video}
          onViewed={() => {
            viewed.current = true;
          }}
          onClose={() => {
            setOpen(false);
            // The server completed the task when 'viewed' was recorded: show it once the player is closed.
            if (viewed.current && !readOnly) onVideoViewed?.();
          }}
        />
      ) : null}
    </div>
  );
};

/** The part of the task screen where the learner does the task, by type (spec §3 types 1-8). */
export const TaskRunner = ({
  task,
  pronunciation,
  feedback,
  video,
  onVideoViewed,
  ...props
}: RunnerProps & {
  task: Task;
  pronunciation: PronunciationRule | null;
  feedback: string | null;
  /** Type 3: the video to play. */
  video?: VideoContent | null | undefined;
  /** Type 3: the player recorded 'viewed' and was closed (the task is now complete on the server). */
  onVideoViewed?: () => void;
}) => {
  switch (task.type) {
    case 1:
      return <ReadRunner task={task} props={props} />;
    case 2:
      return <PronunciationRunner task={task} rule={pronunciation} props={props} />;
    case 3:
      return <VideoRunner video={video} readOnly={props.readOnly} onVideoViewed={onVideoViewed} />;
    case 4:
      return <QuestionAnswerRunner task={task} props={props} />;
    case 5:
      return (
        <ReadAndRecordRunner
          task={task}
          accent={isPronunciationAccent(pronunciation?.accent) ? pronunciation.accent : undefined}
          props={props}
        />
      );
    case 6:
      return <InterviewRunner task={task} feedback={feedback} props={props} />;
    case 7:
      return <FreeTextRunner task={task} props={props} />;
    case 8:
      return <MultipleChoiceRunner task={task} props={props} />;
  }
};
