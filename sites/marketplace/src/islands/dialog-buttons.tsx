import { type ComponentType, useEffect, useRef, useState } from 'react';
import type { Messages } from '../i18n/messages.ts';
import { type Buyer, takeRetry } from '../lib/enrol-retry.ts';
import { MY_COURSES_PATH } from '../lib/links.ts';
import type { ContactModalProps } from './contact-modal.tsx';
import type { EnrolProps } from './enrol.tsx';
import { enrolLabel } from './enrol-label.ts';
import { type MyEnrolment, useMyEnrolment } from './my-enrolment.ts';

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

/** In the enrolment card of a learner already enrolled: that they are, and the way to the course. */
const Enrolled = ({ enrolment, strings: s }: { enrolment: MyEnrolment; strings: Messages['enrol'] }) => (
  <div className="buy__enrolled">
    <p>{enrolment.inMyCourses ? s.youAreEnrolled : s.enrolledByEmail}</p>
    {enrolment.inMyCourses ? (
      <a className="button button--primary button--block" href={MY_COURSES_PATH}>
        {s.goToCourse}
      </a>
    ) : null}
  </div>
);

/**
 * The enrol button, or, once the page has asked (signed in and enrolled), the way to the course instead. Until
 * then, and for anyone not signed in, it is the button the page was built with. A page opened by a declined
 * payment's Try again opens the dialog at once, with the name and email typed before (lib/enrol-retry.ts).
 */
export const EnrolButton = (props: EnrolProps) => {
  const { Dialog, buttonProps } = useLazyDialog<EnrolProps>(loadEnrol);
  const enrolment = useMyEnrolment(props.course.courseId);
  const [retry, setRetry] = useState<Buyer | null>(null);
  // Once, after the page's first render (the address is the browser's, never the build's).
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    const buyer = takeRetry(props.course.courseId);
    if (!buyer) return;
    setRetry(buyer);
    buttonProps.onClick();
  });
  if (enrolment) return <Enrolled enrolment={enrolment} strings={props.strings} />;
  if (Dialog) return <Dialog {...props} retry={retry} initiallyOpen />;
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

/**
 * On a phone, the link under the course's facts down to the enrolment card ("Enrol now · price"); for a learner
 * enrolled, it opens the course in My courses instead (or, enrolled under their address only, leads to the card
 * saying so).
 */
export const EnrolJump = ({
  courseId,
  label,
  strings: s,
}: {
  courseId: string;
  label: string;
  strings: Pick<Messages['enrol'], 'goToCourse' | 'youAreEnrolled'>;
}) => {
  const enrolment = useMyEnrolment(courseId);
  if (enrolment?.inMyCourses)
    return (
      <a className="button button--primary" href={MY_COURSES_PATH}>
        {s.goToCourse}
      </a>
    );
  return (
    <a className="button button--primary" href="#enrolment">
      {enrolment ? s.youAreEnrolled : label}
    </a>
  );
};
