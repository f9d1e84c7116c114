/**
 * A field's message beside it, not a corner toast: the input names it with aria-describedby and
 * says it is invalid, so a screen reader reads the message when the form moves the focus there.
 */
export const errorId = (fieldId: string) => `${fieldId}-error`;

/** The attributes an input takes while its field has a message. */
export const fieldProps = (fieldId: string, message: string | undefined) =>
  message ? { 'aria-invalid': true as const, 'aria-describedby': errorId(fieldId) } : {};

/** `hint`: a second line saying how to put it right (the phone's country, say). */
export const FieldError = ({
  id,
  message,
  hint,
}: {
  id: string;
  message: string | undefined;
  hint?: string | undefined;
}) =>
  message ? (
    <p className="field-error" id={errorId(id)}>
      <span className="field-error__message">{message}</span>
      {/* The space keeps the two sentences apart in the description a screen reader reads. */}
      {hint ? ' ' : null}
      {hint ? <span className="field-error__hint">{hint}</span> : null}
    </p>
  ) : null;
