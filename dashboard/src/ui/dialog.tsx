import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import './ui.css';

export const Dialog = ({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children?: ReactNode;
  footer?: ReactNode;
}) => (
  <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="dialog__overlay" />
      <RadixDialog.Content className="dialog__content" aria-describedby={description ? undefined : undefined}>
        <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
        {description ? (
          <RadixDialog.Description className="dialog__description">{description}</RadixDialog.Description>
        ) : null}
        {children}
        {footer ? <div className="dialog__footer">{footer}</div> : null}
        <RadixDialog.Close className="dialog__close" aria-label="Close">
          ×
        </RadixDialog.Close>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  </RadixDialog.Root>
);

/** Asks before a destructive action: Cancel, or the danger button that runs it. */
export const ConfirmDialog = ({
  title,
  description,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  title: string;
  description: string;
  confirmLabel: string;
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
      <>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="danger" loading={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </>
    }
  />
);
