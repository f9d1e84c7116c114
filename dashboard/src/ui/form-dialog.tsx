import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';
import { FormAlert } from './states.tsx';
import { T } from './t.tsx';

/**
 * A dialog holding one form: the form-wide error above the fields, Cancel and the submit button below.
 * Cancel calls onClose. Escape, × and a click beside the dialog do too, unless something was typed or chosen in the
 * form: then the dialog asks first (a half-typed word was gone with one key), Keep editing taking the focus.
 */
export const FormDialog = ({
  title,
  description,
  className,
  formError,
  formTone = 'error',
  submitLabel,
  saving,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  description?: string;
  className?: string;
  formError: string | undefined;
  /** 'info' for a form-wide message that is not a fault (the person cancelled a step of their own). */
  formTone?: 'error' | 'info';
  submitLabel: string;
  saving: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) => {
  const [touched, setTouched] = useState(false);
  const [asking, setAsking] = useState(false);
  const keepId = useId();
  useEffect(() => {
    if (asking) document.getElementById(keepId)?.focus();
  }, [asking, keepId]);
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (open) return;
        if (touched && !saving) setAsking(true);
        else onClose();
      }}
      title={title}
      description={description}
    >
      <form
        className={className}
        noValidate
        onInput={() => setTouched(true)}
        onChange={() => setTouched(true)}
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <FormAlert message={formError} tone={formTone} />
        {children}
        {asking ? (
          <div className="alert alert--info dialog__discard" role="alert">
            <p>
              <T k="ui.discard.question" />
            </p>
            <div className="dialog__discard-actions">
              <Button id={keepId} variant="secondary" size="sm" onClick={() => setAsking(false)}>
                <T k="ui.discard.keep" />
              </Button>
              <Button variant="danger" size="sm" onClick={onClose}>
                <T k="ui.discard.discard" />
              </Button>
            </div>
          </div>
        ) : null}
        <div className="dialog__footer">
          <Button variant="secondary" onClick={onClose}>
            <T k="ui.cancel" />
          </Button>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
};
