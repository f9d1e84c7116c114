import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { UPLOAD_RULES } from '@coach/shared/constants/uploads';
import type { Attachment } from '@coach/shared/contract/tasks';
import { attachmentName } from '@coach/shared/format/attachment-name';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { fileSize } from '../../lib/file-size.ts';
import { uploadFile } from '../../lib/upload.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';

/** The contract's limit (tasks.ts attachments). */
const MAX_ATTACHMENTS = 10;
const RULE = UPLOAD_RULES['task-attachment'];

/** Files learners get with the task (spec §3 attachment), uploaded with the 'task-attachment' purpose. */
export const AttachmentsField = ({
  value,
  onChange,
  error,
  canUpload = true,
  upload = (file) => uploadFile('enterprise', 'task-attachment', file),
}: {
  value: Attachment[];
  onChange: (attachments: Attachment[]) => void;
  error: string | undefined;
  /** False when the enterprise's attachment upload is off: saved files can still be removed. */
  canUpload?: boolean;
  upload?: (file: File) => Promise<string>;
}) => {
  const { t } = useTranslation('task-editor');
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const full = value.length >= MAX_ATTACHMENTS;
  const shownError = problem ?? error;

  const add = async (file: File) => {
    setBusy(true);
    setProblem(null);
    try {
      const fileUrl = await upload(file);
      onChange([
        ...value,
        { fileUrl, fileName: file.name || 'file', fileType: file.type.toLowerCase(), fileSize: file.size },
      ]);
    } catch (failure) {
      setProblem(
        failure instanceof ApiError ? failure.message.replace(/^[\w.]+: /, '') : GENERIC_ERROR_MESSAGE,
      );
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="editor-files">
      {value.length > 0 ? (
        <ul className="editor-files__list">
          {value.map((attachment) => (
            <li key={attachment.fileUrl} className="editor-files__item">
              <a href={attachment.fileUrl} target="_blank" rel="noreferrer" title={attachment.fileName}>
                {attachmentName(attachment.fileName)}
              </a>
              <span className="editor-files__size">{fileSize(attachment.fileSize)}</span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('attach.removeLabel', { name: attachment.fileName })}
                onClick={() => onChange(value.filter((a) => a.fileUrl !== attachment.fileUrl))}
              >
                {t('attach.remove')}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="editor-rows__hint">{t('attach.none')}</p>
      )}
      {canUpload ? (
        <div className="file-pick">
          <input
            ref={input}
            id={inputId}
            className="visually-hidden"
            type="file"
            accept={RULE.types.join(',')}
            aria-describedby={hintId}
            aria-invalid={shownError ? true : undefined}
            disabled={busy || full}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void add(file);
            }}
          />
          <label
            htmlFor={inputId}
            className={`btn btn--secondary btn--sm ${busy || full ? 'btn--disabled' : ''}`}
          >
            {busy ? <Spinner size="sm" label={t('attach.uploading')} /> : null}
            {t('attach.attach')}
          </label>
          <span id={hintId} className="file-pick__name">
            {full
              ? t('attach.atMost', { value: formatNumber(MAX_ATTACHMENTS) })
              : t('attach.rule', { size: fileSize(RULE.maxBytes) })}
          </span>
        </div>
      ) : (
        <p className="editor-rows__hint">{t('attach.off')}</p>
      )}
      {shownError ? (
        <p
          className="field__error"
          role="alert"
          tabIndex={-1}
          data-error-anchor={canUpload ? undefined : true}
        >
          {shownError}
        </p>
      ) : null}
    </div>
  );
};
