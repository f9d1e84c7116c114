import { ApiError } from '@coach/shared/client';
import type { LanguageCode } from '@coach/shared/constants/languages';
import type { EnrolmentStatus } from '@coach/shared/contract/marketplace';
import { useEffect, useState } from 'react';
import { localePath } from '../i18n/languages.ts';
import type { Messages } from '../i18n/messages.ts';
import { browserApi } from '../lib/api.ts';
import { marketplace } from '../lib/calls.ts';
import { coursePath, homePath } from '../lib/links.ts';

type State =
  | { kind: 'checking' }
  | { kind: 'error'; message: string }
  | { kind: 'done'; result: EnrolmentStatus };
const POLL_MS = 2000;
const MAX_POLLS = 15;

/** A sentence with {{slots}}: each slot's value in <strong> or plain, the words around it the language's. */
const Sentence = ({ template, values }: { template: string; values: Record<string, string> }) => {
  const parts = template.split(/(\{\{\w+\}\})/);
  return (
    <>
      {parts.map((part, index) => {
        const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
        if (!name) return part;
        return name === 'course' ? <strong key={index}>{values[name]}</strong> : (values[name] ?? part);
      })}
    </>
  );
};

/** /marketplace/paymentstatus: asks the server (which asks the provider) how the payment went. */
export const PaymentStatus = ({ lang, strings: s }: { lang: LanguageCode; strings: Messages['payment'] }) => {
  const [state, setState] = useState<State>({ kind: 'checking' });
  useEffect(() => {
    const paymentId =
      new URLSearchParams(window.location.search).get('paymentId') ??
      new URLSearchParams(window.location.search).get('payment_intent');
    if (!paymentId) {
      setState({ kind: 'error', message: s.noPayment });
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
            message: error instanceof ApiError ? error.message : s.genericError,
          }),
      );
    };
    check();
    return () => window.clearTimeout(timer);
  }, [s]);

  if (state.kind === 'checking')
    return (
      <div className="result" role="status">
        <h1>{s.checking}</h1>
      </div>
    );
  if (state.kind === 'error')
    return (
      <div className="result result--bad" role="alert">
        <h1>{s.notFound}</h1>
        <p>{state.message}</p>
        <a className="button button--primary" href={localePath(lang, homePath)}>
          {s.browse}
        </a>
      </div>
    );
  const { result } = state;
  if (result.status === 'paid')
    return (
      <div className="result result--ok" role="status">
        <h1>{s.paidTitle}</h1>
        <p>
          <Sentence
            template={s.paidText}
            values={{
              course: result.courseName,
              provider: result.courseProviderName,
              email: result.email,
            }}
          />
        </p>
        <a className="button button--primary" href={localePath(lang, coursePath(result.courseId))}>
          {s.back}
        </a>
      </div>
    );
  if (result.status === 'failed')
    return (
      <div className="result result--bad" role="alert">
        <h1>{s.declinedTitle}</h1>
        <p>
          <Sentence template={s.declinedText} values={{ course: result.courseName }} />
        </p>
        <a className="button button--primary" href={localePath(lang, coursePath(result.courseId))}>
          {s.tryAgain}
        </a>
      </div>
    );
  return (
    <div className="result" role="status">
      <h1>{s.processingTitle}</h1>
      <p>{s.processingText}</p>
    </div>
  );
};
