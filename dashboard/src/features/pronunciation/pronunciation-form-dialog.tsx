import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
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
import { type FormEvent, useState } from 'react';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormAlert } from '../../ui/states.tsx';
import { SelectField, TextField } from '../../ui/text-field.tsx';

type Field = 'accent' | 'passingScore' | 'strictness';
type Errors = Partial<Record<Field | 'form', string>>;
const FIELDS: readonly string[] = ['accent', 'passingScore', 'strictness'] satisfies Field[];

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
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The contract's own schema checks the form ('' and 7.5 are refused like the server refuses them).
    const parsed = pronunciationConfig.update.request.safeParse({
      groupId: row.groupId,
      accent,
      passingScore: passingScore.trim() === '' ? Number.NaN : Number(passingScore),
      strictness,
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0]) as Field] ??= issue.message;
      setErrors(next);
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      const { message } = await api.callWithMessage(pronunciationConfig.update, parsed.data);
      notify.success(message);
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && error.field && FIELDS.includes(error.field))
        setErrors({ [error.field]: error.message.replace(/^\w+: /, '') });
      else setErrors({ form: error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE });
      setSaving(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Pronunciation for ${row.groupName}`}
      description={
        row.isDefault
          ? 'This group uses the default settings. Saving gives it settings of its own.'
          : 'Members of several groups are held to the strictest of their groups’ settings.'
      }
    >
      <form className="pronunciation-form" onSubmit={submit} noValidate>
        <FormAlert message={errors.form} />
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
        <div className="dialog__footer">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Save settings
          </Button>
        </div>
      </form>
    </Dialog>
  );
};
