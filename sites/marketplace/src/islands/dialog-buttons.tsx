import { type ComponentType, useState } from 'react';
import type { ContactModalProps } from './contact-modal.tsx';
import type { EnrolProps } from './enrol.tsx';
import { enrolLabel } from './enrol-label.ts';

type Opened<P> = ComponentType<P & { initiallyOpen?: boolean }>;

/**
 * A course page's dialog button that loads its dialog (Radix, the forms, the phone input) only when pressed, or
 * when the pointer or focus reaches it, then hands over to the dialog's own button, opened at once. Until then
 * the page's scripts hold only this button.
 */
const useLazyDialog = <P,>(load: () => Promise<Opened<P>>) => {
  const [Dialog, setDialog] = useState<Opened<P> | null>(null);
  const prefetch = () => void load();
  const open = () =>
    void load().then((component) => {
      setDialog(() => component);
    });
  return { Dialog, buttonProps: { onClick: open, onPointerEnter: prefetch, onFocus: prefetch } };
};

const loadEnrol = () => import('./enrol.tsx').then((m) => m.Enrol);
const loadContact = () => import('./contact-modal.tsx').then((m) => m.ContactModal);

export const EnrolButton = (props: EnrolProps) => {
  const { Dialog, buttonProps } = useLazyDialog<EnrolProps>(loadEnrol);
  if (Dialog) return <Dialog {...props} initiallyOpen />;
  return (
    <button
      type="button"
      className="button button--primary button--block"
      aria-haspopup="dialog"
      aria-expanded="false"
      {...buttonProps}
    >
      {enrolLabel(props.strings, props.course)}
    </button>
  );
};

export const ContactButton = (props: ContactModalProps) => {
  const { Dialog, buttonProps } = useLazyDialog<ContactModalProps>(loadContact);
  if (Dialog) return <Dialog {...props} initiallyOpen />;
  return (
    <button
      type="button"
      className="button button--secondary button--block"
      aria-haspopup="dialog"
      aria-expanded="false"
      {...buttonProps}
    >
      {props.strings.enquire}
    </button>
  );
};
