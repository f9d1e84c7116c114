import {
  ATTEMPT_COUNTS,
  type AttemptCounts,
  type GroupPronunciation,
  PRONUNCIATION_ACCENTS,
  PRONUNCIATION_STRICTNESS,
  type PronunciationStrictness,
  pronunciationConfig,
} from '@coach/shared/contract/pronunciation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { SelectField, TextField } from '../../ui/text-field.tsx';

const FIELDS = ['accent', 'passingScore', 'strictness', 'attemptCounts'] as const;

/** Edits one group's pronunciation settings: accent, passing score, strictness and which try counts. */
export const PronunciationFormDialog = ({
  row,
  onClose,
  onSaved,
}: {
  row: GroupPronunciation;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const [accent, setAccent] = useState<string>(row.accent);
  const [passingScore, setPassingScore] = useState(String(row.passingScore));
  const [strictness, setStrictness] = useState<string>(row.strictness);
  const [attemptCounts, setAttemptCounts] = useState<string>(row.attemptCounts);
  const { errors, saving, send, limits } = useContractForm(FIELDS, pronunciationConfig.update);
  const { t } = useTranslation('pronunciation');

  const submit = async () => {
    // The contract's own schema checks the form ('' and 7.5 are refused like the server refuses them).
    const saved = await send(pronunciationConfig.update, {
      groupId: row.groupId,
      accent,
      passingScore: passingScore.trim() === '' ? Number.NaN : Number(passingScore),
      strictness,
      attemptCounts,
    });
    if (saved) onSaved();
  };

  return (
    <FormDialog
      title={t('form.title', { group: row.groupName })}
      description={row.isDefault ? t('form.defaultDescription') : t('form.description')}
      className="pronunciation-form"
      formError={errors.form}
      submitLabel={t('form.submit')}
      saving={saving}
      onSubmit={submit}
      onClose={onClose}
    >
      <SelectField
        label={t('form.accent')}
        value={accent}
        onChange={(event) => setAccent(event.target.value)}
        error={errors.accent}
      >
        {PRONUNCIATION_ACCENTS.map((value) => (
          <option key={value} value={value}>
            {t(`accents.${value}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('form.passingScore')}
        type="number"
        inputMode="numeric"
        min={limits.passingScore?.min}
        max={limits.passingScore?.max}
        step={1}
        value={passingScore}
        onChange={(event) => setPassingScore(event.target.value)}
        error={errors.passingScore}
        hint={t('form.passingScoreHint')}
      />
      <SelectField
        label={t('form.strictness')}
        value={strictness}
        onChange={(event) => setStrictness(event.target.value)}
        error={errors.strictness}
        hint={t(`strictness.${strictness as PronunciationStrictness}.description`)}
      >
        {PRONUNCIATION_STRICTNESS.map((value) => (
          <option key={value} value={value}>
            {t(`strictness.${value}.label`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('form.attemptCounts')}
        value={attemptCounts}
        onChange={(event) => setAttemptCounts(event.target.value)}
        error={errors.attemptCounts}
        hint={t(`attemptCounts.${attemptCounts as AttemptCounts}.description`)}
      >
        {ATTEMPT_COUNTS.map((value) => (
          <option key={value} value={value}>
            {t(`attemptCounts.${value}.label`)}
          </option>
        ))}
      </SelectField>
    </FormDialog>
  );
};
