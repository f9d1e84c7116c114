import type { ThemeSettings } from '@coach/shared/contract/auth';
import { enterpriseGeneral } from '@coach/shared/contract/general';
import { lti } from '@coach/shared/contract/lti';
import { scimProvisioning } from '@coach/shared/contract/scim';
import { enterpriseSso } from '@coach/shared/contract/sso';
import { useAtom } from 'jotai';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { Can, useCan } from '../../lib/can.tsx';
import { notify } from '../../lib/notify.ts';
import { enterpriseUserAtom } from '../../lib/session.ts';
import { uploadFile } from '../../lib/upload.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { ImageUpload } from '../../ui/image-upload.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { FormAlert } from '../../ui/states.tsx';
import { CompanyNameCard } from './company-name-card.tsx';
import { LegalTextsCard } from './legal-texts-card.tsx';
import { LtiCard } from './lti-card.tsx';
import { ScimCard } from './scim-card.tsx';
import { SsoCard } from './sso-card.tsx';
import { StorageUsageCard } from './storage-usage.tsx';
import { lowContrastText, ThemeContrast, themeContrasts } from './theme-contrast.tsx';
import { TimezoneCard } from './timezone-card.tsx';
import './settings.css';

/** The six theme colours; each one's label and hint are settings.json's colours.<key>. */
const COLOURS: (keyof ThemeSettings)[] = [
  'buttonBackColor',
  'buttonColor',
  'buttonBackHoverColor',
  'buttonHoverColor',
  'navBackgroundColor',
  'navFontColor',
];
const HEX = /^#[0-9a-fA-F]{6}$/;
/** The contract's colours are `#RRGGBB` (a pattern, so its schema states no length bound). */
const HEX_LENGTH = '#RRGGBB'.length;

const ColourField = ({
  id,
  label,
  hint,
  value,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
}) => {
  const { t } = useTranslation('settings');
  const valid = HEX.test(value);
  return (
    <div className="colour-field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className={`colour-field__control ${valid ? '' : 'field__control--invalid'}`}>
        <input
          type="color"
          aria-label={t('colourPicker', { label })}
          value={valid ? value : '#000000'}
          onChange={(event) => onChange(event.target.value.toUpperCase())}
        />
        <input
          id={id}
          className="field__input"
          value={value}
          maxLength={HEX_LENGTH}
          spellCheck={false}
          aria-invalid={valid ? undefined : true}
          onChange={(event) => onChange(event.target.value.trim())}
        />
      </div>
      <p className={valid ? 'field__hint' : 'field__error'}>{valid ? hint : t('colourInvalid')}</p>
    </div>
  );
};

/**
 * /enterprise/settings (role named admin): the six theme colours of spec §3 with a live preview, the logo, and
 * the organisation's storage against its quota.
 */
export const SettingsPage = () => {
  const { t } = useTranslation('settings');
  const [user, setUser] = useAtom(enterpriseUserAtom);
  const [draft, setDraft] = useState<ThemeSettings | null>(user?.enterpriseId.themeSettings ?? null);
  const [confirmingLow, setConfirmingLow] = useState(false);
  // Every failure shows above the colours: no error is put under one field.
  const { errors, saving, send } = useContractForm<'themeSettings'>(
    [],
    enterpriseGeneral.updateThemeSettings,
  );
  // Every card here saves through a call of the role named admin (and the default admin): the theme's stands for them.
  const mayOpen = useCan(enterpriseGeneral.updateThemeSettings);

  if (!user) return <LoadingBlock label={t('loading')} />;
  if (mayOpen === false) return <Navigate to={paths.enterprise.unauthorized} replace />;
  const theme = draft ?? user.enterpriseId.themeSettings;
  const allValid = Object.values(theme).every((value) => HEX.test(value));
  const changed = JSON.stringify(theme) !== JSON.stringify(user.enterpriseId.themeSettings);

  const lowContrast = themeContrasts(theme).filter((pair) => !pair.readable);

  const store = async () => {
    const updated = await send(
      enterpriseGeneral.updateThemeSettings,
      { themeSettings: theme },
      { toast: t('theme.updated') },
    );
    setConfirmingLow(false);
    if (!updated) return;
    setUser(updated);
    setDraft(updated.enterpriseId.themeSettings);
  };
  // Unreadable colours are the admin's call (the spec sets no rule; brand colours may need them), but never by accident.
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!allValid) return;
    if (lowContrast.length > 0) setConfirmingLow(true);
    else void store();
  };

  return (
    <div className="settings">
      <PageHeader title={t('title')} description={t('description')} />
      <CompanyNameCard user={user} onSaved={setUser} />
      <form className="settings__layout" onSubmit={save} noValidate>
        <Card title={t('theme.title')}>
          <FormAlert message={errors.form ?? null} />
          <div className="settings__colours">
            {COLOURS.map((key) => (
              <ColourField
                key={key}
                id={`colour-${key}`}
                label={t(`colours.${key}.label`)}
                hint={t(`colours.${key}.hint`)}
                value={theme[key]}
                onChange={(value) => setDraft({ ...theme, [key]: value })}
              />
            ))}
          </div>
          <ThemeContrast theme={theme} />
          <div className="settings__actions">
            <Button
              variant="secondary"
              disabled={!changed || saving}
              onClick={() => setDraft(user.enterpriseId.themeSettings)}
            >
              {t('theme.reset')}
            </Button>
            <Button type="submit" loading={saving} disabled={!changed || !allValid}>
              {t('theme.save')}
            </Button>
          </div>
        </Card>
        <Card title={t('preview.title')} aria-label={t('preview.title')}>
          <div className="preview" aria-hidden="true">
            <div
              className="preview__menu"
              style={{ background: theme.navBackgroundColor, color: theme.navFontColor }}
            >
              <span className="preview__item preview__item--on">{t('preview.dashboard')}</span>
              <span className="preview__item">{t('preview.members')}</span>
              <span className="preview__item">{t('preview.groups')}</span>
            </div>
            <div className="preview__body">
              <span
                className="preview__button"
                style={{ background: theme.buttonBackColor, color: theme.buttonColor }}
              >
                {t('preview.button')}
              </span>
              <span
                className="preview__button"
                style={{ background: theme.buttonBackHoverColor, color: theme.buttonHoverColor }}
              >
                {t('preview.hovered')}
              </span>
            </div>
          </div>
        </Card>
      </form>
      {confirmingLow ? (
        <ConfirmDialog
          title={t('contrast.confirmTitle')}
          description={lowContrastText(lowContrast)}
          confirmLabel={t('contrast.confirm')}
          busy={saving}
          onConfirm={() => void store()}
          onCancel={() => setConfirmingLow(false)}
        />
      ) : null}
      <Card title={t('logo.title')} aria-label={t('logo.title')} className="settings__logo">
        <ImageUpload
          label={t('logo.title')}
          purpose="logo"
          value={user.enterpriseId.enterprise_logo}
          placeholder={<span className="settings__logo-none">{t('logo.none')}</span>}
          upload={(file) => uploadFile('enterprise', 'logo', file)}
          onChange={async (url) => {
            const updated = await api.call(enterpriseGeneral.updateThemeSettings, {
              themeSettings: user.enterpriseId.themeSettings,
              enterprise_logo: url,
            });
            setUser(updated);
            notify.success(url ? t('logo.updated') : t('logo.removed'));
          }}
        />
        <p className="settings__logo-note">{t('logo.note')}</p>
      </Card>
      <StorageUsageCard />
      <TimezoneCard user={user} onSaved={setUser} />
      <LegalTextsCard enterpriseId={user.enterpriseId._id} />
      {/* Who may sign in as whom: the default admin's alone (the server refuses everyone else too). */}
      <Can call={enterpriseSso.settings}>
        <SsoCard />
      </Can>
      {/* LMS launches decide who signs in as whom: the default admin's alone, as single sign-on. */}
      <Can call={lti.settings}>
        <LtiCard />
      </Can>
      {/* Directory sync: the role named admin, as the server says (the list answers 403 to anyone else). */}
      <Can call={scimProvisioning.list}>
        <ScimCard />
      </Can>
      <Card title={t('apiKeys.title')} aria-label={t('apiKeys.title')}>
        <p className="settings__api-keys-note">{t('apiKeys.note')}</p>
        <Link className="forward-link" to={paths.enterprise.apiKeys}>
          {t('apiKeys.open')}
        </Link>
      </Card>
      <Card title={t('webhooks:settingsCard.title')} aria-label={t('webhooks:settingsCard.title')}>
        <p>{t('webhooks:settingsCard.text')}</p>
        <Link to={paths.enterprise.integrations} className="forward-link">
          {t('webhooks:settingsCard.open')}
        </Link>
      </Card>
    </div>
  );
};
