import { Dialog as RadixDialog } from 'radix-ui';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { T } from './t.tsx';
import './ui.css';

const CloseButton = () => {
  const { t } = useTranslation('common');
  return (
    <RadixDialog.Close className="dialog__close" aria-label={t('ui.close')}>
      ×
    </RadixDialog.Close>
  );
};

/**
 * The control a dialog opening now should give the focus back to: the focused element, or, for an item of a row
 * menu (which closes and leaves the page as the dialog opens), the button that opened that menu.
 */
const focusedOpener = (): HTMLElement | null => {
  const focused = document.activeElement;
  if (!(focused instanceof HTMLElement) || focused === document.body) return null;
  const menuTriggerId = focused.closest('[role="menu"]')?.getAttribute('aria-labelledby');
  const menuTrigger = menuTriggerId ? document.getElementById(menuTriggerId) : null;
  return menuTrigger ?? focused;
};

export const Dialog = ({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  onEscapeKeyDown,
  // A wide dialog holds media: its inputs are the player's controls, nothing typed.
  keepTyped = size !== 'wide',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children?: ReactNode;
  footer?: ReactNode;
  /** 'wide' for media (the video player). */
  size?: 'md' | 'wide';
  /** Lets a dialog keep Escape for its content (a media player's open menu); preventDefault keeps it open. */
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
  /**
   * Something typed or chosen in the dialog is not thrown away by Escape, × or a click beside it without asking
   * (a half-typed vocabulary word, an invitation's name, were gone with one key); its own Cancel still closes at
   * once. False while its form is being saved.
   */
  keepTyped?: boolean;
}) => {
  // Radix returns focus to a Dialog.Trigger; ours open from state, so focus goes back to what opened the dialog
  // (the control focused when it opened), else it would fall to the page's body and a keyboard user starts over.
  // Read while rendering the opening: by the time Radix's onOpenAutoFocus could tell, a field with autoFocus
  // (Add enterprise) or the closing row menu has already taken the focus away from the opener.
  const [opener, setOpener] = useState<HTMLElement | null>(() => (open ? focusedOpener() : null));
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpener(focusedOpener());
  }
  const [touched, setTouched] = useState(false);
  const [asking, setAsking] = useState(false);
  if (!open && (touched || asking)) {
    setTouched(false);
    setAsking(false);
  }
  const keepId = useId();
  useEffect(() => {
    if (asking) document.getElementById(keepId)?.focus();
  }, [asking, keepId]);
  const changeOpen = (next: boolean) => {
    if (!next && touched && keepTyped && !asking) setAsking(true);
    else onOpenChange(next);
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={changeOpen}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog__overlay" />
        <RadixDialog.Content
          className={size === 'wide' ? 'dialog__content dialog__content--wide' : 'dialog__content'}
          onEscapeKeyDown={onEscapeKeyDown}
          onInput={() => setTouched(true)}
          onChange={() => setTouched(true)}
          aria-describedby={description ? undefined : undefined}
          onCloseAutoFocus={(event) => {
            if (opener?.isConnected) {
              event.preventDefault();
              opener.focus();
            }
          }}
        >
          <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="dialog__description">{description}</RadixDialog.Description>
          ) : null}
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
                <Button variant="danger" size="sm" onClick={() => onOpenChange(false)}>
                  <T k="ui.discard.discard" />
                </Button>
              </div>
            </div>
          ) : null}
          {footer ? <div className="dialog__footer">{footer}</div> : null}
          <CloseButton />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
};

/**
 * Asks before a destructive action: Cancel, or the danger button that runs it. `blocked` when the action cannot
 * run now (the description says why, e.g. a role members still hold): then only Close is offered.
 */
export const ConfirmDialog = ({
  title,
  description,
  confirmLabel,
  blocked = false,
  busy,
  onConfirm,
  onCancel,
}: {
  title: string;
  description: string;
  confirmLabel: string;
  blocked?: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) => (
  <Dialog
    open
    onOpenChange={(open) => {
      if (!open) onCancel();
    }}
    title={title}
    description={description}
    footer={
      blocked ? (
        <Button variant="secondary" onClick={onCancel}>
          <T k="ui.close" />
        </Button>
      ) : (
        <>
          <Button variant="secondary" onClick={onCancel}>
            <T k="ui.cancel" />
          </Button>
          <Button variant="danger" loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      )
    }
  />
);
