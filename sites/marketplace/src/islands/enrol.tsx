import { ApiError } from '@coach/shared/client';
import type { LanguageCode } from '@coach/shared/constants/languages';
import type { PaymentStart } from '@coach/shared/contract/marketplace';
import { Dialog } from 'radix-ui';
import { type FormEvent, useId, useState } from 'react';
import { Icon } from '../components/icon.tsx';
import { formatPriceIn, t } from '../i18n/format.ts';
import { localePath } from '../i18n/languages.ts';
import type { Messages } from '../i18n/messages.ts';
import { browserApi } from '../lib/api.ts';
import { marketplace } from '../lib/calls.ts';
import { enrolLabel } from './enrol-label.ts';
import { notify } from './toasts.ts';

/** `price`: the price as the page shows it, in its language. */
type Course = { courseId: string; courseName: string; price: string; free: boolean };
type Step = { kind: 'details' } | { kind: 'card'; payment: PaymentStart } | { kind: 'enrolled' };

const messageOf = (error: unknown, generic: string) =>
  error instanceof ApiError && error.status !== 0 && error.status < 500
    ? error.message.replace(/^[\w.]+: /, '')
    : generic;

export const paymentStatusPath = (paymentId: string, lang: LanguageCode = 'en') =>
  `${localePath(lang, '/marketplace/paymentstatus')}?paymentId=${encodeURIComponent(paymentId)}`;

/** The enrolment flow on a course page: who enrols, then the payment (test mode is clearly marked). */
export type EnrolProps = { course: Course; lang: LanguageCode; strings: Messages['enrol'] };

/** `initiallyOpen`: mounted by dialog-buttons.tsx when its button is pressed, so it opens at once. */
export const Enrol = ({
  course,
  lang,
  strings: s,
  initiallyOpen = false,
}: EnrolProps & { initiallyOpen?: boolean }) => {
  const id = useId();
  const [open, setOpen] = useState(initiallyOpen);
  const [step, setStep] = useState<Step>({ kind: 'details' });
  const [who, setWho] = useState({ name: '', email: '' });
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { free, price } = course;

  const start = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!who.name.trim()) return setError(s.enterName);
    if (!who.email.trim()) return setError(s.enterEmail);
    setBusy(true);
    try {
      const body = { courseId: course.courseId, name: who.name, email: who.email };
      const { alreadyEnrolled } = await browserApi.call(marketplace.getUserDetails, {
        email: who.email,
        courseId: course.courseId,
      });
      if (alreadyEnrolled) {
        setError(s.already);
        return;
      }
      if (free) {
        await browserApi.call(marketplace.enrollCourse, { ...body, paymentId: 'free' });
        setStep({ kind: 'enrolled' });
        return;
      }
      const payment = await browserApi.call(marketplace.generateSecret, body);
      if (payment.provider !== 'test') {
        setError(s.unavailable);
        return;
      }
      setStep({ kind: 'card', payment });
    } catch (err) {
      setError(messageOf(err, s.genericError));
    } finally {
      setBusy(false);
    }
  };

  const pay = async (event: FormEvent, payment: PaymentStart) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await browserApi.call(marketplace.confirmTestPayment, {
        clientSecret: payment.clientSecret,
        cardNumber: card.number,
        expiry: card.expiry,
        cvc: card.cvc,
      });
      // Like a provider's redirect: the status page asks the server how the payment went.
      window.location.assign(paymentStatusPath(payment.paymentId, lang));
    } catch (err) {
      setError(messageOf(err, s.genericError));
      if (!(err instanceof ApiError) || err.status >= 500) notify.error(s.genericError);
      setBusy(false);
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next && step.kind === 'enrolled') setStep({ kind: 'details' });
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className="button button--primary button--block">
          {enrolLabel(s, course)}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="modal__overlay" />
        <Dialog.Content className="modal" aria-describedby={`${id}-desc`}>
          <Dialog.Title className="modal__title">{t(s, 'title', { course: course.courseName })}</Dialog.Title>
          <p className="modal__provider" id={`${id}-desc`}>
            {free ? s.isFree : t(s, 'paidOnce', { price })}
          </p>
          {error ? (
            <p className="form-error" role="alert">
              {error}
            </p>
          ) : null}
          {step.kind === 'details' ? (
            <form className="contact-form" onSubmit={start} noValidate>
              <div className="field">
                <label htmlFor={`${id}-name`}>{s.name}</label>
                <input
                  id={`${id}-name`}
                  autoComplete="name"
                  value={who.name}
                  onChange={(e) => setWho({ ...who, name: e.target.value })}
                />
              </div>
              <div className="field">
                <label htmlFor={`${id}-email`}>{s.email}</label>
                <input
                  id={`${id}-email`}
                  type="email"
                  autoComplete="email"
                  value={who.email}
                  onChange={(e) => setWho({ ...who, email: e.target.value })}
                />
              </div>
              <button className="button button--primary" type="submit" disabled={busy}>
                {busy ? s.wait : free ? s.enrol : s.continue}
              </button>
            </form>
          ) : null}
          {step.kind === 'card' ? (
            <form className="contact-form" onSubmit={(e) => void pay(e, step.payment)} noValidate>
              <p className="test-mode" role="note">
                <strong>{s.testMode}</strong> — {s.testModeText}
              </p>
              <div className="field">
                <label htmlFor={`${id}-card`}>{s.card}</label>
                <input
                  id={`${id}-card`}
                  inputMode="numeric"
                  autoComplete="cc-number"
                  placeholder="4242 4242 4242 4242"
                  value={card.number}
                  onChange={(e) => setCard({ ...card, number: e.target.value })}
                />
              </div>
              <div className="field-row">
                <div className="field">
                  <label htmlFor={`${id}-exp`}>{s.expiry}</label>
                  <input
                    id={`${id}-exp`}
                    autoComplete="cc-exp"
                    placeholder="12/30"
                    value={card.expiry}
                    onChange={(e) => setCard({ ...card, expiry: e.target.value })}
                  />
                </div>
                <div className="field">
                  <label htmlFor={`${id}-cvc`}>{s.cvc}</label>
                  <input
                    id={`${id}-cvc`}
                    inputMode="numeric"
                    autoComplete="cc-csc"
                    placeholder="123"
                    value={card.cvc}
                    onChange={(e) => setCard({ ...card, cvc: e.target.value })}
                  />
                </div>
              </div>
              <button className="button button--primary" type="submit" disabled={busy}>
                {busy
                  ? s.paying
                  : t(s, 'pay', {
                      price: formatPriceIn(lang, step.payment.amountCents, step.payment.currency, price),
                    })}
              </button>
            </form>
          ) : null}
          {step.kind === 'enrolled' ? (
            <div className="result result--ok" role="status">
              <p>
                <strong>{s.enrolled}</strong>{' '}
                {t(s, 'enrolledText', { course: course.courseName, email: who.email })}
              </p>
              <a
                className="button button--primary"
                href={`/login?redirect=${encodeURIComponent('/enterprise/my-courses')}`}
              >
                {s.signIn}
              </a>
            </div>
          ) : null}
          <Dialog.Close className="modal__close" aria-label={s.close}>
            <Icon name="close" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
};
