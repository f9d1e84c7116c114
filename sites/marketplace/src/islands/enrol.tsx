import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { formatPrice } from '@coach/shared/constants/marketplace';
import { marketplace, type PaymentStart } from '@coach/shared/contract/marketplace';
import { Dialog } from 'radix-ui';
import { type FormEvent, useId, useState } from 'react';
import { browserApi } from '../lib/api.ts';
import { notify } from './toasts.tsx';

type Course = { courseId: string; courseName: string; priceCents: number; currency: string };
type Step = { kind: 'details' } | { kind: 'card'; payment: PaymentStart } | { kind: 'enrolled' };

const messageOf = (error: unknown) =>
  error instanceof ApiError && error.status !== 0 && error.status < 500
    ? error.message.replace(/^[\w.]+: /, '')
    : GENERIC_ERROR_MESSAGE;

export const paymentStatusPath = (paymentId: string) =>
  `/marketplace/paymentstatus?paymentId=${encodeURIComponent(paymentId)}`;

/** The enrolment flow on a course page: who enrols, then the payment (test mode is clearly marked). */
export const Enrol = ({ course }: { course: Course }) => {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'details' });
  const [who, setWho] = useState({ name: '', email: '' });
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const free = course.priceCents === 0;
  const price = formatPrice(course.priceCents, course.currency);

  const start = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!who.name.trim()) return setError('Please Enter Name');
    if (!who.email.trim()) return setError('Please Enter Email');
    setBusy(true);
    try {
      const body = { courseId: course.courseId, name: who.name, email: who.email };
      const { alreadyEnrolled } = await browserApi.call(marketplace.getUserDetails, {
        email: who.email,
        courseId: course.courseId,
      });
      if (alreadyEnrolled) {
        setError('You are already enrolled in this course with this email.');
        return;
      }
      if (free) {
        await browserApi.call(marketplace.enrollCourse, { ...body, paymentId: 'free' });
        setStep({ kind: 'enrolled' });
        return;
      }
      const payment = await browserApi.call(marketplace.generateSecret, body);
      if (payment.provider !== 'test') {
        setError('Online card payment is not available here yet. Please contact the institution to enrol.');
        return;
      }
      setStep({ kind: 'card', payment });
    } catch (err) {
      setError(messageOf(err));
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
      window.location.assign(paymentStatusPath(payment.paymentId));
    } catch (err) {
      setError(messageOf(err));
      if (!(err instanceof ApiError) || err.status >= 500) notify.error(GENERIC_ERROR_MESSAGE);
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
          {free ? 'Enrol for free' : `Enrol now · ${price}`}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="modal__overlay" />
        <Dialog.Content className="modal" aria-describedby={`${id}-desc`}>
          <Dialog.Title className="modal__title">Enrol in {course.courseName}</Dialog.Title>
          <p className="modal__provider" id={`${id}-desc`}>
            {free ? 'This course is free.' : `${price}, paid once.`}
          </p>
          {error ? (
            <p className="form-error" role="alert">
              {error}
            </p>
          ) : null}
          {step.kind === 'details' ? (
            <form className="contact-form" onSubmit={start} noValidate>
              <div className="field">
                <label htmlFor={`${id}-name`}>Name</label>
                <input
                  id={`${id}-name`}
                  autoComplete="name"
                  value={who.name}
                  onChange={(e) => setWho({ ...who, name: e.target.value })}
                />
              </div>
              <div className="field">
                <label htmlFor={`${id}-email`}>Email</label>
                <input
                  id={`${id}-email`}
                  type="email"
                  autoComplete="email"
                  value={who.email}
                  onChange={(e) => setWho({ ...who, email: e.target.value })}
                />
              </div>
              <button className="button button--primary" type="submit" disabled={busy}>
                {busy ? 'Please wait…' : free ? 'Enrol' : 'Continue to payment'}
              </button>
            </form>
          ) : null}
          {step.kind === 'card' ? (
            <form className="contact-form" onSubmit={(e) => void pay(e, step.payment)} noValidate>
              <p className="test-mode" role="note">
                <strong>Test mode</strong> — no real payment is taken. Use card 4242 4242 4242 4242 to succeed
                or 4000 0000 0000 0002 to see a decline, any future expiry and any CVC.
              </p>
              <div className="field">
                <label htmlFor={`${id}-card`}>Card number</label>
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
                  <label htmlFor={`${id}-exp`}>Expiry (MM/YY)</label>
                  <input
                    id={`${id}-exp`}
                    autoComplete="cc-exp"
                    placeholder="12/30"
                    value={card.expiry}
                    onChange={(e) => setCard({ ...card, expiry: e.target.value })}
                  />
                </div>
                <div className="field">
                  <label htmlFor={`${id}-cvc`}>CVC</label>
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
                {busy ? 'Paying…' : `Pay ${formatPrice(step.payment.amountCents, step.payment.currency)}`}
              </button>
            </form>
          ) : null}
          {step.kind === 'enrolled' ? (
            <div className="result result--ok" role="status">
              <p>
                <strong>You are enrolled.</strong> {course.courseName} is free; the institution will contact{' '}
                {who.email}.
              </p>
            </div>
          ) : null}
          <Dialog.Close className="modal__close" aria-label="Close">
            ✕
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
};
