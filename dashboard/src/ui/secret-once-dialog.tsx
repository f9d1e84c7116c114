import { type ReactNode, useId, useRef } from 'react';
import { notify } from '../lib/notify.ts';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';
import './secret-once-dialog.css';

/** The words of a secret-once dialog, in the feature's own namespace. */
export type SecretOnceWords = {
  title: string;
  description: string;
  label: string;
  copy: string;
  copyLabel: string;
  copied: string;
  done: string;
  /** Said when the clipboard refuses (the field is focused, selected, either way). */
  copyFailed?: string;
};

/**
 * A secret the server shows this once (an API key, a webhook's signing secret): read-only in a field that selects
 * itself, with a copy button. Without a clipboard (an insecure origin) the field takes the focus, selected, so the
 * keyboard can copy it. `children` follow the field (how to use the secret).
 */
export const SecretOnceDialog = ({
  secret,
  words,
  onClose,
  children,
}: {
  secret: string;
  words: SecretOnceWords;
  onClose: () => void;
  children?: ReactNode;
}) => {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      notify.success(words.copied);
    } catch {
      field.current?.focus();
      if (words.copyFailed) notify.error(words.copyFailed);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={words.title}
      description={words.description}
      footer={<Button onClick={onClose}>{words.done}</Button>}
    >
      <div className="secret-once">
        <label className="field__label" htmlFor={id}>
          {words.label}
        </label>
        <div className="secret-once__row">
          <input
            ref={field}
            id={id}
            className="field__input secret-once__value ltr-value"
            value={secret}
            readOnly
            dir="ltr"
            spellCheck={false}
            onFocus={(event) => event.target.select()}
          />
          <Button variant="secondary" aria-label={words.copyLabel} onClick={() => void copy()}>
            {words.copy}
          </Button>
        </div>
        {children}
      </div>
    </Dialog>
  );
};
