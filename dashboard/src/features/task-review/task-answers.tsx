import { TASK_TYPES } from '@coach/shared/constants/task-types';
import { VIDEO_COMPLETION_THRESHOLD } from '@coach/shared/constants/timing';
import type { PronunciationAccent } from '@coach/shared/contract/pronunciation';
import type { SpeechAnalysis } from '@coach/shared/contract/speech';
import type { ChoiceResult, Recording, Task, TaskOfType, TaskReport } from '@coach/shared/contract/tasks';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { ChoiceVerdict } from '../../ui/choice-verdict.tsx';
import { SpeechAnalysisPanel } from '../../ui/speech-analysis.tsx';
import { HearIt } from '../../widgets/hear-it.tsx';
import { isPlayable } from './review-labels.ts';

/**
 * The analyses of the attempt's recordings, whether the screen stopped waiting for them, and the accent the member
 * is scored in, when known, for "Hear it" on the words to practise.
 */
export type AnalysesView = {
  analyses: Record<string, SpeechAnalysis>;
  stalled: boolean;
  accent?: PronunciationAccent | undefined;
};

/** What the speech engine heard in one recording, when there is a recording and its analysis. */
export const RecordingAnalysis = ({
  analysis,
  stalled,
  accent,
}: {
  analysis: SpeechAnalysis | undefined;
  stalled: boolean;
  accent?: PronunciationAccent | undefined;
}) =>
  analysis ? (
    <SpeechAnalysisPanel
      analysis={analysis}
      viewer="reviewer"
      stalled={stalled}
      renderHearIt={(text) => <HearIt text={text} accent={accent} />}
    />
  ) : null;

/** One recording with its label, or a note that there is none. */
export const RecordingPlayer = ({
  label,
  recording,
}: {
  label: string;
  recording: Recording | undefined;
}) => {
  const { t } = useTranslation('task-review');
  return isPlayable(recording?.fileUrl) ? (
    // biome-ignore lint/a11y/useMediaCaption: learners' spoken answers have no caption track; the reviewer listens to them.
    <audio
      className="review-answer__audio"
      controls
      preload="metadata"
      src={recording?.fileUrl}
      aria-label={label}
    />
  ) : (
    <p className="review-answer__none">{t('interview.noRecording')}</p>
  );
};

const Passage = ({ text }: { text: string }) => {
  const { t } = useTranslation('task-review');
  return (
    <details className="review-answer__passage">
      <summary>{t('answers.showPassage')}</summary>
      <p dir="auto">{text}</p>
    </details>
  );
};

/** Pronunciation and Question and Answer: one recording per word, sentence or question. */
const RecordedList = ({
  noun,
  texts,
  report,
  view,
}: {
  noun: 'Item' | 'Question';
  texts: string[];
  report: TaskReport;
  view: AnalysesView;
}) => {
  const { t } = useTranslation('task-review');
  return (
    <ol className="review-answers">
      {texts.map((text, index) => {
        const n = formatNumber(index + 1);
        const label = noun === 'Item' ? t('answers.item', { n }) : t('answers.question', { n });
        return (
          <li key={index} className="review-answer">
            <p className="review-answer__label">{label}</p>
            <p className="review-answer__prompt">{text}</p>
            <RecordingPlayer
              label={
                noun === 'Item'
                  ? t('answers.recordingOfItem', { n, text })
                  : t('answers.recordingOfQuestion', { n, text })
              }
              recording={report.recordings?.[String(index)]}
            />
            {report.recordings?.[String(index)] ? (
              <RecordingAnalysis
                analysis={view.analyses[String(index)]}
                stalled={view.stalled}
                accent={view.accent}
              />
            ) : null}
          </li>
        );
      })}
    </ol>
  );
};

const FreeTextAnswers = ({
  task,
  report,
}: {
  task: TaskOfType<typeof TASK_TYPES.freeTextQuestionAndAnswer>;
  report: TaskReport;
}) => {
  const { t } = useTranslation('task-review');
  return (
    <ol className="review-answers">
      {task.questions.map((question, index) => {
        const answer = report.answers?.[index]?.trim();
        return (
          <li key={index} className="review-answer">
            <p className="review-answer__label">{t('answers.question', { n: formatNumber(index + 1) })}</p>
            <p className="review-answer__prompt">{question}</p>
            {answer ? (
              <p className="review-answer__text">{answer}</p>
            ) : (
              <p className="review-answer__none">{t('answers.noAnswer')}</p>
            )}
          </li>
        );
      })}
    </ol>
  );
};

/** A marked question's verdict as the member's own screen gives it: an icon and words, not colour alone. */
const Verdict = ({ right, answered }: { right: boolean; answered: boolean }) => {
  const { t } = useTranslation('task-review');
  const kind = right ? 'right' : answered ? 'wrong' : 'notAnswered';
  return <ChoiceVerdict kind={kind} label={t(`answers.${kind}`)} />;
};

/**
 * The member's choices against the options, the expected answer marked; once submitted, each marked question's
 * verdict and the total from the server's marks (assignment.choiceResult), the same the member sees.
 */
const ChoiceAnswers = ({
  task,
  report,
  result,
  memberName,
}: {
  task: TaskOfType<typeof TASK_TYPES.multipleChoiceQuestion>;
  report: TaskReport;
  result: ChoiceResult | null | undefined;
  memberName: string;
}) => {
  const { t } = useTranslation('task-review');
  const marks = new Map((result?.questions ?? []).map((mark) => [mark.questionId, mark]));
  return (
    <>
      {result ? (
        <p className="review-total">
          {t('answers.total', {
            name: memberName,
            right: formatNumber(result.right),
            total: formatNumber(result.total),
          })}
        </p>
      ) : null}
      <ol className="review-answers">
        {task.questions.map((question, index) => {
          const mark = marks.get(question.id);
          const choice = report.choices?.[question.id];
          const chosen = new Set(choice?.values ?? []);
          const expected = new Set(
            question.answer === undefined
              ? []
              : Array.isArray(question.answer)
                ? question.answer
                : [question.answer],
          );
          const answered = chosen.size > 0 || Boolean(choice?.other);
          return (
            <li key={question.id} className="review-answer">
              <p className="review-answer__label">
                {t('answers.question', { n: formatNumber(index + 1) })}
                <span className="review-answer__flags">
                  {question.multipleSelection ? ` · ${t('answers.severalAllowed')}` : ''}
                  {question.required ? '' : ` · ${t('answers.optional')}`}
                </span>
              </p>
              <p className="review-answer__prompt" dir="auto">
                {question.text}
              </p>
              {mark ? <Verdict right={mark.right} answered={answered} /> : null}
              <ul className="review-choices">
                {question.options.map((option) => {
                  const isChosen = chosen.has(option.value);
                  const isExpected = expected.has(option.value);
                  const verdict =
                    expected.size === 0 || !isChosen
                      ? ''
                      : isExpected
                        ? 'review-choice--right'
                        : 'review-choice--wrong';
                  return (
                    <li
                      key={option.value}
                      className={`review-choice ${isChosen ? 'review-choice--chosen' : ''} ${verdict}`}
                    >
                      <span className="review-choice__mark" aria-hidden="true">
                        {isChosen ? '●' : '○'}
                      </span>
                      <span className="review-choice__text" dir="auto">
                        {option.text}
                      </span>
                      {isChosen ? <span className="chip chip--accent">{t('answers.chosen')}</span> : null}
                      {isExpected ? <span className="chip">{t('answers.expected')}</span> : null}
                    </li>
                  );
                })}
                {question.hasOther ? (
                  <li className={`review-choice ${choice?.other ? 'review-choice--chosen' : ''}`}>
                    <span className="review-choice__mark" aria-hidden="true">
                      {choice?.other ? '●' : '○'}
                    </span>
                    <span className="review-choice__text">
                      {question.otherText || t('answers.other')}
                      {choice?.other ? `: “${choice.other}”` : ''}
                    </span>
                    {choice?.other ? <span className="chip chip--accent">{t('answers.chosen')}</span> : null}
                  </li>
                ) : null}
              </ul>
              {answered || mark ? null : <p className="review-answer__none">{t('answers.notAnswered')}</p>}
            </li>
          );
        })}
      </ol>
    </>
  );
};

/** The member's answers, as each task type records them (spec §3 report). Get Interview Ready shows its interview apart. */
export const TaskAnswers = ({
  task,
  report,
  view = { analyses: {}, stalled: false },
  choiceResult,
  memberName = '',
}: {
  task: Task;
  report: TaskReport;
  view?: AnalysesView;
  /** Multiple Choice, once submitted: the server's marks, as the member sees them. */
  choiceResult?: ChoiceResult | null | undefined;
  memberName?: string;
}) => {
  const { t } = useTranslation('task-review');
  switch (task.type) {
    case TASK_TYPES.read:
      return (
        <div className="review-answer">
          <p className={report.read ? 'review-answer__done' : 'review-answer__none'}>
            {report.read ? t('answers.markedRead') : t('answers.notRead')}
          </p>
          {task.passage ? <Passage text={task.passage} /> : null}
        </div>
      );
    case TASK_TYPES.pronunciation:
      return <RecordedList noun="Item" texts={task.items} report={report} view={view} />;
    case TASK_TYPES.video: {
      // The server records that the video was viewed (80 % played in the player), not how much was watched: the view
      // completes the task and writes watchedPercent 100 (services/content/content-actions.ts). So a viewed video is
      // said as viewed, never as a share nobody measured; a share below the mark shows only if a report carries one.
      const percent = report.watchedPercent;
      return (
        <p className="review-answer">
          {(percent ?? 0) >= VIDEO_COMPLETION_THRESHOLD * 100
            ? t('answers.watchedEnough')
            : percent
              ? t('answers.watched', {
                  percent: formatNumber(Math.round(percent) / 100, { style: 'percent' }),
                })
              : t('answers.notViewed')}
        </p>
      );
    }
    case TASK_TYPES.questionAndAnswer:
      return <RecordedList noun="Question" texts={task.questions} report={report} view={view} />;
    case TASK_TYPES.readAndRecord:
      return (
        <div className="review-answer">
          <p className="review-answer__label">{t('answers.passageReading')}</p>
          <RecordingPlayer label={t('answers.recordingOfPassage')} recording={report.recordings?.passage} />
          <Passage text={task.passage} />
          {report.recordings?.passage ? (
            <RecordingAnalysis analysis={view.analyses.passage} stalled={view.stalled} accent={view.accent} />
          ) : null}
        </div>
      );
    case TASK_TYPES.getInterviewReady:
      return null;
    case TASK_TYPES.freeTextQuestionAndAnswer:
      return <FreeTextAnswers task={task} report={report} />;
    case TASK_TYPES.multipleChoiceQuestion:
      return <ChoiceAnswers task={task} report={report} result={choiceResult} memberName={memberName} />;
  }
};
