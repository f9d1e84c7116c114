import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import type { CallDef, ResponseOf } from '@coach/shared/contract/define-call';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverText } from '../i18n/server-text.ts';
import { notify } from '../lib/notify.ts';
import { useContractForm } from '../lib/use-contract-form.ts';
import { Button } from '../ui/button.tsx';
import { CsvFilePick, CsvRowErrors } from '../ui/csv-file-pick.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { FormAlert } from '../ui/states.tsx';

type RowError = { row: number; field: string; message: string };
/** What an import answers at least: the rows it refused. */
type Rows = { errors: readonly RowError[] };
/** An import call: its request is `{ file }`, its answer lists the refused rows (else the call is refused here). */
type ImportCall<C> = ResponseOf<C> extends Rows ? C : never;

const FIELDS = ['file'] as const;

/** A refusal of the file without a field named: the server's sentence without its `file: `. */
const refusalText = (error: unknown) =>
  serverText(error instanceof ApiError ? error.message.replace(/^file: /, '') : GENERIC_ERROR_MESSAGE);

/**
 * A CSV import in a dialog: choose the file (with a template to download), send it with `call` (a multipart
 * `{ file }`), then show the summary and the refused rows. `succeeded` gives the toast of an answer that imported
 * something (null when nothing was), which also tells the page to reload (`onImported`).
 */
export const CsvImportDialog = <C extends CallDef>({
  title,
  description,
  className,
  templateHref,
  templateName,
  call,
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
  call: ImportCall<C>;
  /** The toast for the answer and the server's message (in the language on screen), or null. */
  succeeded: (result: ResponseOf<C>, message: string) => string | null;
  summary: (result: ResponseOf<C>) => ReactNode;
  errorsCaption: string;
  onClose: () => void;
  onImported: () => void;
}) => {
  const { t } = useTranslation('widgets');
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ResponseOf<C> | null>(null);
  const refused = (result as Rows | null)?.errors ?? [];
  const [done, setDone] = useState(false);
  // The file's refusal (by the schema or the server) shows above the form like any other.
  const { errors, setErrors, saving, send } = useContractForm(FIELDS, call);
  const error = errors.form ?? errors.file ?? null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await send(
      call,
      { file },
      {
        errors: { file: file ? undefined : t('csv.required') },
        toast: false,
        errorText: refusalText,
        onSuccess: (response, message) => {
          setResult(response);
          const toast = succeeded(response, message);
          setDone(toast !== null);
          if (toast) {
            notify.success(toast);
            onImported();
          }
        },
      },
    );
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
            setErrors({});
          }}
          templateHref={templateHref}
          templateName={templateName}
        />
        {result ? (
          <section className="import-result" aria-live="polite" aria-label={t('csv.result')}>
            <p className="import-result__summary">{summary(result)}</p>
            {refused.length ? (
              <CsvRowErrors errors={refused} caption={errorsCaption} className="import-result__errors" />
            ) : null}
          </section>
        ) : null}
        <div className="dialog__footer">
          <Button variant="secondary" onClick={onClose}>
            {done ? t('csv.done') : t('common:ui.cancel')}
          </Button>
          <Button type="submit" loading={saving} disabled={!file || Boolean(result)}>
            {t('csv.import')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
};
