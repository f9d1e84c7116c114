import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusLater } from '../../lib/use-focus-later.ts';
import { Button } from '../../ui/button.tsx';
import { TextAreaField, TextField } from '../../ui/text-field.tsx';
import type { FieldErrors } from './task-draft.ts';

/**
 * An editable list of short texts (the words of a Pronunciation task, the questions of a Q&A task): one
 * labelled control per row, Remove per row, Add below. Errors come keyed `name` and `name.N`. A Remove button
 * is named "Remove question number 2", not "Remove question 2", so the label "Question 2" finds only its input.
 */
export const RowsField = ({
  name,
  legend,
  hint,
  rowLabel,
  addLabel,
  values,
  onChange,
  errors,
  max,
  maxLength,
  multiline = false,
  placeholder,
}: {
  name: string;
  legend: string;
  hint?: string;
  /** "Question" labels the rows "Question 1", "Question 2", ... */
  rowLabel: string;
  addLabel: string;
  values: string[];
  onChange: (values: string[]) => void;
  errors: FieldErrors;
  max: number;
  maxLength: number;
  multiline?: boolean;
  placeholder?: string;
}) => {
  const { t } = useTranslation('task-editor');
  const baseId = useId();
  // Row ids follow the row, not its position, so React keeps each input's state where it belongs.
  const keys = useRef<string[]>([]);
  while (keys.current.length < values.length) keys.current.push(`${baseId}-${crypto.randomUUID()}`);
  keys.current.length = values.length;
  const focusLater = useFocusLater();
  const listError = errors[name];
  const errorId = `${baseId}-error`;

  const add = () => {
    onChange([...values, '']);
    keys.current.push(`${baseId}-${crypto.randomUUID()}`);
    focusLater(keys.current[keys.current.length - 1] ?? '');
  };
  const remove = (index: number) => {
    keys.current.splice(index, 1);
    onChange(values.filter((_, i) => i !== index));
    const neighbour = keys.current[Math.min(index, keys.current.length - 1)];
    focusLater(neighbour ?? `${baseId}-add`);
  };

  return (
    <fieldset className="editor-rows" aria-describedby={listError ? errorId : undefined}>
      <legend className="editor-rows__legend">{legend}</legend>
      {hint ? <p className="editor-rows__hint">{hint}</p> : null}
      {listError ? (
        <p id={errorId} className="field__error" tabIndex={-1} data-error-anchor>
          {listError}
        </p>
      ) : null}
      <ol className="editor-rows__list">
        {values.map((value, index) => {
          const id = keys.current[index] ?? `${baseId}-${index}`;
          const label = t('rows.item', { row: rowLabel, n: index + 1 });
          const common = {
            id,
            label,
            value,
            maxLength,
            placeholder,
            error: errors[`${name}.${index}`],
          };
          return (
            <li key={id} className="editor-rows__row">
              {multiline ? (
                <TextAreaField
                  {...common}
                  rows={2}
                  onChange={(event) => onChange(values.map((v, i) => (i === index ? event.target.value : v)))}
                />
              ) : (
                <TextField
                  {...common}
                  onChange={(event) => onChange(values.map((v, i) => (i === index ? event.target.value : v)))}
                />
              )}
              <Button
                variant="ghost"
                size="sm"
                className="editor-rows__remove"
                aria-label={t('rows.removeLabel', { row: rowLabel.toLowerCase(), n: index + 1 })}
                onClick={() => remove(index)}
              >
                {t('rows.remove')}
              </Button>
            </li>
          );
        })}
      </ol>
      <Button
        id={`${baseId}-add`}
        variant="secondary"
        size="sm"
        disabled={values.length >= max}
        onClick={add}
      >
        {addLabel}
      </Button>
    </fieldset>
  );
};
