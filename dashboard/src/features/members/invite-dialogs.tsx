import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { MEMBER_CSV_COLUMNS, MEMBER_CSV_MAX_ROWS, members } from '@coach/shared/contract/members';
import { roles } from '@coach/shared/contract/roles';
import { type FormEvent, useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { Button } from '../../ui/button.tsx';
import { CsvImportDialog } from '../../ui/csv-import-dialog.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormAlert } from '../../ui/states.tsx';
import { SelectField, TextField } from '../../ui/text-field.tsx';
import { GroupChooser } from './member-dialogs.tsx';

type Option = { _id: string; name: string };
type FieldErrors = Partial<Record<'name' | 'email' | 'roleId' | 'groupIds' | 'form', string>>;

const CSV_TEMPLATE = `${MEMBER_CSV_COLUMNS.join(',')}\nAlex Example,alex@example.com,Learner,Sales Onboarding;Customer Success\n`;
const templateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(CSV_TEMPLATE)}`;

/** Invite one member: they get an email with a link to choose their password. */
export const InviteMemberDialog = ({
  onClose,
  onInvited,
}: {
  onClose: () => void;
  onInvited: () => void;
}) => {
  const [roleOptions, setRoleOptions] = useState<Option[] | null>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [roleId, setRoleId] = useState('');
  const [chosen, setChosen] = useState<Option[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    api.call(roles.options, {}).then(
      (options) => {
        setRoleOptions(options);
        // The least-privileged choice by default: a role named Learner when there is one.
        const learner = options.find((r) => r.name.toLowerCase() === 'learner') ?? options[0];
        if (learner) setRoleId(learner._id);
      },
      (err: unknown) => setErrors({ form: err instanceof ApiError ? err.message : GENERIC_ERROR_MESSAGE }),
    );
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = members.invite.request.safeParse({
      name,
      email,
      roleId,
      groupIds: chosen.map((g) => g._id),
    });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'form') as keyof FieldErrors;
        next[field] ??= field === 'roleId' ? 'Choose a role' : issue.message;
      }
      setErrors(next);
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      await api.call(members.invite, parsed.data);
      notify.success(`Invitation sent to ${parsed.data.email}`);
      onInvited();
    } catch (err) {
      if (err instanceof ApiError && err.field && ['name', 'email', 'roleId', 'groupIds'].includes(err.field))
        setErrors({ [err.field]: err.message.replace(/^\w+: /, '') });
      else setErrors({ form: err instanceof ApiError ? err.message : GENERIC_ERROR_MESSAGE });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Invite a member"
      description="They receive an email with a link to choose their password, valid for 7 days."
    >
      <form className="member-form" onSubmit={submit} noValidate>
        <FormAlert message={errors.form ?? null} />
        <TextField
          label="Name"
          autoComplete="off"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          required
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
          required
        />
        <SelectField
          label="Role"
          value={roleId}
          disabled={!roleOptions}
          error={errors.roleId}
          onChange={(e) => setRoleId(e.target.value)}
        >
          {(roleOptions ?? []).map((role) => (
            <option key={role._id} value={role._id}>
              {role.name}
            </option>
          ))}
        </SelectField>
        <GroupChooser chosen={chosen} onChange={setChosen} onError={(form) => setErrors({ form })} />
        <div className="dialog__footer">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={saving} disabled={!roleOptions}>
            Send invitation
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
}) => (
  <CsvImportDialog
    title="Import members from CSV"
    description={`Columns: ${MEMBER_CSV_COLUMNS.join(', ')} (groups separated by semicolons). Up to ${MEMBER_CSV_MAX_ROWS} rows.`}
    className="member-form"
    templateHref={templateHref}
    templateName="members-template.csv"
    send={(file) => api.callWithMessage(members.importCsv, { file })}
    succeeded={(result) =>
      result.imported.length ? `${result.imported.length} members imported and invited` : null
    }
    summary={(result) => (
      <>
        <strong>{result.imported.length}</strong> imported and invited
        {result.errors.length ? (
          <>
            {' · '}
            <strong>{result.errors.length}</strong> {result.errors.length === 1 ? 'row' : 'rows'} refused
          </>
        ) : null}
      </>
    )}
    errorsCaption="Refused rows"
    onClose={onClose}
    onImported={(message) => {
      notify.success(message);
      onImported();
    }}
  />
);
