import { useId } from 'react';

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
        Choose CSV file
      </label>
      <span className="file-pick__name">{file ? file.name : 'No file chosen'}</span>
      <a className="file-pick__template" href={templateHref} download={templateName}>
        Download a template
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
}) => (
  <table className={className ? `table ${className}` : 'table'}>
    <caption className="visually-hidden">{caption}</caption>
    <thead>
      <tr>
        <th scope="col">Line</th>
        <th scope="col">Column</th>
        <th scope="col">Problem</th>
      </tr>
    </thead>
    <tbody>
      {errors.map((e) => (
        <tr key={`${e.row}-${e.field}`}>
          <td className="table__number">{e.row}</td>
          <td>{e.field}</td>
          <td>{e.message}</td>
        </tr>
      ))}
    </tbody>
  </table>
);
