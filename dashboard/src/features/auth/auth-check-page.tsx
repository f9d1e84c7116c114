import { useAtom, useSetAtom } from 'jotai';
import { type FormEvent, useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { audienceConfig } from '../../config/audience.ts';
import { safeRedirect } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { type Audience, logoutAtom, sessionAtoms } from '../../lib/session.ts';
import { Button } from '../../ui/button.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { apiErrorText } from './api-error-text.ts';
import { AuthCard, FormAlert } from './auth-card.tsx';

/** Seconds before a new code may be requested. */
const RESEND_AFTER_SECONDS = 30;
/** Contact methods of spec §9. */
const MOBILE = 1;
const EMAIL = 2;

type Details = { maskedEmail: string; maskedMobile: string | null };

export const AuthCheckPage = ({ audience }: { audience: Audience }) => {
  const { calls, paths } = audienceConfig[audience];
  const [session, setSession] = useAtom(sessionAtoms[audience]);
  const logout = useSetAtom(logoutAtom);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  const [details, setDetails] = useState<Details | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [method, setMethod] = useState<1 | 2>(EMAIL);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const token = session?.token;
  const mfaDone = session?.mfaDone ?? false;

  useEffect(() => {
    if (!token || mfaDone) return;
    let active = true;
    api
      .call(calls.mfaDetails, {})
      .then((value) => {
        if (!active) return;
        setDetails(value);
        setMethod(value.maskedMobile ? MOBILE : EMAIL);
      })
      .catch((failure: unknown) => active && setLoadError(apiErrorText(failure)));
    return () => {
      active = false;
    };
  }, [calls, token, mfaDone]);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = window.setTimeout(() => setSecondsLeft((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [secondsLeft]);

  if (!session) return <Navigate to={paths.login.build(redirect)} replace />;
  if (session.mfaDone) return <Navigate to={safeRedirect(redirect, paths.dashboard)} replace />;

  const startOver = () => {
    logout(audience);
    navigate(paths.login.build(redirect), { replace: true });
  };

  const sendCode = async () => {
    setError(null);
    setSending(true);
    try {
      const result = await api.call(calls.sendCode, { contactMethod: method });
      setSentTo(result.sentTo);
      setSecondsLeft(RESEND_AFTER_SECONDS);
    } catch (failure) {
      setError(apiErrorText(failure));
    } finally {
      setSending(false);
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError('Enter the 6-digit code');
      return;
    }
    setError(null);
    setVerifying(true);
    try {
      const { accesstoken } = await api.call(calls.verifyCode, { code });
      setSession({ token: accesstoken, mfaDone: true, refreshDone: false });
      navigate(safeRedirect(redirect, paths.dashboard), { replace: true });
    } catch (failure) {
      setError(apiErrorText(failure));
      setVerifying(false);
    }
  };

  const footer = (
    <button type="button" className="auth__link link-button" onClick={startOver}>
      ← Sign in with a different account
    </button>
  );

  if (loadError) {
    return (
      <AuthCard audience={audience} title="Verify it's you" footer={footer}>
        <FormAlert message={loadError} />
        <Button size="lg" block onClick={startOver}>
          Back to sign in
        </Button>
      </AuthCard>
    );
  }
  if (!details) {
    return (
      <AuthCard audience={audience} title="Verify it's you">
        <LoadingBlock label="Loading your verification options" />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      audience={audience}
      title="Verify it's you"
      description="For your security we send a one-time code before you continue."
      footer={footer}
    >
      {!sentTo ? (
        <div className="auth__form">
          <fieldset className="choice-group">
            <legend>Send the code to</legend>
            <label className="choice">
              <input
                type="radio"
                name="contactMethod"
                value={MOBILE}
                checked={method === MOBILE}
                disabled={!details.maskedMobile}
                onChange={() => setMethod(MOBILE)}
              />
              <span className="choice__text">
                <span className="choice__title">Mobile Number</span>
                <span className="choice__detail">{details.maskedMobile ?? 'No mobile number on file'}</span>
              </span>
            </label>
            <label className="choice">
              <input
                type="radio"
                name="contactMethod"
                value={EMAIL}
                checked={method === EMAIL}
                onChange={() => setMethod(EMAIL)}
              />
              <span className="choice__text">
                <span className="choice__title">Email</span>
                <span className="choice__detail">{details.maskedEmail}</span>
              </span>
            </label>
          </fieldset>
          <FormAlert message={error} />
          <Button size="lg" block loading={sending} onClick={sendCode}>
            Send code
          </Button>
        </div>
      ) : (
        <form className="auth__form" onSubmit={verify} noValidate>
          <FormAlert tone="info" message={`We sent a 6-digit code to ${sentTo}.`} />
          <TextField
            className="code-input"
            label="Verification code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
            error={error}
            autoFocus
          />
          <Button type="submit" size="lg" block loading={verifying}>
            Verify
          </Button>
          <div className="auth__row">
            <button type="button" className="auth__link link-button" onClick={() => setSentTo(null)}>
              Use another method
            </button>
            {secondsLeft > 0 ? (
              <span className="auth__muted" aria-live="polite">
                Resend code in {secondsLeft} s
              </span>
            ) : (
              <Button variant="ghost" size="sm" loading={sending} onClick={sendCode}>
                Resend code
              </Button>
            )}
          </div>
        </form>
      )}
    </AuthCard>
  );
};
