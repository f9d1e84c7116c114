import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { CsvFilePick, CsvRowErrors } from './csv-file-pick.tsx';
import { Dialog } from './dialog.tsx';
import { FormAlert } from './states.tsx';

type RowError = { row: number; field: string; message: string };

/**
 * A CSV import in a dialog: choose the file (with a template to download), send it, then show the summary
 * and the refused rows. `succeeded` gives the toast of an answer that imported something (null when
 * nothing was), which also tells the page to reload.
 */
export const CsvImportDialog = <R extends { errors: readonly RowError[] }>({
  title,
  description,
  className,
  templateHref,
  templateName,
  send,
  succeeded,
  summary,
  errorsCaption,
  onClose,
  onImported,
}: {
  title: string;
  description: string;
  className?: string;
  templateHref: string;
  templateName: string;
  /** The call's answer and the server's message (api.callWithMessage's shape). */
  send: (file: File) => Promise<{ response: R; message: string }>;
  succeeded: (result: R, message: string) => string | null;
  summary: (result: R) => ReactNode;
  errorsCaption: string;
  onClose: () => void;
  onImported: (message: string) => void;
}) => {
  const { t } = useTranslation('widgets');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<R | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError(t('csv.required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { response, message } = await send(file);
      setResult(response);
      const toast = succeeded(response, message);
      setDone(toast !== null);
      if (toast) onImported(toast);
    } catch (err) {
      setError(err instanceof ApiError ? err.message.replace(/^file: /, '') : GENERIC_ERROR_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      description={description}
    >
      <form className={className} onSubmit={submit} noValidate>
        <FormAlert message={error} />
        <CsvFilePick
          file={file}
          onPick={(picked) => {
            setFile(picked);
            setResult(null);
            setDone(false);
            setError(null);
          }}
          templateHref={templateHref}
          templateName={templateName}
        />
        {result ? (
          <section className="import-result" aria-live="polite" aria-label={t('csv.result')}>
            <p className="import-result__summary">{summary(result)}</p>
            {result.errors.length ? (
              <CsvRowErrors
                errors={result.errors}
                caption={errorsCaption}
                className="import-result__errors"
              />
            ) : null}
          </section>
        ) : null}
        <div className="dialog__footer">
          <Button variant="secondary" onClick={onClose}>
            {done ? t('csv.done') : t('common:ui.cancel')}
          </Button>
          <Button type="submit" loading={busy} disabled={!file || Boolean(result)}>
            {t('csv.import')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
};
