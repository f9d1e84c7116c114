import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import type { CallDef, RequestOf, ResponseOf } from '@coach/shared/contract/define-call';
import { parseRequest } from '@coach/shared/contract/request-errors';
import { useRef, useState } from 'react';
import { serverText } from '../i18n/server-text.ts';
import { api } from './api.ts';
import { withoutField } from './api-error-text.ts';
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

/**
 * Where the form shows an error at `path`: the deepest of its fields that the path starts at (a form listing
 * `questions.0.text` shows an error of `questions.0.text.1` there), else null.
 */
export const fieldAt = <F extends string>(path: readonly PropertyKey[], fields: readonly F[]): F | null => {
  const parts = path.map(String);
  for (let end = parts.length; end > 0; end -= 1) {
    const candidate = parts.slice(0, end).join('.');
    if ((fields as readonly string[]).includes(candidate)) return candidate as F;
  }
  return null;
};

/**
 * The first message per field of a failed schema check: at the deepest listed field its path starts at, or,
 * when no field is listed for it, at its top-level field.
 */
export const errorsFromIssues = <F extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fields: readonly F[] = [],
  text: (message: string) => string = serverText,
): FormErrors<F> => {
  const errors: FormErrors<F> = {};
  for (const issue of issues)
    errors[fieldAt(issue.path, fields) ?? (String(issue.path[0]) as F)] ??= text(issue.message);
  return errors;
};

/** How one send differs from the usual (schema check, server's message as a toast, errors set by the hook). */
export type SendOptions<F extends string, R = unknown> = {
  /**
   * Errors of the form's own checks (a repeated password, a required choice): shown with the schema's (the form's
   * own wins on a field), and nothing is sent while there is one.
   */
  errors?: FormErrors<F>;
  /** The toast on success: the server's message (the default), a sentence of the form's own, or none (false). */
  toast?: string | false;
  /**
   * Called on success, after the toast, with the answer and the server's message in the language on screen: for a
   * form whose toast depends on the answer (give `toast: false` and show your own) or that shows the message
   * elsewhere (in its card).
   */
  onSuccess?: (response: R, message: string) => void;
  /** The sentence above the form for a failure that names none of its fields (default: the server's message). */
  errorText?: (error: unknown) => string;
  /** Called with a failed call's error after the errors are shown (to react to an error code). */
  onError?: (error: unknown) => void;
  /** The sentence above the form when the schema check fails and no error is placed there (default: none). */
  invalidText?: string;
  /** Puts a schema's or the server's message in the language on screen (default: the server texts). */
  text?: (message: string) => string;
};

const serverMessage =
  (text: (message: string) => string) =>
  (error: unknown): string =>
    text(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);

/**
 * A form sent with one contract call. The call's own request schema checks the input first, so the
 * messages under the fields are the server's; a server error naming one of the form's fields lands under
 * it, anything else above the form. Success shows the server's message as a toast.
 *
 * Given the call (`useContractForm(FIELDS, call)`), `limits` holds its request's field limits and
 * `field(name)` gives a text field its error and its schema's length bound: `<TextField {...field('name')} />`,
 * so no form repeats a contract limit. A form that sends one of several calls binds the one whose limits it shows.
 *
 * `fields` may name nested fields by their dotted path (`questions.0.options.1.text`): an error is shown at the
 * deepest listed field its path starts at, so a form with lists of rows places each row's errors by its own.
 */
export const useContractForm = <F extends string>(fields: readonly F[], call?: CallDef) => {
  const [errors, setErrors] = useState<FormErrors<F>>({});
  const [saving, setSaving] = useState(false);
  // The fields whose error the last send's own check found (not the server): `recheck` may clear them.
  const checked = useRef<{ keys: string[]; invalidText?: string }>({ keys: [] });
  const limits: LimitsMap = call ? limitsOf(call) : {};

  /** A text field's error and the most characters the call's request takes in it. */
  const field = (name: F) => ({ error: errors[name], maxLength: limits[name]?.maxLength });

  /** Checks and sends; resolves with the answer, or null when the input or the call failed. */
  const send = async <C extends CallDef>(
    call: C,
    input: unknown,
    options: SendOptions<F, ResponseOf<C>> = {},
  ): Promise<ResponseOf<C> | null> => {
    const parsed = parseRequest(call, input);
    const own = Object.entries(options.errors ?? {}).filter(([, message]) => message);
    const text = options.text ?? serverText;
    if (!parsed.success || own.length > 0) {
      const found: FormErrors<F> = {
        ...(parsed.success ? {} : errorsFromIssues<F>(parsed.error.issues, fields, text)),
        ...(Object.fromEntries(own) as FormErrors<F>),
      };
      if (!parsed.success && options.invalidText) found.form ??= options.invalidText;
      checked.current = {
        keys: Object.keys(found).filter((key) => key !== 'form'),
        invalidText: found.form === options.invalidText ? options.invalidText : undefined,
      };
      setErrors(found);
      return null;
    }
    checked.current = { keys: [] };
    setSaving(true);
    setErrors({});
    let answer: { message: string; response: ResponseOf<C> };
    try {
      answer = await api.callWithMessage(call, parsed.data as RequestOf<C>);
      if (options.toast !== false) notify.success(options.toast ?? text(answer.message));
    } catch (error) {
      // A field named by a dotted path (`permissions.2`) is shown at the deepest listed field it starts at.
      const field = error instanceof ApiError && error.field ? fieldAt(error.field.split('.'), fields) : null;
      if (error instanceof ApiError && field)
        setErrors({ [field]: text(withoutField(error.message, error.field)) } as FormErrors<F>);
      else setErrors({ form: (options.errorText ?? serverMessage(text))(error) } as FormErrors<F>);
      options.onError?.(error);
      return null;
    } finally {
      setSaving(false);
    }
    // Outside the try: a failure of the form's own follow-up is not the call's.
    options.onSuccess?.(answer.response, text(answer.message));
    return answer.response;
  };

  /**
   * The same check as `send`, on the input as it stands now, after a send the check stopped: each error it found
   * leaves as soon as its field is valid, and the sentence above the form with the last of them. It adds none
   * (a field not yet filled in is not flagged while the person types elsewhere), and leaves the server's errors.
   */
  const recheck = <C extends CallDef>(
    call: C,
    input: unknown,
    options: Pick<SendOptions<F>, 'errors' | 'text'> & {
      /** The form's fields for this input, when its rows changed with it (a question added). */
      fields?: readonly F[];
    } = {},
  ) => {
    const { keys, invalidText } = checked.current;
    if (keys.length === 0) return;
    const parsed = parseRequest(call, input);
    const own = Object.entries(options.errors ?? {}).filter(([, message]) => message);
    const now: FormErrors<F> = {
      ...(parsed.success
        ? {}
        : errorsFromIssues<F>(parsed.error.issues, options.fields ?? fields, options.text ?? serverText)),
      ...(Object.fromEntries(own) as FormErrors<F>),
    };
    const still = keys.filter((key) => now[key as F]);
    if (still.length === keys.length && still.every((key) => now[key as F] === errors[key as F])) return;
    checked.current = { keys: still, invalidText: still.length > 0 ? invalidText : undefined };
    const next: FormErrors<F> = { ...errors };
    for (const key of keys) {
      if (now[key as F]) next[key as F] = now[key as F];
      else delete next[key as F];
    }
    if (still.length === 0 && invalidText && next.form === invalidText) delete next.form;
    setErrors(next);
  };

  return { errors, setErrors, saving, send, recheck, limits, field };
};
