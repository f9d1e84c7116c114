import { LEVEL_VALUES } from '@coach/shared/constants/levels';
import {
  adminVocabulary,
  VOCABULARY_CSV_COLUMNS,
  VOCABULARY_CSV_MAX_ROWS,
  type VocabularyWord,
} from '@coach/shared/contract/admin-vocabulary';
import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { SelectField, TextAreaField, TextField } from '../../ui/text-field.tsx';
import { CsvImportDialog } from '../../widgets/csv-import-dialog.tsx';

const FIELDS = ['word', 'meaning', 'example', 'level', 'category'] as const;

/** Add (word null) or edit one vocabulary word. */
export const WordFormDialog = ({
  word,
  categories,
  onClose,
  onSaved,
}: {
  word: VocabularyWord | null;
  categories: string[];
  onClose: () => void;
  onSaved: () => void;
}) => {
  const { t } = useTranslation('admin-vocabulary');
  const listId = useId();
  const [text, setText] = useState(word?.word ?? '');
  const [meaning, setMeaning] = useState(word?.meaning ?? '');
  const [example, setExample] = useState(word?.example ?? '');
  const [level, setLevel] = useState(String(word?.level ?? 1));
  const [category, setCategory] = useState(word?.category ?? '');
  const { errors, saving, send, field } = useContractForm(
    FIELDS,
    word ? adminVocabulary.edit : adminVocabulary.add,
  );

  const submit = async () => {
    const fields = { word: text, meaning, example, level: Number(level), category };
    const saved = word
      ? await send(adminVocabulary.edit, { wordId: word._id, ...fields })
      : await send(adminVocabulary.add, fields);
    if (saved) onSaved();
  };

  return (
    <FormDialog
      title={word ? t('form.editTitle', { word: word.word }) : t('form.addTitle')}
      description={t('form.description')}
      className="vocabulary-form"
      formError={errors.form}
      submitLabel={word ? t('form.save') : t('form.add')}
      saving={saving}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label={t('form.word')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        {...field('word')}
        autoFocus
      />
      <TextAreaField
        label={t('form.meaning')}
        value={meaning}
        rows={3}
        onChange={(event) => setMeaning(event.target.value)}
        {...field('meaning')}
      />
      <TextAreaField
        label={t('form.example')}
        value={example}
        rows={2}
        onChange={(event) => setExample(event.target.value)}
        {...field('example')}
      />
      <div className="vocabulary-form__row">
        <SelectField
          label={t('form.level')}
          value={level}
          onChange={(event) => setLevel(event.target.value)}
          error={errors.level}
        >
          {LEVEL_VALUES.map((value) => (
            <option key={value} value={value}>
              {t(`levels.${value}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('form.category')}
          value={category}
          list={listId}
          onChange={(event) => setCategory(event.target.value)}
          {...field('category')}
        />
        <datalist id={listId}>
          {categories.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
      </div>
    </FormDialog>
  );
};

const CSV_TEMPLATE = `${VOCABULARY_CSV_COLUMNS.join(',')}\ndeadline,The time by which something must be finished.,The deadline is Friday.,1,Teamwork\n`;
const templateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(CSV_TEMPLATE)}`;

/** Words from a CSV file: all or nothing; a file with any bad row imports nothing and lists every bad row. */
export const ImportVocabularyDialog = ({
  onClose,
  onImported,
}: {
  onClose: () => void;
  onImported: () => void;
}) => {
  const { t } = useTranslation('admin-vocabulary');
  return (
    <CsvImportDialog
      title={t('import.title')}
      description={t('import.description', {
        columns: VOCABULARY_CSV_COLUMNS.join(', '),
        max: formatNumber(VOCABULARY_CSV_MAX_ROWS),
        // The file's numbers as the screens name them ("1 to 4" read apart from Beginner…Master).
        levels: ([1, 2, 3, 4] as const)
          .map((level) => `${formatNumber(level)} ${t(`levels.${level}`)}`)
          .join(', '),
      })}
      className="vocabulary-form"
      templateHref={templateHref}
      templateName="vocabulary-template.csv"
      call={adminVocabulary.importCsv}
      succeeded={(result, message) => (result.imported ? message : null)}
      summary={(result) => {
        const badRows = new Set(result.errors.map((e) => e.row)).size;
        const count = result.errors.length ? badRows : result.imported;
        return (
          <Trans
            t={t}
            i18nKey={result.errors.length ? 'import.nothing' : 'import.imported'}
            count={count}
            values={{ count, value: formatNumber(count) }}
            components={{ strong: <strong /> }}
          />
        );
      }}
      errorsCaption={t('import.rowsToFix')}
      onClose={onClose}
      onImported={onImported}
    />
  );
};
