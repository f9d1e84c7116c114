import type { Attachment } from '@coach/shared/contract/tasks';
import { attachmentName } from '@coach/shared/format/attachment-name';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates.ts';
import { fileSize } from '../../lib/file-size.ts';
import { Button } from '../../ui/button.tsx';
import type { SaveState } from './use-task-attempt.ts';

export const Attachments = ({ attachments }: { attachments: Attachment[] }) => {
  const { t } = useTranslation('my-tasks');
  return (
    <div className="my-task__attachments">
      <h3 className="my-task__subheading">{t('view.attachments')}</h3>
      <ul className="attachments">
        {attachments.map((file) => (
          <li key={file.fileUrl}>
            <a
              className="attachments__link"
              href={file.fileUrl}
              download={file.fileName}
              target="_blank"
              rel="noopener noreferrer"
              title={file.fileName}
              aria-label={t('view.download', { name: file.fileName, size: fileSize(file.fileSize) })}
            >
              <span aria-hidden="true" className="attachments__icon">
                ↓
              </span>
              <span className="attachments__name">{attachmentName(file.fileName)}</span>
              <span className="attachments__size">{fileSize(file.fileSize)}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
};

export const SaveStatus = ({ state, onRetry }: { state: SaveState; onRetry: () => void }) => {
  const { t } = useTranslation('my-tasks');
  return (
    <div className="save-status" aria-live="polite">
      {state.kind === 'saving' ? <span>{t('view.saving')}</span> : null}
      {state.kind === 'saved' ? <span className="save-status__ok">{t('view.saved')}</span> : null}
      {state.kind === 'failed' ? (
        <span className="save-status__failed">
          {t('view.notSaved', { reason: state.message })}{' '}
          <Button variant="ghost" size="sm" onClick={onRetry}>
            {t('view.tryAgain')}
          </Button>
        </span>
      ) : null}
    </div>
  );
};

export const FeedbackPanel = ({ feedback, at }: { feedback: string; at: string | null }) => {
  const { t } = useTranslation('my-tasks');
  return (
    <section className="feedback" aria-labelledby="feedback-title">
      <h2 id="feedback-title" className="feedback__title">
        {t('view.feedbackTitle')}
      </h2>
      <p className="feedback__text">{feedback}</p>
      {at ? <p className="feedback__when">{t('view.given', { date: formatDateTime(at) })}</p> : null}
    </section>
  );
};
