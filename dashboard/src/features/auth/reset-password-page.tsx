import { adminAuth, enterpriseAuth } from '@coach/shared/contract/auth';
import { ERROR_CODES } from '@coach/shared/contract/envelope';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { audienceConfig } from '../../config/audience.ts';
import { safeRedirect } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { apiErrorCode, apiErrorText } from '../../lib/api-error-text.ts';
import type { Audience } from '../../lib/session.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { Button } from '../../ui/button.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { PasswordField } from '../../ui/text-field.tsx';
import { type AuthBrand, AuthCard, FormAlert } from './auth-card.tsx';

const FIELDS = ['password', 'confirm'] as const;
/** The reset call with its schema (the light one the sign-in screens use has none). */
const RESET = { enterprise: enterpriseAuth.resetPassword, admin: adminAuth.resetPassword };

type TokenState =
  | { status: 'checking' }
  /** `invitation`: the server says the link was an invitation (used, replaced or expired), not a reset link. */
  | { status: 'invalid'; message: string; invitation: boolean }
  | { status: 'valid'; email: string; purpose: 'reset' | 'invite'; company: AuthBrand | undefined };

/** A sign-in address with the invitee's email to fill in (login-page reads `?email=`; an address is no secret). */
const withEmail = (signIn: string, email: string) =>
  `${signIn}${signIn.includes('?') ? '&' : '?'}${new URLSearchParams({ email })}`;

export const ResetPasswordPage = ({ audience }: { audience: Audience }) => {
  const { t } = useTranslation('common');
  const { calls, paths } = audienceConfig[audience];
  const { token = '' } = useParams();
  const navigate = useNavigate();
  // Where the mail's link says to go after signing in (the enrolment mail's: My courses), kept for the sign-in,
  // which then greets a learner. Only a path of ours, as after any sign-in.
  const [searchParams] = useSearchParams();
  const redirect = safeRedirect(searchParams.get('redirect'), '') || null;
  const signIn = paths.login.build(redirect);
  const [tokenState, setTokenState] = useState<TokenState>({ status: 'checking' });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { errors, saving: submitting, send } = useContractForm(FIELDS, RESET[audience]);

  useEffect(() => {
    let active = true;
    api
      .call(calls.checkResetToken, { token })
      .then(
        ({ email, purpose, company }) =>
          active && setTokenState({ status: 'valid', email, purpose, company }),
      )
      .catch(
        (error: unknown) =>
          active &&
          setTokenState({
            status: 'invalid',
            message: apiErrorText(error),
            invitation: apiErrorCode(error) === ERROR_CODES.invitationEnded,
          }),
      );
    return () => {
      active = false;
    };
  }, [calls, token]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const done = await send(
      RESET[audience],
      { token, password },
      {
        errors: confirm === password ? {} : { confirm: t('auth.reset.mismatch') },
        toast:
          tokenState.status === 'valid' && tokenState.purpose === 'invite'
            ? t('auth.reset.setDone')
            : t('auth.reset.resetDone'),
        errorText: apiErrorText,
      },
    );
    if (!done) return;
    // The link's holder has just chosen the password for this address (an invitee's first, or a new one after a
    // reset): the sign-in has it filled in.
    navigate(tokenState.status === 'valid' ? withEmail(signIn, tokenState.email) : signIn, { replace: true });
  };

  const back = (
    <Link className="auth__link back-arrow" to={signIn}>
      {t('auth.forgot.back')}
    </Link>
  );

  if (tokenState.status === 'checking') {
    return (
      <AuthCard audience={audience} title={t('auth.reset.title')}>
        <LoadingBlock label={t('auth.reset.checking')} />
      </AuthCard>
    );
  }
  if (tokenState.status === 'invalid' && tokenState.invitation) {
    // Used (often: the password is already set), replaced by a newer invitation, or expired: sign in, or ask the
    // organisation for a new one; a reset link is no answer to an invitation that ran out.
    return (
      <AuthCard
        audience={audience}
        title={t('auth.reset.inviteEndedTitle')}
        footer={
          <Link className="auth__link" to={paths.forgotPassword}>
            {t('auth.login.forgot')}
          </Link>
        }
      >
        <FormAlert message={tokenState.message} />
        <p className="auth__muted">{t('auth.reset.inviteEnded')}</p>
        <Link className="btn btn--primary btn--lg btn--block" to={signIn}>
          {t('auth.login.submit')}
        </Link>
      </AuthCard>
    );
  }
  if (tokenState.status === 'invalid') {
    return (
      <AuthCard audience={audience} title={t('auth.reset.invalidTitle')} footer={back}>
        <FormAlert message={tokenState.message} />
        <p className="auth__muted">{t('auth.reset.expired')}</p>
        <Link className="btn btn--primary btn--lg btn--block" to={paths.forgotPassword}>
          {t('auth.reset.requestNew')}
        </Link>
      </AuthCard>
    );
  }
  const invited = tokenState.purpose === 'invite';
  const company = invited ? tokenState.company : undefined;
  return (
    <AuthCard
      audience={audience}
      brand={company}
      title={invited ? t('auth.reset.welcome') : t('auth.reset.chooseNew')}
      description={t('auth.reset.forEmail', { email: tokenState.email })}
      footer={back}
    >
      {company ? <p className="auth__muted">{t('auth.reset.invitedBy', { company: company.name })}</p> : null}
      <form className="auth__form" onSubmit={submit} noValidate>
        <FormAlert message={errors.form ?? null} />
        <PasswordField
          label={invited ? t('auth.reset.password') : t('auth.reset.newPassword')}
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
          required
        />
        <PasswordField
          label={invited ? t('auth.reset.confirm') : t('auth.reset.confirmNew')}
          autoComplete="new-password"
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          error={errors.confirm}
          required
        />
        <Button type="submit" size="lg" block loading={submitting}>
          {invited ? t('auth.reset.set') : t('auth.reset.save')}
        </Button>
      </form>
    </AuthCard>
  );
};
