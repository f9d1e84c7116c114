import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../i18n/format.ts';
import { serverText } from '../i18n/server-text.ts';

/** The CSV chooser of the import dialogs: a labelled file button, the chosen name and a template to download. */
export const CsvFilePick = ({
  file,
  onPick,
  templateHref,
  templateName,
}: {
  file: File | null;
  onPick: (file: File | null) => void;
  templateHref: string;
  templateName: string;
}) => {
  const { t } = useTranslation('widgets');
  const inputId = useId();
  return (
    <div className="file-pick">
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        accept=".csv,text/csv"
        onChange={(e) => onPick(e.target.files?.[0] ?? null)}
      />
      <label htmlFor={inputId} className="btn btn--secondary btn--md">
        {t('csv.choose')}
      </label>
      <span className="file-pick__name">{file ? file.name : t('csv.noFile')}</span>
      <a className="file-pick__template" href={templateHref} download={templateName}>
        {t('csv.template')}
      </a>
    </div>
  );
};

/** The rows a CSV import refused, with the line, the column and the problem of each. */
export const CsvRowErrors = ({
  errors,
  caption,
  className,
}: {
  errors: readonly { row: number; field: string; message: string }[];
  caption: string;
  className?: string;
}) => {
  const { t } = useTranslation('widgets');
  return (
    <table className={className ? `table ${className}` : 'table'}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('csv.line')}</th>
          <th scope="col">{t('csv.column')}</th>
          <th scope="col">{t('csv.problem')}</th>
        </tr>
      </thead>
      <tbody>
        {errors.map((e) => (
          <tr key={`${e.row}-${e.field}`}>
            <td className="table__number">{formatNumber(e.row)}</td>
            <td>{e.field}</td>
            {/* The server's sentence, in the reader's language (listed in server.json). */}
            <td>{serverText(e.message)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
};
