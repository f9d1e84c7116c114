import { useAtom, useSetAtom } from 'jotai';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { audienceConfig } from '../../config/audience.ts';
import { paths as appPaths, safeRedirect } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { apiErrorCode, apiErrorField, apiErrorText } from '../../lib/api-error-text.ts';
import { passkeyProblem, signWithPasskey } from '../../lib/passkey.ts';
import { type Audience, loggedOutOnPurposeAtom, sessionAtoms } from '../../lib/session.ts';
import { Button } from '../../ui/button.tsx';
import { PasswordField, TextField } from '../../ui/text-field.tsx';
import { AuthCard, FormAlert } from './auth-card.tsx';
import { useSignInBrand } from './sign-in-brand.ts';
import { startSingleSignOn, useSsoDiscovery } from './single-sign-on.ts';

/** An address passed in the link (`?email=`), kept only when it looks like one: it only fills the field. */
const emailFromLink = (value: string | null) =>
  value && value.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(value) ? value : '';

export const LoginPage = ({ audience }: { audience: Audience }) => {
  const { t } = useTranslation('common');
  const { calls, passkeyCalls, paths } = audienceConfig[audience];
  const [session, setSession] = useAtom(sessionAtoms[audience]);
  const setLoggedOutOnPurpose = useSetAtom(loggedOutOnPurposeAtom);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  // A learner bound for their courses is greeted as one; the rest read words for all who sign in here.
  const { learner, tagline } = useSignInBrand(audience, redirect);
  const linkEmail = emailFromLink(searchParams.get('email'));
  const [email, setEmail] = useState(linkEmail);
  // The page may be open already when a link's address arrives (sent on to /login?email=… while /login shows): the
  // field takes it then too.
  useEffect(() => {
    if (linkEmail) setEmail(linkEmail);
  }, [linkEmail]);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string; form?: string }>({});
  const [submitting, setSubmitting] = useState(false);
  // Single sign-on: an address of an organisation with it goes to its identity provider instead.
  const [passwordChosen, setPasswordChosen] = useState(false);
  const discovery = useSsoDiscovery(email, audience === 'enterprise');
  const viaSso = Boolean(discovery?.singleSignOn) && !passwordChosen;
  /** The passkey sign-in: under way, and its outcome when it did not sign in. */
  const [withPasskey, setWithPasskey] = useState(false);
  const [passkeyNote, setPasskeyNote] = useState<{ message: string; calm: boolean } | null>(null);

  if (session?.mfaDone) return <Navigate to={safeRedirect(redirect, paths.dashboard)} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!email.trim()) next.email = t('auth.login.emailRequired');
    if (!password && !viaSso) next.password = t('auth.login.passwordRequired');
    setErrors(next);
    if (next.email || next.password) return;
    setSubmitting(true);
    try {
      if (viaSso) return await startSingleSignOn(email, redirect);
      const { accesstoken } = await api.call(calls.login, { email, password });
      setLoggedOutOnPurpose(false);
      setSession({ token: accesstoken, mfaDone: false, refreshDone: false });
      navigate(paths.authCheck.build(redirect), { replace: true });
    } catch (error) {
      if (apiErrorCode(error) === 'SSO_REQUIRED') setPasswordChosen(false);
      const field = apiErrorField(error);
      const message = apiErrorText(error);
      setErrors(field === 'email' || field === 'password' ? { [field]: message } : { form: message });
      setSubmitting(false);
    }
  };

  /** The whole sign-in with a passkey: no password, no second step (the passkey verified its owner). */
  const signInWithPasskey = async () => {
    setErrors({});
    setPasskeyNote(null);
    setWithPasskey(true);
    try {
      const { flowId, options } = await api.call(passkeyCalls.loginOptions, {});
      const credential = await signWithPasskey(options);
      const { accesstoken } = await api.call(passkeyCalls.loginVerify, { flowId, credential });
      setLoggedOutOnPurpose(false);
      setSession({ token: accesstoken, mfaDone: true, refreshDone: false });
      navigate(safeRedirect(redirect, paths.dashboard), { replace: true });
    } catch (failure) {
      const problem = passkeyProblem(failure);
      setPasskeyNote({
        message: problem ? t(problem) : apiErrorText(failure),
        calm: problem === 'passkey.cancelled',
      });
      setWithPasskey(false);
    }
  };

  return (
    <AuthCard
      audience={audience}
      title={t('auth.login.title')}
      description={t(learner ? 'auth.subtitle.learner' : `auth.subtitle.${audience}`)}
      tagline={tagline}
    >
      <form className="auth__form" onSubmit={submit} noValidate>
        <FormAlert message={errors.form ?? null} />
        <TextField
          label={t('auth.login.email')}
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
          required
        />
        {viaSso ? (
          <p className="auth__notice" role="status">
            {discovery?.required ? t('auth.sso.requiredNotice') : t('auth.sso.notice')}
          </p>
        ) : (
          <>
            <PasswordField
              label={t('auth.login.password')}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={errors.password}
              required
            />
            <div className="auth__row">
              <Link className="auth__link" to={paths.forgotPassword}>
                {t('auth.login.forgot')}
              </Link>
            </div>
          </>
        )}
        <Button type="submit" size="lg" block loading={submitting} disabled={withPasskey}>
          {viaSso ? t('auth.sso.continue') : t('auth.login.submit')}
        </Button>
        {discovery?.singleSignOn ? (
          <button
            type="button"
            className="auth__link auth__link--button auth__switch"
            onClick={() => setPasswordChosen(!passwordChosen)}
          >
            {passwordChosen
              ? t('auth.sso.useSso')
              : discovery.required
                ? t('auth.sso.defaultAdminPassword')
                : t('auth.sso.usePassword')}
          </button>
        ) : null}
      </form>
      <div className="auth__or" aria-hidden="true">
        <span>{t('auth.login.or')}</span>
      </div>
      <div className="auth__form">
        <FormAlert message={passkeyNote?.message ?? null} tone={passkeyNote?.calm ? 'info' : 'error'} />
        <Button
          variant="secondary"
          size="lg"
          block
          loading={withPasskey}
          disabled={submitting}
          onClick={() => void signInWithPasskey()}
        >
          {t('auth.login.passkey')}
        </Button>
      </div>
      {audience === 'enterprise' && !learner ? (
        <p className="auth__muted auth__signup">
          {t('auth.login.forYourOrganisation')}{' '}
          <Link className="auth__link" to={appPaths.register}>
            {t('auth.login.createAccount')}
          </Link>
        </p>
      ) : null}
    </AuthCard>
  );
};
