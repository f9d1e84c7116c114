import { ApiError } from '@coach/shared/client';
import { useState } from 'react';
import { apiErrorText } from '../../lib/api-error-text.ts';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { TextField } from '../../ui/text-field.tsx';

export type FieldOrForm = { field?: string; form?: string };

/** A field error from the server (422 naming the field), else a message for the whole form. */
export const fieldOrForm = (failure: unknown, field: string): FieldOrForm =>
  failure instanceof ApiError && failure.field === field
    ? { field: apiErrorText(failure) }
    : { form: apiErrorText(failure) };

/**
 * Asks for the account's password before a sign-in method goes (an authenticator app, a passkey): the password
 * is sent with the removal, and the server's refusal shows on the field or over the form.
 */
export const PasswordConfirmDialog = ({
  title,
  description,
  submitLabel,
  passwordLabel,
  emptyMessage,
  onConfirm,
  onClose,
}: {
  title: string;
  description: string;
  submitLabel: string;
  passwordLabel: string;
  /** Said on the field when it is submitted empty. */
  emptyMessage: string;
  /** Makes the removal with the password; a rejection is shown. */
  onConfirm: (password: string) => Promise<void>;
  onClose: () => void;
}) => {
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldOrForm>({});
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (!password) {
      setErrors({ field: emptyMessage });
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onConfirm(password);
    } catch (failure) {
      setErrors(fieldOrForm(failure, 'password'));
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title={title}
      description={description}
      formError={errors.form}
      submitLabel={submitLabel}
      saving={saving}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <TextField
        label={passwordLabel}
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.field}
        autoFocus
      />
    </FormDialog>
  );
};
