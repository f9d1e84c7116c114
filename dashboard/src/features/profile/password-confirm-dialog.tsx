import type { CallDef, RequestOf } from '@coach/shared/contract/define-call';
import { useState } from 'react';
import { apiErrorText } from '../../lib/api-error-text.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { TextField } from '../../ui/text-field.tsx';

const FIELDS = ['password'] as const;

/**
 * Asks for the account's password before a sign-in method goes (an authenticator app, a passkey): the password
 * is sent with the removal (`call`, with the input `input` builds from it), and the server's refusal shows on the
 * field or over the form.
 */
export const PasswordConfirmDialog = <C extends CallDef>({
  title,
  description,
  submitLabel,
  passwordLabel,
  emptyMessage,
  call,
  input,
  toast = false,
  onDone,
  onClose,
}: {
  title: string;
  description: string;
  submitLabel: string;
  passwordLabel: string;
  /** Said on the field when it is submitted empty. */
  emptyMessage: string;
  /** The removal the password goes with. */
  call: C;
  /** The removal's input, with the password typed. */
  input: (password: string) => RequestOf<C>;
  /** The toast once it is made (default: none). */
  toast?: string | false;
  /** Called once the removal is made. */
  onDone: () => void;
  onClose: () => void;
}) => {
  const [password, setPassword] = useState('');
  const { errors, saving, send } = useContractForm(FIELDS, call);

  const submit = async () => {
    const done = await send(call, input(password), {
      errors: password ? {} : { password: emptyMessage },
      toast,
      errorText: apiErrorText,
    });
    if (done !== null) onDone();
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
        error={errors.password}
        autoFocus
      />
    </FormDialog>
  );
};
