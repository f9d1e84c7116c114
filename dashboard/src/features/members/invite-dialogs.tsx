import { enterpriseAuth } from '@coach/shared/contract/auth';
import { groups } from '@coach/shared/contract/groups';
import { MEMBER_CSV_COLUMNS, MEMBER_CSV_MAX_ROWS, members } from '@coach/shared/contract/members';
import { narrowestGrantableRole, roles } from '@coach/shared/contract/roles';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { formatList, formatNumber } from '../../i18n/format.ts';
import { useCan } from '../../lib/can.tsx';
import { useCall } from '../../lib/use-call.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormAlert } from '../../ui/states.tsx';
import { SelectField, TextField } from '../../ui/text-field.tsx';
import { CsvImportDialog } from '../../widgets/csv-import-dialog.tsx';
import { memberCsvTemplate, memberCsvTemplateHref } from './member-csv-template.ts';
import { GroupChooser } from './member-dialogs.tsx';

type Option = { _id: string; name: string };
const INVITE_FIELDS = ['name', 'email', 'roleId', 'groupIds'] as const;

/** Invite one member: they get an email with a link to choose their password. */
export const InviteMemberDialog = ({
  onClose,
  onInvited,
}: {
  onClose: () => void;
  onInvited: () => void;
}) => {
  const { t } = useTranslation('members');
  const roleList = useCall(roles.options, {});
  const roleOptions = roleList.state.status === 'ready' ? roleList.state.data : null;
  const rolesError = roleList.state.status === 'error' ? roleList.state.message : null;
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [roleId, setRoleId] = useState('');
  const [chosen, setChosen] = useState<Option[]>([]);
  const { errors, setErrors, saving, send } = useContractForm(INVITE_FIELDS);
  // Stable, so the group search's failure is shown once, not on every render.
  const showError = useCallback((form: string) => setErrors({ form }), [setErrors]);

  useEffect(() => {
    if (!roleOptions) return;
    // Starts from the role giving the fewest permissions (a new company's Learner), the first by name on a tie:
    // most invitations are for learners, and an invitation sent without a second look should give too little,
    // which the admin raises in a click, rather than everything. Leaving it empty would add a step to each one.
    // A CSV row with an empty role cell gets the same role (the server picks it with the same helper).
    const narrowest = narrowestGrantableRole(roleOptions);
    if (narrowest) setRoleId((current) => current || narrowest._id);
  }, [roleOptions]);
  useEffect(() => {
    if (rolesError) setErrors({ form: rolesError });
  }, [rolesError]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invited = await send(
      members.invite,
      { name, email, roleId, groupIds: chosen.map((g) => g._id) },
      {
        // No role chosen (the enterprise has none to offer): the field asks for one in the screen's words.
        errors: { roleId: roleId ? undefined : t('invite.chooseRole') },
        toast: t('invite.sent', { email: email.trim().toLowerCase() }),
      },
    );
    if (invited) onInvited();
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('invite.title')}
      description={t('invite.description')}
    >
      <form className="member-form" onSubmit={submit} noValidate>
        <FormAlert message={errors.form ?? null} />
        <TextField
          label={t('invite.name')}
          autoComplete="off"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          required
        />
        <TextField
          label={t('invite.email')}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
          required
        />
        <SelectField
          label={t('invite.role')}
          value={roleId}
          disabled={!roleOptions}
          error={errors.roleId}
          // A greyed role says why: nobody gives what they do not hold.
          hint={roleOptions?.some((role) => !role.grantable) ? t('invite.rolesGreyed') : undefined}
          onChange={(e) => setRoleId(e.target.value)}
        >
          {(roleOptions ?? []).map((role) => (
            <option key={role._id} value={role._id} disabled={!role.grantable}>
              {role.name}
            </option>
          ))}
        </SelectField>
        <GroupChooser chosen={chosen} onChange={setChosen} onError={showError} />
        <div className="dialog__footer">
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={saving} disabled={!roleOptions}>
            {t('invite.send')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
};

/** Many members from a CSV file: good rows are imported and invited, bad rows are listed by line. */
export const ImportMembersDialog = ({
  onClose,
  onImported,
}: {
  onClose: () => void;
  onImported: () => void;
}) => {
  const { t } = useTranslation('members');
  // The template's sample row takes the role Invite starts from and the company's first group (the caller's groups
  // when they do not manage groups), so an edited copy of it is not refused for a role or group the company lacks.
  const roleList = useCall(roles.options, {});
  const groupList = useCall(enterpriseAuth.userGroups, { searchQuery: '', currentPage: 1 });
  const template = memberCsvTemplate({
    role:
      roleList.state.status === 'ready' ? (narrowestGrantableRole(roleList.state.data)?.name ?? null) : null,
    groups:
      groupList.state.status === 'ready' ? groupList.state.data.listdata.map((group) => group.name) : [],
  });
  const managesGroups = useCan(groups.list) === true;
  return (
    <CsvImportDialog
      title={t('import.title')}
      description={`${t('import.description', {
        columns: formatList(MEMBER_CSV_COLUMNS, 'unit'),
        max: formatNumber(MEMBER_CSV_MAX_ROWS),
      })} ${t('import.emptyRole')} ${t('import.groupsFirst')}`}
      className="member-form"
      templateHref={memberCsvTemplateHref(template)}
      templateName="members-template.csv"
      call={members.importCsv}
      succeeded={(result) =>
        result.imported.length ? t('import.done', { count: result.imported.length }) : null
      }
      summary={(result) => (
        <>
          <Trans
            t={t}
            i18nKey="import.imported"
            count={result.imported.length}
            values={{ count: result.imported.length }}
            components={{ strong: <strong /> }}
          />
          {result.errors.length ? (
            <>
              {' · '}
              <Trans
                t={t}
                i18nKey="import.refused"
                count={result.errors.length}
                values={{ count: result.errors.length }}
                components={{ strong: <strong /> }}
              />
            </>
          ) : null}
          {result.errors.some((error) => error.field === 'groups') ? (
            // The server names the group it lacks; this says why and where groups are made.
            <span className="member-import__groups-first">
              <Trans
                t={t}
                i18nKey="import.unknownGroups"
                components={{
                  page: managesGroups ? <Link to={paths.enterprise.groups} /> : <strong />,
                }}
              />
            </span>
          ) : null}
        </>
      )}
      errorsCaption={t('import.refusedRows')}
      onClose={onClose}
      onImported={onImported}
    />
  );
};
