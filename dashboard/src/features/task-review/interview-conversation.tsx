import { ANSWERED_INTERVIEW_STAGES } from '@coach/shared/constants/interview';
import { speechAnalysisSchema } from '@coach/shared/contract/speech';
import type { TaskReport } from '@coach/shared/contract/tasks';
import { tasks } from '@coach/shared/contract/tasks';
import { api } from '../../lib/api.ts';
import { useLoad } from '../../lib/use-load.ts';
import { Button } from '../../ui/button.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { isPlayable, stageLabel } from './review-labels.ts';
import { type AnalysesView, RecordingAnalysis, RecordingPlayer } from './task-answers.tsx';

/**
 * A Get Interview Ready attempt as a conversation (tasks/get-completed-ivr-task-details): per stage the
 * interviewer's request and the member's recorded answer; the reviewer's feedback closes it.
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
  const analysisOf = (stage: string, fallback?: unknown) => {
    if (view.analyses[stage]) return view.analyses[stage];
    const parsed = speechAnalysisSchema.safeParse(fallback);
    return parsed.success ? parsed.data : undefined;
  };
  const { state, reload } = useLoad(`${taskId}|${userId}|${version}`, () =>
    api.call(tasks.getCompletedIvrTaskDetails, { taskId, userId }),
  );
  if (state.status === 'loading') return <LoadingBlock label="Loading the interview" />;
  if (state.status === 'error')
    return (
      <div className="review-interview">
        <div className="review-note-line review-note-line--error" role="alert">
          <span>The interview could not be loaded: {state.message}</span>
          <Button variant="secondary" size="sm" onClick={reload}>
            Try again
          </Button>
        </div>
        {/* The recordings are in the attempt's report too: the reviewer can still listen. */}
        <ol className="review-answers">
          {ANSWERED_INTERVIEW_STAGES.map((stage) => (
            <li key={stage} className="review-answer">
              <p className="review-answer__label">{stageLabel(stage)}</p>
              <RecordingPlayer label={`${stageLabel(stage)} answer`} recording={report.recordings?.[stage]} />
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
    return <p className="review-answer__none">{memberName} has not recorded any answer yet.</p>;
  return (
    <ol className="review-interview">
      {messages.map((message) => {
        const stage = stageLabel(message.requestType);
        const feedback = message.requestType === 'FEEDBACK';
        const audio = message.audioKeys.filter(isPlayable);
        return (
          <li key={`${message.requestType}-${message.createdAt}`} className="review-interview__turn">
            <p className="review-interview__stage">
              <span className="chip">{stage}</span>
            </p>
            <div className="review-interview__bubble review-interview__bubble--coach">
              <p className="review-interview__who">Interviewer</p>
              <p>{message.request}</p>
            </div>
            <div
              className={`review-interview__bubble ${feedback ? 'review-interview__bubble--coach' : 'review-interview__bubble--member'}`}
            >
              <p className="review-interview__who">{feedback ? 'Reviewer feedback' : memberName}</p>
              {message.response ? <p className="review-interview__text">{message.response}</p> : null}
              {audio.map((url, index) => (
                // biome-ignore lint/a11y/useMediaCaption: spoken interview answers have no caption track.
                <audio
                  key={url}
                  className="review-answer__audio"
                  controls
                  preload="none"
                  src={url}
                  aria-label={`${stage} answer${audio.length > 1 ? ` ${index + 1}` : ''}`}
                />
              ))}
              {!feedback && audio.length === 0 && !message.response ? (
                <p className="review-answer__none">No recording</p>
              ) : null}
            </div>
            {!feedback && audio.length > 0 ? (
              <RecordingAnalysis
                analysis={analysisOf(message.requestType, message.answerAnalysis)}
                stalled={view.stalled}
              />
            ) : null}
          </li>
        );
      })}
    </ol>
  );
};
