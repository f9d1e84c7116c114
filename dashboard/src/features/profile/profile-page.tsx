import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { adminGeneral } from '@coach/shared/contract/admin';
import { adminAuth, enterpriseAuth, newPasswordField } from '@coach/shared/contract/auth';
import { enterpriseGeneral } from '@coach/shared/contract/general';
import { useAtom, useSetAtom } from 'jotai';
import { type FormEvent, useState } from 'react';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { type Audience, adminUserAtom, enterpriseUserAtom, sessionAtoms } from '../../lib/session.ts';
import { uploadFile } from '../../lib/upload.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { ImageUpload } from '../../ui/image-upload.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { PasswordField, TextField } from '../../ui/text-field.tsx';
import { SessionsCard } from './sessions-card.tsx';
import './profile.css';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);

type ProfileValues = {
  name: string;
  email: string;
  mobile: string | null;
  role: string;
  avatarUrl: string | null;
};

/** Reads and updates the signed-in user of either audience. */
const useProfile = (audience: Audience) => {
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
        }
      : adminUser && {
          name: adminUser.name,
          email: adminUser.email,
          mobile: adminUser.mobile,
          role: adminUser.role,
          avatarUrl: adminUser.avatarUrl,
        };
  const save = async (input: { name: string; mobile: string | null }) => {
    if (audience === 'enterprise') setEnterpriseUser(await api.call(enterpriseAuth.updateProfile, input));
    else setAdminUser(await api.call(adminAuth.updateProfile, input));
  };
  const saveAvatar = async (avatarUrl: string | null) => {
    if (audience === 'enterprise')
      setEnterpriseUser(await api.call(enterpriseGeneral.updateProfileImage, { avatarUrl }));
    else setAdminUser(await api.call(adminGeneral.updateProfileImage, { avatarUrl }));
    notify.success(avatarUrl ? 'Profile picture updated' : 'Profile picture removed');
  };
  const setSession = useSetAtom(sessionAtoms[audience]);
  /** Every session ended on the server, this one too: carry on with the fresh token it answered. */
  const changePassword = async (input: { currentPassword: string; newPassword: string }) => {
    const { accesstoken } = await api.call(
      audience === 'enterprise' ? enterpriseAuth.changePassword : adminAuth.changePassword,
      input,
    );
    setSession((session) => session && { ...session, token: accesstoken });
  };
  return { values, save, saveAvatar, changePassword };
};

const DetailsForm = ({
  values,
  save,
}: {
  values: ProfileValues;
  save: ReturnType<typeof useProfile>['save'];
}) => {
  const [name, setName] = useState(values.name);
  const [mobile, setMobile] = useState(values.mobile ?? '');
  const [errors, setErrors] = useState<{ name?: string; mobile?: string }>({});
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!name.trim()) next.name = 'Please enter your name';
    if (mobile.trim() && !/^\+?[0-9 ]{6,20}$/.test(mobile.trim())) next.mobile = 'Invalid Mobile Number';
    setErrors(next);
    if (next.name || next.mobile) return;
    setSaving(true);
    try {
      await save({ name: name.trim(), mobile: mobile.trim() || null });
      notify.success('Profile updated');
    } catch (error) {
      if (error instanceof ApiError && (error.field === 'name' || error.field === 'mobile'))
        setErrors({ [error.field]: error.message });
      else notify.error(messageOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title="Personal details" aria-label="Personal details">
      <form className="profile__form" onSubmit={submit} noValidate>
        <TextField
          label="Name"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
        />
        <TextField
          label="Email"
          type="email"
          value={values.email}
          disabled
          hint="Contact support to change your email."
        />
        <TextField
          label="Mobile number"
          type="tel"
          autoComplete="tel"
          placeholder="+61 400 000 000"
          value={mobile}
          onChange={(e) => setMobile(e.target.value)}
          error={errors.mobile}
          hint="Used to send your sign-in codes by SMS."
        />
        <div className="profile__actions">
          <Button type="submit" loading={saving}>
            Save changes
          </Button>
        </div>
      </form>
    </Card>
  );
};

const PasswordForm = ({
  changePassword,
}: {
  changePassword: ReturnType<typeof useProfile>['changePassword'];
}) => {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ current?: string; next?: string; confirm?: string }>({});
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!current) found.current = 'Please enter your current password';
    const parsed = newPasswordField.safeParse(next);
    if (!parsed.success) found.next = parsed.error.issues[0]?.message ?? 'Please choose a longer password';
    if (confirm !== next) found.confirm = 'Passwords do not match';
    setErrors(found);
    if (found.current || found.next || found.confirm) return;
    setSaving(true);
    try {
      await changePassword({ currentPassword: current, newPassword: next });
      notify.success('Password changed. Your other sessions have been signed out.');
      setCurrent('');
      setNext('');
      setConfirm('');
    } catch (error) {
      if (error instanceof ApiError && error.field === 'currentPassword')
        setErrors({ current: error.message });
      else if (error instanceof ApiError && error.field === 'newPassword') setErrors({ next: error.message });
      else notify.error(messageOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title="Change password" aria-label="Change password">
      <form className="profile__form" onSubmit={submit} noValidate>
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          error={errors.current}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          error={errors.next}
          hint="At least 10 characters."
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={errors.confirm}
        />
        <div className="profile__actions">
          <Button type="submit" loading={saving}>
            Change password
          </Button>
        </div>
      </form>
    </Card>
  );
};

export const ProfilePage = ({ audience }: { audience: Audience }) => {
  const { values, save, saveAvatar, changePassword } = useProfile(audience);
  if (!values) return <LoadingBlock label="Loading your profile" />;
  return (
    <div className="profile">
      <PageHeader title="My profile" description={`${values.email} · ${values.role}`} />
      <Card title="Profile picture" aria-label="Profile picture" className="profile__picture">
        <ImageUpload
          label="Picture"
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
        <PasswordForm changePassword={changePassword} />
      </div>
      <SessionsCard audience={audience} />
    </div>
  );
};
