import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../i18n/format.ts';
import './ui.css';

/** Label, hint and error around any control, wired with ids the way TextField does it. */
const FieldFrame = ({
  label,
  error,
  hint,
  children,
  id: givenId,
  className,
  trailing,
  room,
}: {
  label: string;
  error?: string | null | undefined;
  hint?: ReactNode;
  id?: string | undefined;
  className?: string | undefined;
  /** Element shown at the end of the control (e.g. the show/hide password button). */
  trailing?: ReactNode;
  /** How much of a length limit the text uses, shown as it nears it (RoomLeft). */
  room?: { used: number; max: number } | null;
  children: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
}) => {
  const { t } = useTranslation('common');
  const autoId = useId();
  const id = givenId ?? autoId;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const roomId = room ? `${id}-room` : undefined;
  return (
    <div className={`field ${className ?? ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className={`field__control ${error ? 'field__control--invalid' : ''}`}>
        {children({ id, describedBy: [hintId, roomId, errorId].filter(Boolean).join(' ') || undefined })}
        {trailing}
      </div>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {room ? (
        <p id={roomId} className={`field__room ${room.used >= room.max ? 'field__room--full' : ''}`}>
          {t('ui.characters', { used: formatNumber(room.used), max: formatNumber(room.max) })}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
};

/**
 * A text's use of its length limit, once it nears it: a field that silently stopped taking keys at 200 characters
 * (a company's name) left its writer wondering. Short limits (a code's 6 digits) say nothing.
 */
const ROOM_SHOWN_FROM = 0.9;
const roomOf = (value: unknown, maxLength: number | undefined) => {
  if (typeof value !== 'string' || maxLength === undefined || maxLength < 20) return null;
  return value.length >= ROOM_SHOWN_FROM * maxLength ? { used: value.length, max: maxLength } : null;
};

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  /** Element shown at the end of the input (e.g. the show/hide password button). */
  trailing?: ReactNode;
};

export const TextField = ({ label, error, hint, trailing, id, className, ...rest }: TextFieldProps) => (
  <FieldFrame
    label={label}
    error={error}
    hint={hint}
    id={id}
    className={className}
    trailing={trailing}
    room={roomOf(rest.value, rest.maxLength)}
  >
    {({ id: inputId, describedBy }) => (
      <input
        id={inputId}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      />
    )}
  </FieldFrame>
);

/** A password input with a show/hide toggle. */
/**
 * A one-time code of 6 digits (a mailed or texted code, an authenticator app's): the phone's number pad, the
 * code a text message brings offered by the keyboard, anything but digits dropped as it is typed.
 */
export const OneTimeCodeField = ({
  value,
  onValue,
  ...props
}: Omit<TextFieldProps, 'onChange' | 'value' | 'inputMode' | 'autoComplete' | 'pattern' | 'maxLength'> & {
  value: string;
  onValue: (code: string) => void;
}) => (
  <TextField
    className="code-input"
    name="code"
    inputMode="numeric"
    autoComplete="one-time-code"
    pattern="[0-9]*"
    maxLength={6}
    value={value}
    onChange={(event) => onValue(event.target.value.replace(/\D/g, '').slice(0, 6))}
    {...props}
  />
);

export const PasswordField = (props: Omit<TextFieldProps, 'type' | 'trailing'>) => {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="field__toggle"
          aria-pressed={visible}
          aria-label={t(visible ? 'ui.hideField' : 'ui.showField', { field: props.label.toLowerCase() })}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? t('ui.hide') : t('ui.show')}
        </button>
      }
    />
  );
};

export const TextAreaField = ({
  label,
  error,
  hint,
  id: givenId,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string | null;
  hint?: ReactNode;
}) => (
  <FieldFrame label={label} error={error} hint={hint} id={givenId} room={roomOf(rest.value, rest.maxLength)}>
    {({ id, describedBy }) => (
      <textarea
        id={id}
        className="field__input field__input--area"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      />
    )}
  </FieldFrame>
);

export const SelectField = ({
  label,
  error,
  hint,
  children,
  id: givenId,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string | null; hint?: ReactNode }) => (
  <FieldFrame label={label} error={error} hint={hint} id={givenId}>
    {({ id, describedBy }) => (
      <select
        id={id}
        className="field__input field__input--select"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      >
        {children}
      </select>
    )}
  </FieldFrame>
);
