import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { type EnrolmentStatus, marketplace } from '@coach/shared/contract/marketplace';
import { useEffect, useState } from 'react';
import { browserApi } from '../lib/api.ts';
import { coursePath, homePath } from '../lib/links.ts';

type State =
  | { kind: 'checking' }
  | { kind: 'error'; message: string }
  | { kind: 'done'; result: EnrolmentStatus };
const POLL_MS = 2000;
const MAX_POLLS = 15;

/** /marketplace/paymentstatus: asks the server (which asks the provider) how the payment went. */
export const PaymentStatus = () => {
  const [state, setState] = useState<State>({ kind: 'checking' });
  useEffect(() => {
    const paymentId =
      new URLSearchParams(window.location.search).get('paymentId') ??
      new URLSearchParams(window.location.search).get('payment_intent');
    if (!paymentId) {
      setState({ kind: 'error', message: 'This page needs a payment to show. Start from a course page.' });
      return;
    }
    let polls = 0;
    let timer = 0;
    const check = () => {
      browserApi.call(marketplace.checkEnrollmentStatus, { paymentId }).then(
        (result) => {
          if (result.status === 'pending' && ++polls < MAX_POLLS) timer = window.setTimeout(check, POLL_MS);
          setState({ kind: 'done', result });
        },
        (error: unknown) =>
          setState({
            kind: 'error',
            message: error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE,
          }),
      );
    };
    check();
    return () => window.clearTimeout(timer);
  }, []);

  if (state.kind === 'checking')
    return (
      <div className="result" role="status">
        <h1>Checking your payment…</h1>
      </div>
    );
  if (state.kind === 'error')
    return (
      <div className="result result--bad" role="alert">
        <h1>We could not find this payment</h1>
        <p>{state.message}</p>
        <a className="button button--primary" href={homePath}>
          Browse courses
        </a>
      </div>
    );
  const { result } = state;
  if (result.status === 'paid')
    return (
      <div className="result result--ok" role="status">
        <h1>You are enrolled</h1>
        <p>
          Your payment for <strong>{result.courseName}</strong> by {result.courseProviderName} was received.
          We sent a confirmation to {result.email}.
        </p>
        <a className="button button--primary" href={coursePath(result.courseId)}>
          Back to the course
        </a>
      </div>
    );
  if (result.status === 'failed')
    return (
      <div className="result result--bad" role="alert">
        <h1>Payment declined</h1>
        <p>
          Your payment for <strong>{result.courseName}</strong> did not go through, so no enrolment was
          created and nothing was charged. You can try again with another card.
        </p>
        <a className="button button--primary" href={coursePath(result.courseId)}>
          Try again
        </a>
      </div>
    );
  return (
    <div className="result" role="status">
      <h1>Your payment is being processed</h1>
      <p>
        This can take a moment. This page checks again by itself; you will also get an email once you are
        enrolled.
      </p>
    </div>
  );
};
