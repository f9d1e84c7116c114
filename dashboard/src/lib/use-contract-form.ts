import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import type { CallDef, RequestOf, ResponseOf } from '@coach/shared/contract/define-call';
import { useState } from 'react';
import { serverText } from '../i18n/server-text.ts';
import { api } from './api.ts';
import { type LimitsMap, limitsOf } from './contract-limits.ts';
import { notify } from './notify.ts';

export {
  type FieldLimits,
  type LimitsMap,
  limitsOf,
  limitsOfField,
  maxLengthOf,
  type RequestField,
} from './contract-limits.ts';

export type FormErrors<F extends string> = Partial<Record<F | 'form', string>>;

/** The first message per top-level field of a failed schema check. */
export const errorsFromIssues = <F extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FormErrors<F> => {
  const errors: FormErrors<F> = {};
  for (const issue of issues) errors[String(issue.path[0]) as F] ??= serverText(issue.message);
  return errors;
};

/** How one send differs from the usual (schema check, server's message as a toast, errors set by the hook). */
export type SendOptions<F extends string> = {
  /**
   * Errors of the form's own checks (a repeated password, a required choice): shown with the schema's (the form's
   * own wins on a field), and nothing is sent while there is one.
   */
  errors?: FormErrors<F>;
  /** The toast on success: the server's message (the default), a sentence of the form's own, or none (false). */
  toast?: string | false;
  /** The sentence above the form for a failure that names none of its fields (default: the server's message). */
  errorText?: (error: unknown) => string;
  /** Called with a failed call's error after the errors are shown (to react to an error code). */
  onError?: (error: unknown) => void;
};

const serverMessage = (error: unknown) =>
  serverText(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);

/**
 * A form sent with one contract call. The call's own request schema checks the input first, so the
 * messages under the fields are the server's; a server error naming one of the form's fields lands under
 * it, anything else above the form. Success shows the server's message as a toast.
 *
 * Given the call (`useContractForm(FIELDS, call)`), `limits` holds its request's field limits and
 * `field(name)` gives a text field its error and its schema's length bound: `<TextField {...field('name')} />`,
 * so no form repeats a contract limit. A form that sends one of several calls binds the one whose limits it shows.
 */
export const useContractForm = <F extends string>(fields: readonly F[], call?: CallDef) => {
  const [errors, setErrors] = useState<FormErrors<F>>({});
  const [saving, setSaving] = useState(false);
  const limits: LimitsMap = call ? limitsOf(call) : {};

  /** A text field's error and the most characters the call's request takes in it. */
  const field = (name: F) => ({ error: errors[name], maxLength: limits[name]?.maxLength });

  /** Checks and sends; resolves with the answer, or null when the input or the call failed. */
  const send = async <C extends CallDef>(
    call: C,
    input: unknown,
    options: SendOptions<F> = {},
  ): Promise<ResponseOf<C> | null> => {
    const parsed = call.request.safeParse(input);
    const own = Object.entries(options.errors ?? {}).filter(([, message]) => message);
    if (!parsed.success || own.length > 0) {
      setErrors({
        ...(parsed.success ? {} : errorsFromIssues<F>(parsed.error.issues)),
        ...(Object.fromEntries(own) as FormErrors<F>),
      });
      return null;
    }
    setSaving(true);
    setErrors({});
    try {
      const { message, response } = await api.callWithMessage(call, parsed.data as RequestOf<C>);
      if (options.toast !== false) notify.success(options.toast ?? message);
      return response;
    } catch (error) {
      // A field named by a dotted path (`permissions.2`) is shown under its top-level field, as the schema's are.
      const field = error instanceof ApiError ? error.field?.split('.')[0] : undefined;
      if (error instanceof ApiError && field && (fields as readonly string[]).includes(field))
        setErrors({ [field]: serverText(error.message.replace(/^[\w.]+: /, '')) } as FormErrors<F>);
      else setErrors({ form: (options.errorText ?? serverMessage)(error) } as FormErrors<F>);
      options.onError?.(error);
      return null;
    } finally {
      setSaving(false);
    }
  };

  return { errors, setErrors, saving, send, limits, field };
};
