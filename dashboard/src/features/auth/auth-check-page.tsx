import { useAtom, useSetAtom } from 'jotai';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('common');
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
      setError(t('auth.check.enterCode'));
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
    <button type="button" className="auth__link link-button back-arrow" onClick={startOver}>
      {t('auth.check.otherAccount')}
    </button>
  );

  if (loadError) {
    return (
      <AuthCard audience={audience} title={t('auth.check.title')} footer={footer}>
        <FormAlert message={loadError} />
        <Button size="lg" block onClick={startOver}>
          {t('auth.check.backToSignIn')}
        </Button>
      </AuthCard>
    );
  }
  if (!details) {
    return (
      <AuthCard audience={audience} title={t('auth.check.title')}>
        <LoadingBlock label={t('auth.check.loading')} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      audience={audience}
      title={t('auth.check.title')}
      description={t('auth.check.description')}
      footer={footer}
    >
      {!sentTo ? (
        <div className="auth__form">
          <fieldset className="choice-group">
            <legend>{t('auth.check.sendTo')}</legend>
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
                <span className="choice__title">{t('auth.check.mobile')}</span>
                <span className="choice__detail">{details.maskedMobile ?? t('auth.check.noMobile')}</span>
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
                <span className="choice__title">{t('auth.check.email')}</span>
                <span className="choice__detail">{details.maskedEmail}</span>
              </span>
            </label>
          </fieldset>
          <FormAlert message={error} />
          <Button size="lg" block loading={sending} onClick={sendCode}>
            {t('auth.check.send')}
          </Button>
        </div>
      ) : (
        <form className="auth__form" onSubmit={verify} noValidate>
          <FormAlert tone="info" message={t('auth.check.sent', { to: sentTo })} />
          <TextField
            className="code-input"
            label={t('auth.check.code')}
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
            {t('auth.check.verify')}
          </Button>
          <div className="auth__row">
            <button type="button" className="auth__link link-button" onClick={() => setSentTo(null)}>
              {t('auth.check.another')}
            </button>
            {secondsLeft > 0 ? (
              <span className="auth__muted" aria-live="polite">
                {t('auth.check.resendIn', { seconds: secondsLeft })}
              </span>
            ) : (
              <Button variant="ghost" size="sm" loading={sending} onClick={sendCode}>
                {t('auth.check.resend')}
              </Button>
            )}
          </div>
        </form>
      )}
    </AuthCard>
  );
};
