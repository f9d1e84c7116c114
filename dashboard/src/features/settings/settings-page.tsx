import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import type { ThemeSettings } from '@coach/shared/contract/auth';
import { enterpriseGeneral } from '@coach/shared/contract/general';
import { isAdminRoleName } from '@coach/shared/permissions';
import { useAtom } from 'jotai';
import { type FormEvent, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { enterpriseUserAtom } from '../../lib/session.ts';
import { uploadFile } from '../../lib/upload.ts';
import { Button } from '../../ui/button.tsx';
import { ImageUpload } from '../../ui/image-upload.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { FormAlert } from '../../ui/states.tsx';
import { StorageUsageCard } from './storage-usage.tsx';
import './settings.css';

const COLOURS: { key: keyof ThemeSettings; label: string; hint: string }[] = [
  { key: 'buttonBackColor', label: 'Button background', hint: 'Primary buttons and highlights' },
  { key: 'buttonColor', label: 'Button text', hint: 'Text on primary buttons' },
  {
    key: 'buttonBackHoverColor',
    label: 'Button background on hover',
    hint: 'When the pointer is over a button',
  },
  { key: 'buttonHoverColor', label: 'Button text on hover', hint: 'Text while hovered' },
  { key: 'navBackgroundColor', label: 'Menu background', hint: 'The left menu' },
  { key: 'navFontColor', label: 'Menu text', hint: 'Menu links and icons' },
];
const HEX = /^#[0-9a-fA-F]{6}$/;

const ColourField = ({
  label,
  hint,
  value,
  onChange,
}: {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
}) => {
  const valid = HEX.test(value);
  const id = `colour-${label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <div className="colour-field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className={`colour-field__control ${valid ? '' : 'field__control--invalid'}`}>
        <input
          type="color"
          aria-label={`${label} picker`}
          value={valid ? value : '#000000'}
          onChange={(event) => onChange(event.target.value.toUpperCase())}
        />
        <input
          id={id}
          className="field__input"
          value={value}
          maxLength={7}
          spellCheck={false}
          aria-invalid={valid ? undefined : true}
          onChange={(event) => onChange(event.target.value.trim())}
        />
      </div>
      <p className={valid ? 'field__hint' : 'field__error'}>{valid ? hint : 'Use a colour like #1A2B3C'}</p>
    </div>
  );
};

/**
 * /enterprise/settings (role named admin): the six theme colours of spec §3 with a live preview, the logo, and
 * the organisation's storage against its quota (issue 15).
 */
export const SettingsPage = () => {
  const [user, setUser] = useAtom(enterpriseUserAtom);
  const [draft, setDraft] = useState<ThemeSettings | null>(user?.enterpriseId.themeSettings ?? null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!user) return <LoadingBlock label="Loading settings" />;
  if (!user.isDefaultAdmin && !isAdminRoleName(user.roleId.name))
    return <Navigate to={paths.enterprise.unauthorized} replace />;
  const theme = draft ?? user.enterpriseId.themeSettings;
  const allValid = Object.values(theme).every((value) => HEX.test(value));
  const changed = JSON.stringify(theme) !== JSON.stringify(user.enterpriseId.themeSettings);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!allValid) return;
    setSaving(true);
    setError(null);
    try {
      const updated = await api.call(enterpriseGeneral.updateThemeSettings, { themeSettings: theme });
      setUser(updated);
      setDraft(updated.enterpriseId.themeSettings);
      notify.success('Theme settings updated successfully');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="settings">
      <PageHeader
        title="Settings"
        description="Your organisation's colours, used by the menu and buttons for everyone."
      />
      <form className="settings__layout" onSubmit={save} noValidate>
        <Card title="Theme colours">
          <FormAlert message={error} />
          <div className="settings__colours">
            {COLOURS.map(({ key, label, hint }) => (
              <ColourField
                key={key}
                label={label}
                hint={hint}
                value={theme[key]}
                onChange={(value) => setDraft({ ...theme, [key]: value })}
              />
            ))}
          </div>
          <div className="settings__actions">
            <Button
              variant="secondary"
              disabled={!changed || saving}
              onClick={() => setDraft(user.enterpriseId.themeSettings)}
            >
              Reset
            </Button>
            <Button type="submit" loading={saving} disabled={!changed || !allValid}>
              Save colours
            </Button>
          </div>
        </Card>
        <Card title="Preview" aria-label="Preview">
          <div className="preview" aria-hidden="true">
            <div
              className="preview__menu"
              style={{ background: theme.navBackgroundColor, color: theme.navFontColor }}
            >
              <span className="preview__item preview__item--on">Dashboard</span>
              <span className="preview__item">Members</span>
              <span className="preview__item">Groups</span>
            </div>
            <div className="preview__body">
              <span
                className="preview__button"
                style={{ background: theme.buttonBackColor, color: theme.buttonColor }}
              >
                Button
              </span>
              <span
                className="preview__button"
                style={{ background: theme.buttonBackHoverColor, color: theme.buttonHoverColor }}
              >
                Hovered
              </span>
            </div>
          </div>
        </Card>
      </form>
      <Card title="Logo" aria-label="Logo" className="settings__logo">
        <ImageUpload
          label="Logo"
          purpose="logo"
          value={user.enterpriseId.enterprise_logo}
          placeholder={<span className="settings__logo-none">No logo</span>}
          upload={(file) => uploadFile('enterprise', 'logo', file)}
          onChange={async (url) => {
            const updated = await api.call(enterpriseGeneral.updateThemeSettings, {
              themeSettings: user.enterpriseId.themeSettings,
              enterprise_logo: url,
            });
            setUser(updated);
            notify.success(url ? 'Logo updated' : 'Logo removed');
          }}
        />
        <p className="settings__logo-note">Shown in the top bar for everyone in your organisation.</p>
      </Card>
      <StorageUsageCard />
    </div>
  );
};
