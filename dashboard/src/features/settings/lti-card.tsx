import { type LtiPlatform, lti } from '@coach/shared/contract/lti';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { useCall } from '../../lib/use-call.ts';
import { useConfirmedDelete } from '../../lib/use-confirmed-delete.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { Card } from '../../ui/layout.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { TextAreaField, TextField } from '../../ui/text-field.tsx';
import { LtiCourses } from './lti-courses.tsx';
import '../../ui/table.css';

const FIELDS = ['name', 'issuer', 'clientId', 'deploymentIds', 'keysetUrl', 'authUrl', 'tokenUrl'] as const;
type Field = (typeof FIELDS)[number];
const URL_FIELDS = ['issuer', 'keysetUrl', 'authUrl', 'tokenUrl'] as const;

/** Deployment ids as typed: one per line, or separated by commas. */
const deploymentsOf = (typed: string) =>
  typed
    .split(/[\n,]+/)
    .map((part) => part.trim())
    .filter(Boolean);

const PlatformDialog = ({
  platform,
  onClose,
  onSaved,
}: {
  platform: LtiPlatform | null;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const { t } = useTranslation('settings');
  const [values, setValues] = useState<Record<Exclude<Field, 'deploymentIds'>, string>>({
    name: platform?.name ?? '',
    issuer: platform?.issuer ?? '',
    clientId: platform?.clientId ?? '',
    keysetUrl: platform?.keysetUrl ?? '',
    authUrl: platform?.authUrl ?? '',
    tokenUrl: platform?.tokenUrl ?? '',
  });
  const [deployments, setDeployments] = useState((platform?.deploymentIds ?? []).join('\n'));
  const { errors, setErrors, saving, send, field } = useContractForm(FIELDS, lti.savePlatform);
  const change = (name: Exclude<Field, 'deploymentIds'>) => (event: { target: { value: string } }) => {
    setValues((now) => ({ ...now, [name]: event.target.value }));
    setErrors(({ [name]: _gone, ...rest }) => rest);
  };
  const submit = async () => {
    const saved = await send(lti.savePlatform, {
      ...(platform ? { platformId: platform._id } : {}),
      ...values,
      deploymentIds: deploymentsOf(deployments),
    });
    if (saved) onSaved();
  };
  return (
    <FormDialog
      title={platform ? t('lti.editTitle', { name: platform.name }) : t('lti.addTitle')}
      description={t('lti.formText')}
      formError={errors.form}
      submitLabel={t('lti.save')}
      saving={saving}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <TextField
        label={t('lti.name')}
        value={values.name}
        onChange={change('name')}
        {...field('name')}
        autoFocus
      />
      {URL_FIELDS.map((name) => (
        <TextField
          key={name}
          label={t(`lti.${name}`)}
          hint={t(`lti.${name}Hint`)}
          type="url"
          inputMode="url"
          dir="ltr"
          value={values[name]}
          onChange={change(name)}
          {...field(name)}
        />
      ))}
      <TextField
        label={t('lti.clientId')}
        dir="ltr"
        value={values.clientId}
        onChange={change('clientId')}
        {...field('clientId')}
      />
      <TextAreaField
        label={t('lti.deploymentIds')}
        hint={t('lti.deploymentIdsHint')}
        dir="ltr"
        rows={2}
        value={deployments}
        onChange={(event) => {
          setDeployments(event.target.value);
          setErrors(({ deploymentIds: _gone, ...rest }) => rest);
        }}
        {...field('deploymentIds')}
      />
    </FormDialog>
  );
};

/**
 * Settings › LMS (LTI 1.3), the default admin's: the tool's values to paste into the LMS, and the platforms
 * registered (added, changed, removed after a confirmation).
 */
export const LtiCard = () => {
  const { t } = useTranslation('settings');
  const { state, reload } = useCall(lti.settings, {});
  const [editing, setEditing] = useState<LtiPlatform | 'new' | null>(null);
  const removing = useConfirmedDelete<LtiPlatform>(async (platform) => {
    await api.call(lti.removePlatform, { platformId: platform._id });
    return t('lti.removed');
  }, reload);

  return (
    <Card title={t('lti.title')} aria-label={t('lti.title')} className="settings__scim">
      <p className="settings__legal-note">{t('lti.note')}</p>
      <LoadStates state={state} reload={reload} what={t('lti.what')}>
        {({ tool, platforms, courses }) => (
          <>
            <div className="settings__sso-pair">
              {(['loginUrl', 'launchUrl', 'keysetUrl', 'deepLinkingUrl'] as const).map((name) => (
                <TextField
                  key={name}
                  label={t(`lti.tool.${name}`)}
                  value={tool[name]}
                  readOnly
                  dir="ltr"
                  onFocus={(event) => event.currentTarget.select()}
                />
              ))}
            </div>
            {platforms.length === 0 ? (
              <p className="settings__legal-note">{t('lti.none')}</p>
            ) : (
              <div className="table-scroll">
                <table className="table table--stack" aria-label={t('lti.platforms')}>
                  <thead>
                    <tr>
                      <th scope="col">{t('lti.name')}</th>
                      <th scope="col">{t('lti.issuer')}</th>
                      <th scope="col">{t('lti.clientId')}</th>
                      <th scope="col">
                        <span className="visually-hidden">{t('lti.actions')}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {platforms.map((platform) => (
                      <tr key={platform._id}>
                        <td dir="auto">{platform.name}</td>
                        <td data-label={t('lti.issuer')}>
                          <code className="ltr-value">{platform.issuer}</code>
                        </td>
                        <td data-label={t('lti.clientId')}>
                          <code className="ltr-value">{platform.clientId}</code>
                        </td>
                        <td>
                          <div className="table__actions">
                            <Button
                              variant="ghost"
                              size="sm"
                              aria-label={t('lti.editLabel', { name: platform.name })}
                              onClick={() => setEditing(platform)}
                            >
                              {t('lti.edit')}
                            </Button>
                            <Button
                              variant="ghost"
                              size="sm"
                              aria-label={t('lti.removeLabel', { name: platform.name })}
                              onClick={() => removing.ask(platform)}
                            >
                              {t('lti.remove')}
                            </Button>
                          </div>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <div className="settings__actions">
              <Button onClick={() => setEditing('new')}>{t('lti.add')}</Button>
            </div>
            {platforms.length > 0 ? (
              <LtiCourses courses={courses} platforms={platforms} onSynced={reload} />
            ) : null}
          </>
        )}
      </LoadStates>
      {editing ? (
        <PlatformDialog
          platform={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
      {removing.pending ? (
        <ConfirmDialog
          title={t('lti.confirmTitle', { name: removing.pending.name })}
          description={t('lti.confirmText')}
          confirmLabel={t('lti.remove')}
          {...removing.dialog}
        />
      ) : null}
    </Card>
  );
};
