import { TASK_TYPES } from '@coach/shared/constants/task-types';
import type { AttemptCounts } from '@coach/shared/contract/pronunciation';
import type { LearnerTask, Recording, TaskAttempt } from '@coach/shared/contract/tasks';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../i18n/format.ts';
import { formatDateTime } from '../lib/dates.ts';
import { Card } from './layout.tsx';
import './table.css';
import './task-tries.css';

/** The recordings a try of a scored task holds, in the task's order, each with what was to be said. */
const recordingsOf = (task: LearnerTask, recordings: Record<string, Recording>) => {
  if (task.type === TASK_TYPES.pronunciation)
    return task.items.map((text, index) => ({
      key: String(index),
      n: index + 1,
      text,
      recording: recordings[String(index)],
    }));
  if (task.type === TASK_TYPES.readAndRecord)
    return [{ key: 'passage', n: 0, text: null, recording: recordings.passage }];
  return [];
};

/**
 * Every try at a scored task, the first first: when it was submitted, its score against the pass mark,
 * its recordings to listen to and the reviewer's word on it; the try that counts (best or latest, the group's
 * rule) is marked. The learner's task screen and the reviewer's member-task screen show it alike.
 */
export const TaskTries = ({
  task,
  attempts,
  counts,
  who,
}: {
  task: LearnerTask;
  attempts: TaskAttempt[];
  counts: AttemptCounts;
  /** 'you' on the learner's screen, else the member's name. */
  who: 'you' | string;
}) => {
  const { t } = useTranslation('widgets');
  return (
    <Card
      title={t('taskTries.title', { n: formatNumber(attempts.length) })}
      aria-label={t('taskTries.title', { n: formatNumber(attempts.length) })}
      className="task-tries"
    >
      <p className="task-tries__rule">
        {who === 'you' ? t(`taskTries.ruleYours.${counts}`) : t(`taskTries.ruleTheirs.${counts}`, { who })}
      </p>
      <ol className="task-tries__list">
        {attempts.map((attempt) => {
          const name = t('taskTries.try', { n: formatNumber(attempt.number) });
          return (
            <li
              key={attempt.number}
              className={`task-tries__try${attempt.counts ? ' task-tries__try--counts' : ''}`}
              aria-label={attempt.counts ? t('taskTries.tryThatCounts', { name }) : name}
            >
              <div className="task-tries__head">
                <h3 className="task-tries__name">{name}</h3>
                <span className="task-tries__date">
                  {attempt.completedAt
                    ? t('taskTries.submitted', { date: formatDateTime(attempt.completedAt) })
                    : t('taskTries.notSubmitted')}
                </span>
                <span className="task-tries__result">
                  {attempt.result ? (
                    <>
                      <strong className="task-tries__score">
                        {t('taskTries.score', {
                          score: formatNumber(attempt.result.score),
                          passing: formatNumber(attempt.result.passingScore),
                        })}
                      </strong>
                      <span className={attempt.result.passed ? 'chip chip--success' : 'chip chip--danger'}>
                        {attempt.result.passed
                          ? t('pronunciationScore.passed')
                          : t('pronunciationScore.notPassed')}
                      </span>
                    </>
                  ) : (
                    <span className="task-tries__scoring">{t('taskTries.scoring')}</span>
                  )}
                  {attempt.counts ? <span className="chip chip--accent">{t('taskTries.counts')}</span> : null}
                </span>
              </div>
              <ul className="task-tries__recordings">
                {recordingsOf(task, attempt.recordings).map(({ key, n, text, recording }) => {
                  const label =
                    text === null
                      ? t('taskTries.passageOf', { name })
                      : t('taskTries.itemOf', { n: formatNumber(n), text, name });
                  return (
                    <li key={key} className="task-tries__recording">
                      <span className="task-tries__what" dir="auto">
                        {text === null ? t('taskTries.passage') : `${formatNumber(n)}. ${text}`}
                      </span>
                      {recording?.fileUrl ? (
                        // biome-ignore lint/a11y/useMediaCaption: learners' spoken answers have no caption track.
                        <audio
                          className="task-tries__audio"
                          controls
                          preload="metadata"
                          src={recording.fileUrl}
                          aria-label={label}
                        />
                      ) : (
                        <span className="task-tries__none">{t('taskTries.noRecording')}</span>
                      )}
                    </li>
                  );
                })}
              </ul>
              {attempt.feedback ? (
                <p className="task-tries__feedback" dir="auto">
                  <span className="task-tries__feedback-label">{t('taskTries.feedback')}</span>{' '}
                  {attempt.feedback}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </Card>
  );
};
