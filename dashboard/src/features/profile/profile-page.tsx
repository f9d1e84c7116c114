import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { adminGeneral } from '@coach/shared/contract/admin';
import { adminAuth, enterpriseAuth } from '@coach/shared/contract/auth';
import { enterpriseGeneral } from '@coach/shared/contract/general';
import { useAtom, useSetAtom } from 'jotai';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { apiFieldErrorText } from '../../lib/api-error-text.ts';
import { notify } from '../../lib/notify.ts';
import { type Audience, adminUserAtom, enterpriseUserAtom, sessionAtoms } from '../../lib/session.ts';
import { uploadFile } from '../../lib/upload.ts';
import { type FormErrors, useContractForm } from '../../lib/use-contract-form.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { ImageUpload } from '../../ui/image-upload.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { PasswordField, TextField } from '../../ui/text-field.tsx';
import { TimezoneCombobox } from '../../ui/timezone-combobox.tsx';
import { AuthenticatorCard } from './authenticator-card.tsx';
import { NoticesCard } from './notices-card.tsx';
import { PasskeysCard } from './passkeys-card.tsx';
import { SessionsCard } from './sessions-card.tsx';
import './profile.css';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);

type ProfileValues = {
  name: string;
  email: string;
  mobile: string | null;
  role: string;
  avatarUrl: string | null;
  /** Members only (spec §9): their own timezone, and the zone they fall back to without one. */
  timezone?: { own: string | null; fallback: string };
};

/** Reads and updates the signed-in user of either audience. */
const useProfile = (audience: Audience) => {
  const { t } = useTranslation('profile');
  const [enterpriseUser, setEnterpriseUser] = useAtom(enterpriseUserAtom);
  const [adminUser, setAdminUser] = useAtom(adminUserAtom);
  const values: ProfileValues | null =
    audience === 'enterprise'
      ? enterpriseUser && {
          name: enterpriseUser.name,
          email: enterpriseUser.email,
          mobile: enterpriseUser.mobile,
          role: enterpriseUser.roleId.name,
          avatarUrl: enterpriseUser.avatarUrl,
          timezone: { own: enterpriseUser.timezone, fallback: enterpriseUser.enterpriseId.timezone ?? 'UTC' },
        }
      : adminUser && {
          name: adminUser.name,
          email: adminUser.email,
          mobile: adminUser.mobile,
          role: adminUser.role,
          avatarUrl: adminUser.avatarUrl,
        };
  const save = async ({
    timezone,
    ...input
  }: {
    name: string;
    mobile: string | null;
    timezone?: string | null;
  }) => {
    if (audience === 'enterprise')
      setEnterpriseUser(await api.call(enterpriseAuth.updateProfile, { ...input, timezone }));
    else setAdminUser(await api.call(adminAuth.updateProfile, input));
  };
  const saveAvatar = async (avatarUrl: string | null) => {
    if (audience === 'enterprise')
      setEnterpriseUser(await api.call(enterpriseGeneral.updateProfileImage, { avatarUrl }));
    else setAdminUser(await api.call(adminGeneral.updateProfileImage, { avatarUrl }));
    notify.success(avatarUrl ? t('picture.updated') : t('picture.removed'));
  };
  return { values, save, saveAvatar };
};

const DetailsForm = ({
  values,
  save,
}: {
  values: ProfileValues;
  save: ReturnType<typeof useProfile>['save'];
}) => {
  const { t } = useTranslation('profile');
  const [name, setName] = useState(values.name);
  const [mobile, setMobile] = useState(values.mobile ?? '');
  const [timezone, setTimezone] = useState(values.timezone?.own ?? null);
  const [errors, setErrors] = useState<{ name?: string; mobile?: string }>({});
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!name.trim()) next.name = t('details.nameRequired');
    if (mobile.trim() && !/^\+?[0-9 ]{6,20}$/.test(mobile.trim())) next.mobile = t('details.mobileInvalid');
    setErrors(next);
    if (next.name || next.mobile) return;
    setSaving(true);
    try {
      await save({
        name: name.trim(),
        mobile: mobile.trim() || null,
        ...(values.timezone ? { timezone } : {}),
      });
      notify.success(t('details.updated'));
    } catch (error) {
      if (error instanceof ApiError && (error.field === 'name' || error.field === 'mobile'))
        setErrors({ [error.field]: apiFieldErrorText(error) });
      else notify.error(messageOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t('details.title')} aria-label={t('details.title')}>
      <form className="profile__form" onSubmit={submit} noValidate>
        <TextField
          label={t('details.name')}
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
        />
        <TextField
          label={t('details.email')}
          type="email"
          value={values.email}
          disabled
          hint={t('details.emailHint')}
        />
        <TextField
          label={t('details.mobile')}
          type="tel"
          autoComplete="tel"
          placeholder="+61 400 000 000"
          value={mobile}
          onChange={(e) => setMobile(e.target.value)}
          error={errors.mobile}
          hint={t('details.mobileHint')}
        />
        {values.timezone ? (
          <TimezoneCombobox
            label={t('details.timezone')}
            value={timezone}
            onChange={setTimezone}
            noneLabel={t('details.timezoneDefault', { zone: values.timezone.fallback })}
            hint={t('details.timezoneHint')}
          />
        ) : null}
        <div className="profile__actions">
          <Button type="submit" loading={saving}>
            {t('details.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
};

const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirm'] as const;

const PasswordForm = ({ audience }: { audience: Audience }) => {
  const { t } = useTranslation('profile');
  const call = audience === 'enterprise' ? enterpriseAuth.changePassword : adminAuth.changePassword;
  const setSession = useSetAtom(sessionAtoms[audience]);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const { errors, saving, send, limits } = useContractForm(PASSWORD_FIELDS, call);
  const min = limits.newPassword?.minLength ?? 0;
  const max = limits.newPassword?.maxLength ?? Number.POSITIVE_INFINITY;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FormErrors<(typeof PASSWORD_FIELDS)[number]> = {};
    if (!current) found.currentPassword = t('password.currentRequired');
    if (next.length < min) found.newPassword = t('password.tooShort', { min });
    else if (next.length > max) found.newPassword = t('password.tooLong', { max });
    if (confirm !== next) found.confirm = t('password.mismatch');
    const answer = await send(
      call,
      { currentPassword: current, newPassword: next },
      {
        errors: found,
        toast: t('password.changed'),
        // A failure that names neither password is a toast: this form has no place above its fields.
        onError: (error) => {
          const field = error instanceof ApiError ? error.field : undefined;
          if (field !== 'currentPassword' && field !== 'newPassword') notify.error(messageOf(error));
        },
      },
    );
    if (!answer) return;
    // Every session ended on the server, this one too: carry on with the fresh token it answered.
    setSession((session) => session && { ...session, token: answer.accesstoken });
    setCurrent('');
    setNext('');
    setConfirm('');
  };

  return (
    <Card title={t('password.title')} aria-label={t('password.title')}>
      <form className="profile__form" onSubmit={submit} noValidate>
        <PasswordField
          label={t('password.current')}
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          error={errors.currentPassword}
        />
        <PasswordField
          label={t('password.new')}
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          error={errors.newPassword}
          hint={t('password.hint', { min })}
        />
        <PasswordField
          label={t('password.confirm')}
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={errors.confirm}
        />
        <div className="profile__actions">
          <Button type="submit" loading={saving}>
            {t('password.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
};

export const ProfilePage = ({ audience }: { audience: Audience }) => {
  const { t } = useTranslation('profile');
  const { values, save, saveAvatar } = useProfile(audience);
  if (!values) return <LoadingBlock label={t('loading')} />;
  return (
    <div className="profile">
      <PageHeader title={t('title')} description={`${values.email} · ${values.role}`} />
      <Card title={t('picture.title')} aria-label={t('picture.title')} className="profile__picture">
        <ImageUpload
          label={t('picture.label')}
          purpose="avatar"
          shape="round"
          value={values.avatarUrl}
          placeholder={<Avatar name={values.name} url={null} size="lg" />}
          upload={(file) => uploadFile(audience, 'avatar', file)}
          onChange={saveAvatar}
        />
      </Card>
      <div className="profile__grid">
        <DetailsForm values={values} save={save} />
        <PasswordForm audience={audience} />
      </div>
      {audience === 'enterprise' ? <NoticesCard /> : null}
      <AuthenticatorCard audience={audience} />
      <PasskeysCard audience={audience} />
      <SessionsCard audience={audience} />
    </div>
  );
};
