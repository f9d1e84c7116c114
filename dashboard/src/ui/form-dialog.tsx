import type { FormEvent, ReactNode } from 'react';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';
import { FormAlert } from './states.tsx';
import { T } from './t.tsx';

/**
 * A dialog holding one form: the form-wide error above the fields, Cancel and the submit button below.
 * Cancel calls onClose; so do Escape, × and a click beside the dialog, once the dialog has asked whether to throw
 * away what was typed (Dialog).
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
}) => (
  <Dialog
    open
    onOpenChange={(open) => {
      if (!open) onClose();
    }}
    title={title}
    description={description}
    keepTyped={!saving}
  >
    <form
      className={className}
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <FormAlert message={formError} tone={formTone} />
      {children}
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
