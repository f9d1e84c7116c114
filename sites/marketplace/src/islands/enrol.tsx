import {
  EMAIL_TOO_LONG_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  MARKETPLACE_EMAIL_MAX,
  MARKETPLACE_NAME_MAX,
  marketplace,
  NAME_TOO_LONG_MESSAGE,
} from 'virtual:light-contract/marketplace';
import { ApiError } from '@coach/shared/client';
import type { LanguageCode } from '@coach/shared/constants/languages';
import type { PaymentStart } from '@coach/shared/contract/marketplace';
import { Dialog } from 'radix-ui';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Icon } from '../components/icon.tsx';
import { formatPriceIn, t } from '../i18n/format.ts';
import { localePath } from '../i18n/languages.ts';
import type { Messages } from '../i18n/messages.ts';
import { browserApi } from '../lib/api.ts';
import { type Buyer, rememberBuyer } from '../lib/enrol-retry.ts';
import { learnerSignInPath } from '../lib/links.ts';
import { cardProblems, formatCardNumber, formatExpiry } from './card-fields.ts';
import { emailProblem, preloadEmailCheck } from './enrol-email.ts';
import { enrolLabel } from './enrol-label.ts';
import { errorId, FieldError, fieldProps } from './field-error.tsx';
import { serverMessage } from './server-message.ts';
import { notify } from './toasts.ts';

/** `price`: the price as the page shows it, in its language. */
type Course = { courseId: string; courseName: string; price: string; free: boolean };
type Step = { kind: 'details' } | { kind: 'card'; payment: PaymentStart } | { kind: 'enrolled' };

/** The fields a message can stand beside: the server's 422 names one of them. */
const FIELDS = ['name', 'email', 'cardNumber', 'expiry', 'cvc'] as const;
type Field = (typeof FIELDS)[number];
type FieldErrors = Partial<Record<Field, string>>;
const fieldOf = (error: unknown): Field | undefined => {
  const field = error instanceof ApiError && error.status === 422 ? error.field : undefined;
  return FIELDS.find((f) => f === field);
};

/** The server's sentences this dialog can meet, each in the page's language (an unknown one shows as sent). */
const knownMessages = (s: Messages['enrol']): Record<string, string> => ({
  [INVALID_EMAIL_MESSAGE]: s.invalidEmail,
  [NAME_TOO_LONG_MESSAGE]: s.nameTooLong,
  [EMAIL_TOO_LONG_MESSAGE]: s.emailTooLong,
  'Please Enter Name': s.enterName,
  'This card has expired': s.cardExpired,
  'Enter the 16 digits of the card': s.cardInvalid,
  'Enter the expiry as MM/YY': s.expiryInvalid,
  'Enter the 3 or 4 digit security code': s.cvcInvalid,
  'You are already enrolled in this course': s.already,
  'Test mode: use 4242 4242 4242 4242 (success) or 4000 0000 0000 0002 (declined)': s.testCard,
});

const messageOf = (error: unknown, s: Messages['enrol']) =>
  error instanceof ApiError && error.status !== 0 && error.status < 500
    ? serverMessage(error.message, knownMessages(s))
    : s.genericError;

export const paymentStatusPath = (paymentId: string, lang: LanguageCode = 'en') =>
  `${localePath(lang, '/marketplace/paymentstatus')}?paymentId=${encodeURIComponent(paymentId)}`;

/**
 * The enrolment flow on a course page: who enrols, then the payment (test mode is clearly marked). `retry`: the
 * page was opened by a declined payment's Try again (lib/enrol-retry.ts), with the name and email typed then.
 */
export type EnrolProps = {
  course: Course;
  lang: LanguageCode;
  strings: Messages['enrol'];
  retry?: Buyer | null | undefined;
};

/**
 * `initiallyOpen`: mounted by dialog-buttons.tsx when its button is pressed (or the page opened to retry), so it
 * opens at once. A retry with both fields known goes on to the card step by itself, asking what Continue asks.
 */
export const Enrol = ({
  course,
  lang,
  strings: s,
  retry,
  initiallyOpen = false,
}: EnrolProps & { initiallyOpen?: boolean }) => {
  const id = useId();
  const [open, setOpen] = useState(initiallyOpen);
  const [step, setStep] = useState<Step>({ kind: 'details' });
  const [who, setWho] = useState<Buyer>(retry ?? { name: '', email: '' });
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const [error, setError] = useState<string | null>(null);
  /** The address is enrolled already: the error says so and offers the sign-in that leads to the course. */
  const [enrolledAlready, setEnrolledAlready] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const content = useRef<HTMLDivElement>(null);
  const fieldId = (field: Field) => `${id}-${field}`;
  /** Each message beside its field, and the focus on the first, so a screen reader reads it. */
  const showFieldErrors = (found: FieldErrors) => {
    setFieldErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first)
      requestAnimationFrame(() =>
        content.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(first))}`)?.focus(),
      );
    return Boolean(first);
  };
  const clearFieldError = (field: Field) =>
    setFieldErrors((errors) => {
      if (!errors[field]) return errors;
      const { [field]: _fixed, ...rest } = errors;
      return rest;
    });
  const errorProps = (field: Field) => fieldProps(fieldId(field), fieldErrors[field]);
  /** A 422 naming a field goes beside it; any other failure above the form. */
  const showFailure = (err: unknown) => {
    if (
      err instanceof ApiError &&
      err.status === 409 &&
      err.message === 'You are already enrolled in this course'
    )
      setEnrolledAlready(true);
    const field = fieldOf(err);
    if (field) showFieldErrors({ [field]: messageOf(err, s) });
    else setError(messageOf(err, s));
  };
  const { free, price } = course;

  /** The address by the contract's rule, before any call: "pat@" is told beside the field, not sent. */
  const emailError = async (email: string) => {
    if (!email.trim()) return s.enterEmail;
    const problem = await emailProblem(email);
    return problem ? serverMessage(problem, knownMessages(s)) : undefined;
  };

  const proceed = async (buyer: Buyer) => {
    setError(null);
    setEnrolledAlready(false);
    setBusy(true);
    try {
      const emailMessage = await emailError(buyer.email);
      if (
        showFieldErrors({
          ...(buyer.name.trim() ? {} : { name: s.enterName }),
          ...(emailMessage ? { email: emailMessage } : {}),
        })
      )
        return;
      const body = { courseId: course.courseId, name: buyer.name, email: buyer.email };
      const { alreadyEnrolled } = await browserApi.call(marketplace.getUserDetails, {
        email: buyer.email,
        courseId: course.courseId,
      });
      if (alreadyEnrolled) {
        setError(s.already);
        setEnrolledAlready(true);
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
      // Kept for a declined card's Try again: the name and email, never the card.
      rememberBuyer(course.courseId, buyer);
      setStep({ kind: 'card', payment });
    } catch (err) {
      showFailure(err);
    } finally {
      setBusy(false);
    }
  };

  const start = (event: FormEvent) => {
    event.preventDefault();
    void proceed(who);
  };

  // Once, when the dialog first shows: fetch the address rule while they type; a retry goes on to the card.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    preloadEmailCheck();
    if (retry?.name.trim() && retry.email.trim()) void proceed(retry);
  });

  const pay = async (event: FormEvent, payment: PaymentStart) => {
    event.preventDefault();
    setError(null);
    const problems = cardProblems(card);
    if (
      showFieldErrors({
        ...(problems.cardNumber ? { cardNumber: s.cardInvalid } : {}),
        ...(problems.expiry
          ? { expiry: problems.expiry === 'expired' ? s.cardExpired : s.expiryInvalid }
          : {}),
        ...(problems.cvc ? { cvc: s.cvcInvalid } : {}),
      })
    )
      return;
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
      showFailure(err);
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
        <Dialog.Content className="modal" aria-describedby={`${id}-desc`} ref={content}>
          <Dialog.Title className="modal__title">{t(s, 'title', { course: course.courseName })}</Dialog.Title>
          <p className="modal__provider" id={`${id}-desc`}>
            {/* Once the payment is made out, its own amount: a page built before a price change showed the old
                price here beside "Pay" with the new one. */}
            {free
              ? s.isFree
              : t(s, 'paidOnce', {
                  price:
                    step.kind === 'card'
                      ? formatPriceIn(lang, step.payment.amountCents, step.payment.currency, price)
                      : price,
                })}
          </p>
          {error ? (
            <p className="form-error" role="alert">
              {error}
              {enrolledAlready ? (
                <>
                  {' '}
                  <a href={learnerSignInPath(who.email.trim(), lang)}>{s.signIn}</a>
                </>
              ) : null}
            </p>
          ) : null}
          {step.kind === 'details' ? (
            <form className="contact-form" onSubmit={start} noValidate>
              <div className="field">
                <label htmlFor={fieldId('name')}>{s.name}</label>
                <input
                  id={fieldId('name')}
                  autoComplete="name"
                  maxLength={MARKETPLACE_NAME_MAX}
                  value={who.name}
                  onChange={(e) => {
                    setWho({ ...who, name: e.target.value });
                    clearFieldError('name');
                  }}
                  {...errorProps('name')}
                />
                <FieldError id={fieldId('name')} message={fieldErrors.name} />
              </div>
              <div className="field">
                <label htmlFor={fieldId('email')}>{s.email}</label>
                <input
                  id={fieldId('email')}
                  type="email"
                  autoComplete="email"
                  maxLength={MARKETPLACE_EMAIL_MAX}
                  value={who.email}
                  onChange={(e) => {
                    setWho({ ...who, email: e.target.value });
                    clearFieldError('email');
                  }}
                  {...errorProps('email')}
                  aria-describedby={
                    fieldErrors.email
                      ? `${errorId(fieldId('email'))} ${fieldId('email')}-note`
                      : `${fieldId('email')}-note`
                  }
                />
                {/* The same words for every address: nothing here says whether one has an account. */}
                <p className="field-note" id={`${fieldId('email')}-note`}>
                  {s.emailNote}
                </p>
                <FieldError id={fieldId('email')} message={fieldErrors.email} />
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
                <label htmlFor={fieldId('cardNumber')}>{s.card}</label>
                <input
                  id={fieldId('cardNumber')}
                  inputMode="numeric"
                  autoComplete="cc-number"
                  placeholder="4242 4242 4242 4242"
                  value={card.number}
                  onChange={(e) => {
                    setCard({ ...card, number: formatCardNumber(e.target.value) });
                    clearFieldError('cardNumber');
                  }}
                  {...errorProps('cardNumber')}
                />
                <FieldError id={fieldId('cardNumber')} message={fieldErrors.cardNumber} />
              </div>
              <div className="field-row">
                <div className="field">
                  <label htmlFor={fieldId('expiry')}>{s.expiry}</label>
                  {/* "1230" typed reads 12/30, the slash put in as they type. */}
                  <input
                    id={fieldId('expiry')}
                    inputMode="numeric"
                    autoComplete="cc-exp"
                    placeholder="12/30"
                    value={card.expiry}
                    onChange={(e) => {
                      setCard({ ...card, expiry: formatExpiry(e.target.value, card.expiry) });
                      clearFieldError('expiry');
                    }}
                    {...errorProps('expiry')}
                  />
                  <FieldError id={fieldId('expiry')} message={fieldErrors.expiry} />
                </div>
                <div className="field">
                  <label htmlFor={fieldId('cvc')}>{s.cvc}</label>
                  <input
                    id={fieldId('cvc')}
                    inputMode="numeric"
                    autoComplete="cc-csc"
                    placeholder="123"
                    maxLength={4}
                    value={card.cvc}
                    onChange={(e) => {
                      setCard({ ...card, cvc: e.target.value.replace(/\D/g, '') });
                      clearFieldError('cvc');
                    }}
                    {...errorProps('cvc')}
                  />
                  <FieldError id={fieldId('cvc')} message={fieldErrors.cvc} />
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
            // The same words whatever the address (an account here, elsewhere or none: the server answers all
            // alike): the mail says how to start, so reading it leads; signing in is for those with a password.
            <div className="result result--ok" role="status">
              <h3 className="result__lead">{s.checkEmail}</h3>
              <p>{t(s, 'enrolledText', { course: course.courseName, email: who.email.trim() })}</p>
              <div className="result__actions">
                <a className="button button--secondary" href={learnerSignInPath(who.email.trim(), lang)}>
                  {s.signIn}
                </a>
              </div>
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
