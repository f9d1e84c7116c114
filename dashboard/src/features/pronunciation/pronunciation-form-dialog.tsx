import {
  type GroupPronunciation,
  PRONUNCIATION_ACCENT_LABELS,
  PRONUNCIATION_ACCENTS,
  PRONUNCIATION_STRICTNESS,
  PRONUNCIATION_STRICTNESS_DESCRIPTIONS,
  PRONUNCIATION_STRICTNESS_LABELS,
  type PronunciationStrictness,
  pronunciationConfig,
} from '@coach/shared/contract/pronunciation';
import { useState } from 'react';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { SelectField, TextField } from '../../ui/text-field.tsx';

const FIELDS = ['accent', 'passingScore', 'strictness'] as const;

/** Edits one group's pronunciation settings: accent, passing score and strictness. */
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
  const { errors, saving, send } = useContractForm(FIELDS);

  const submit = async () => {
    // The contract's own schema checks the form ('' and 7.5 are refused like the server refuses them).
    const saved = await send(pronunciationConfig.update, {
      groupId: row.groupId,
      accent,
      passingScore: passingScore.trim() === '' ? Number.NaN : Number(passingScore),
      strictness,
    });
    if (saved) onSaved();
  };

  return (
    <FormDialog
      title={`Pronunciation for ${row.groupName}`}
      description={
        row.isDefault
          ? 'This group uses the default settings. Saving gives it settings of its own.'
          : 'Members of several groups are held to the strictest of their groups’ settings.'
      }
      className="pronunciation-form"
      formError={errors.form}
      submitLabel="Save settings"
      saving={saving}
      onSubmit={submit}
      onClose={onClose}
    >
      <SelectField
        label="Accent"
        value={accent}
        onChange={(event) => setAccent(event.target.value)}
        error={errors.accent}
      >
        {PRONUNCIATION_ACCENTS.map((value) => (
          <option key={value} value={value}>
            {PRONUNCIATION_ACCENT_LABELS[value]}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Passing score"
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        step={1}
        value={passingScore}
        onChange={(event) => setPassingScore(event.target.value)}
        error={errors.passingScore}
        hint="0 to 100: the score a recording needs to pass."
      />
      <SelectField
        label="Strictness"
        value={strictness}
        onChange={(event) => setStrictness(event.target.value)}
        error={errors.strictness}
        hint={PRONUNCIATION_STRICTNESS_DESCRIPTIONS[strictness as PronunciationStrictness]}
      >
        {PRONUNCIATION_STRICTNESS.map((value) => (
          <option key={value} value={value}>
            {PRONUNCIATION_STRICTNESS_LABELS[value]}
          </option>
        ))}
      </SelectField>
    </FormDialog>
  );
};
