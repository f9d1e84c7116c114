import { adminFactors, enterpriseFactors, RECOVERY_CODE_PATTERN } from '@coach/shared/contract/factors';
import { useAtom, useSetAtom } from 'jotai';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { audienceConfig } from '../../config/audience.ts';
import { safeRedirect } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { apiErrorText, apiFieldErrorText } from '../../lib/api-error-text.ts';
import { passkeyProblem, signWithPasskey } from '../../lib/passkey.ts';
import { type Audience, logoutAtom, sessionAtoms } from '../../lib/session.ts';
import { Button } from '../../ui/button.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { OneTimeCodeField, TextField } from '../../ui/text-field.tsx';
import { AuthCard, FormAlert } from './auth-card.tsx';
import { useSignInBrand } from './sign-in-brand.ts';

/** Seconds before a new code may be requested. */
const RESEND_AFTER_SECONDS = 30;
/** Contact methods of spec §9. */
const MOBILE = 1;
const EMAIL = 2;

type Details = {
  maskedEmail: string;
  maskedMobile: string | null;
  authenticatorApp: boolean;
  passkeys: boolean;
};
/** The authenticator app: its code is typed at once, nothing is sent. */
const APP = 'app';
/** A passkey: the browser asks for it, nothing is sent or typed. */
const PASSKEY = 'passkey';
type Method = typeof MOBILE | typeof EMAIL | typeof APP | typeof PASSKEY;

export const AuthCheckPage = ({ audience }: { audience: Audience }) => {
  const { t } = useTranslation('common');
  const { calls, passkeyCalls: passkeys, paths } = audienceConfig[audience];
  const factors = audience === 'enterprise' ? enterpriseFactors : adminFactors;
  const [session, setSession] = useAtom(sessionAtoms[audience]);
  const logout = useSetAtom(logoutAtom);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  // The sign-in's words carry on: a learner's stays a learner's second step.
  const { tagline } = useSignInBrand(audience, redirect);
  const [details, setDetails] = useState<Details | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [method, setMethod] = useState<Method>(EMAIL);
  /** Typing a code from the authenticator app, or one of its recovery codes (nothing was sent). */
  const [typing, setTyping] = useState<'app' | 'recovery' | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** The person closed the browser's passkey prompt: said calmly, not as an error. */
  const [calm, setCalm] = useState(false);
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
        setMethod(
          value.passkeys ? PASSKEY : value.authenticatorApp ? APP : value.maskedMobile ? MOBILE : EMAIL,
        );
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

  const finish = (accesstoken: string) => {
    setSession({ token: accesstoken, mfaDone: true, refreshDone: false });
    navigate(safeRedirect(redirect, paths.dashboard), { replace: true });
  };

  /** The passkey as the second step: the browser's prompt, then the server checks the answer. */
  const usePasskeyNow = async () => {
    setSending(true);
    try {
      const { options } = await api.call(passkeys.secondFactorOptions, {});
      const credential = await signWithPasskey(options);
      finish((await api.call(passkeys.verifySecondFactor, { credential })).accesstoken);
    } catch (failure) {
      const problem = passkeyProblem(failure);
      setError(problem ? t(problem) : apiErrorText(failure));
      setCalm(problem === 'passkey.cancelled');
      setSending(false);
    }
  };

  const sendCode = async () => {
    setError(null);
    setCalm(false);
    if (method === PASSKEY) {
      await usePasskeyNow();
      return;
    }
    if (method === APP) {
      setTyping('app');
      return;
    }
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
    const recovery = typing === 'recovery';
    const typed = recovery ? code.trim().toLowerCase() : code;
    if (recovery ? !RECOVERY_CODE_PATTERN.test(typed) : !/^\d{6}$/.test(typed)) {
      setError(t(recovery ? 'auth.check.enterRecovery' : 'auth.check.enterCode'));
      return;
    }
    setError(null);
    setVerifying(true);
    try {
      const { accesstoken } =
        typing === 'app'
          ? await api.call(factors.verifyTotp, { code: typed })
          : recovery
            ? await api.call(factors.verifyRecoveryCode, { code: typed })
            : await api.call(calls.verifyCode, { code: typed });
      finish(accesstoken);
    } catch (failure) {
      // Shown under the code field: the server's sentence without its field name ("code: …").
      setError(apiFieldErrorText(failure));
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
      <AuthCard audience={audience} tagline={tagline} title={t('auth.check.title')} footer={footer}>
        <FormAlert message={loadError} />
        <Button size="lg" block onClick={startOver}>
          {t('auth.check.backToSignIn')}
        </Button>
      </AuthCard>
    );
  }
  if (!details) {
    return (
      <AuthCard audience={audience} tagline={tagline} title={t('auth.check.title')}>
        <LoadingBlock label={t('auth.check.loading')} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      audience={audience}
      tagline={tagline}
      title={t('auth.check.title')}
      description={t('auth.check.description')}
      footer={footer}
    >
      {!sentTo && !typing ? (
        <div className="auth__form">
          <fieldset className="choice-group">
            {/* Nothing is sent for a passkey or an app: the choice is then how to verify, not where to send. */}
            <legend>
              {details.passkeys || details.authenticatorApp
                ? t('auth.check.verifyWith')
                : t('auth.check.sendTo')}
            </legend>
            {details.passkeys ? (
              <label className="choice">
                <input
                  type="radio"
                  name="contactMethod"
                  value={PASSKEY}
                  checked={method === PASSKEY}
                  onChange={() => setMethod(PASSKEY)}
                />
                <span className="choice__text">
                  <span className="choice__title">{t('auth.check.passkey')}</span>
                  <span className="choice__detail">{t('auth.check.passkeyDetail')}</span>
                </span>
              </label>
            ) : null}
            {details.authenticatorApp ? (
              <label className="choice">
                <input
                  type="radio"
                  name="contactMethod"
                  value={APP}
                  checked={method === APP}
                  onChange={() => setMethod(APP)}
                />
                <span className="choice__text">
                  <span className="choice__title">{t('auth.check.app')}</span>
                  <span className="choice__detail">{t('auth.check.appDetail')}</span>
                </span>
              </label>
            ) : null}
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
          <FormAlert message={error} tone={calm ? 'info' : 'error'} />
          <Button size="lg" block loading={sending} onClick={sendCode}>
            {method === PASSKEY
              ? t('auth.check.usePasskey')
              : method === APP
                ? t('auth.check.continue')
                : t('auth.check.send')}
          </Button>
        </div>
      ) : (
        <form className="auth__form" onSubmit={verify} noValidate>
          {typing === 'recovery' ? (
            <TextField
              key="recovery"
              className="code-input"
              label={t('auth.check.recoveryCode')}
              hint={t('auth.check.recoveryHint')}
              name="recovery-code"
              autoComplete="off"
              spellCheck={false}
              maxLength={20}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={error}
              autoFocus
            />
          ) : (
            <>
              <FormAlert
                tone="info"
                message={typing === 'app' ? t('auth.check.appHint') : t('auth.check.sent', { to: sentTo })}
              />
              <OneTimeCodeField
                key="code"
                label={typing === 'app' ? t('auth.check.appCode') : t('auth.check.code')}
                value={code}
                onValue={setCode}
                error={error}
                autoFocus
              />
            </>
          )}
          <Button type="submit" size="lg" block loading={verifying}>
            {t('auth.check.verify')}
          </Button>
          <div className="auth__row">
            <button
              type="button"
              className="auth__link link-button"
              onClick={() => {
                setSentTo(null);
                setTyping(null);
                setCode('');
                setError(null);
              }}
            >
              {t('auth.check.another')}
            </button>
            {typing === 'app' ? (
              <button
                type="button"
                className="auth__link link-button"
                onClick={() => {
                  setTyping('recovery');
                  setCode('');
                  setError(null);
                }}
              >
                {t('auth.check.useRecovery')}
              </button>
            ) : typing === 'recovery' ? null : secondsLeft > 0 ? (
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
