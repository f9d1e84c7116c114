import { ANSWERED_INTERVIEW_STAGES } from '@coach/shared/constants/interview';
import type { SpeechAnalysis } from '@coach/shared/contract/speech';
import type { TaskReport } from '@coach/shared/contract/tasks';
import { tasks } from '@coach/shared/contract/tasks';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { useCall } from '../../lib/use-call.ts';
import { Button } from '../../ui/button.tsx';
import { AnswerChecks, InterviewFeedbackCard } from '../../ui/interview-checks.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { isPlayable, stageLabel } from './review-labels.ts';
import { type AnalysesView, RecordingAnalysis, RecordingPlayer } from './task-answers.tsx';

/**
 * A Get Interview Ready attempt as a conversation (tasks/get-completed-ivr-task-details): per stage the
 * interviewer's question, the member's recorded answer, what was heard and what the answer said; then the
 * interviewer's summing up and the reviewer's feedback.
 */
export const InterviewConversation = ({
  taskId,
  userId,
  memberName,
  report,
  version,
  view = { analyses: {}, stalled: false },
}: {
  taskId: string;
  userId: string;
  memberName: string;
  report: TaskReport;
  /** Changes after feedback is sent, so the conversation shows it. */
  version: number;
  /** The attempt's analyses, kept fresh by the page while one is pending; a message's own is the fallback. */
  view?: AnalysesView;
}) => {
  const { t } = useTranslation('task-review');
  const analysisOf = (stage: string, fallback?: SpeechAnalysis) => view.analyses[stage] ?? fallback;
  // An answer heard since the conversation loaded brings its checks and the interviewer's reply: load again.
  const heard = Object.entries(view.analyses)
    .map(([stage, analysis]) => `${stage}:${analysis.status}`)
    .join(',');
  const { state, reload } = useCall(
    tasks.getCompletedIvrTaskDetails,
    { taskId, userId },
    { refreshOn: [version, heard] },
  );
  if (state.status === 'loading') return <LoadingBlock label={t('interview.loading')} />;
  if (state.status === 'error')
    return (
      <div className="review-interview">
        <div className="review-note-line review-note-line--error" role="alert">
          <span>{t('interview.loadError', { reason: state.message })}</span>
          <Button variant="secondary" size="sm" onClick={reload}>
            {t('interview.tryAgain')}
          </Button>
        </div>
        {/* The recordings are in the attempt's report too: the reviewer can still listen. */}
        <ol className="review-answers">
          {ANSWERED_INTERVIEW_STAGES.map((stage) => (
            <li key={stage} className="review-answer">
              <p className="review-answer__label">{stageLabel(stage)}</p>
              <RecordingPlayer
                label={t('interview.stageAnswer', { stage: stageLabel(stage) })}
                recording={report.recordings?.[stage]}
              />
              {report.recordings?.[stage] ? (
                <RecordingAnalysis analysis={analysisOf(stage)} stalled={view.stalled} />
              ) : null}
            </li>
          ))}
        </ol>
      </div>
    );
  const { messages } = state.data;
  if (messages.length === 0)
    return <p className="review-answer__none">{t('interview.noAnswers', { name: memberName })}</p>;
  return (
    <ol className="review-interview">
      {messages.map((message) => {
        const stage = stageLabel(message.requestType);
        if (message.requestType === 'FEEDBACK')
          return (
            <li key={`FEEDBACK-${message.from}`} className="review-interview__turn">
              <p className="review-interview__stage">
                <span className="chip">{stage}</span>
              </p>
              <div className="review-interview__bubble review-interview__bubble--coach">
                <p className="review-interview__who">
                  {message.from === 'coach' ? t('interview.summingUp') : t('interview.reviewerFeedback')}
                </p>
                {message.feedback ? (
                  <InterviewFeedbackCard feedback={message.feedback} />
                ) : (
                  <p className="review-interview__text">{message.response}</p>
                )}
              </div>
            </li>
          );
        const audio = message.audioKeys.filter(isPlayable);
        const content = message.answerAnalysis?.content;
        return (
          <li key={message.requestType} className="review-interview__turn">
            <p className="review-interview__stage">
              <span className="chip">{stage}</span>
            </p>
            <div className="review-interview__bubble review-interview__bubble--coach">
              <p className="review-interview__who">{t('interview.interviewer')}</p>
              <p>{message.request}</p>
            </div>
            <div className="review-interview__bubble review-interview__bubble--member">
              <p className="review-interview__who">{memberName}</p>
              {audio.map((url, index) => (
                // biome-ignore lint/a11y/useMediaCaption: spoken interview answers have no caption track; the transcript is below.
                <audio
                  key={url}
                  className="review-answer__audio"
                  controls
                  preload="metadata"
                  src={url}
                  aria-label={
                    audio.length > 1
                      ? t('interview.stageAnswerN', { stage, n: formatNumber(index + 1) })
                      : t('interview.stageAnswer', { stage })
                  }
                />
              ))}
              {audio.length === 0 ? (
                <p className="review-answer__none">{t('interview.noRecording')}</p>
              ) : null}
            </div>
            {audio.length > 0 ? (
              <RecordingAnalysis
                analysis={analysisOf(message.requestType, message.answerAnalysis?.speech)}
                stalled={view.stalled}
              />
            ) : null}
            {content ? <AnswerChecks content={content} /> : null}
            {/* The last answer's reply closes the interview (the others' replies are the next questions). */}
            {message.requestType === 'BEHAVIOURAL' && message.response ? (
              <div className="review-interview__bubble review-interview__bubble--coach">
                <p className="review-interview__who">{t('interview.interviewer')}</p>
                <p>{message.response}</p>
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
};
