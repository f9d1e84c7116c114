import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import { enterpriseAuth } from '@coach/shared/contract/auth';
import { groups } from '@coach/shared/contract/groups';
import { type Member, members } from '@coach/shared/contract/members';
import { roles } from '@coach/shared/contract/roles';
import { useAtomValue } from 'jotai';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatList, formatNumber } from '../../i18n/format.ts';
import { api } from '../../lib/api.ts';
import { useCan } from '../../lib/can.tsx';
import { notify } from '../../lib/notify.ts';
import { enterpriseUserAtom } from '../../lib/session.ts';
import { useCall } from '../../lib/use-call.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog, Dialog } from '../../ui/dialog.tsx';
import { FormAlert } from '../../ui/states.tsx';
import { SearchBox } from '../../ui/table.tsx';
import { SelectField } from '../../ui/text-field.tsx';

type Option = { _id: string; name: string };
const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);
/** The edit form names no field: every refusal shows above it. */
const EDIT_FIELDS = [] as const;

/** Groups with a search box: the chosen ones are kept while the search changes. */
export const GroupChooser = ({
  chosen,
  onChange,
  onError,
}: {
  chosen: Option[];
  onChange: (next: Option[]) => void;
  onError: (message: string) => void;
}) => {
  const { t } = useTranslation('members');
  const [search, setSearch] = useState('');
  const searchInput = useDebounced(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  // Everyone who may add a member may put them in groups: all of them for those who manage groups, else the groups
  // they are in themselves (user-groups answers either; groups.list would refuse the second with a 403 banner).
  const managesGroups = useCan(groups.list) === true;
  const found = useCall(enterpriseAuth.userGroups, { searchQuery: searchInput, currentPage: 1 });
  // The last matches stay listed while the next search's answer comes.
  const [matches, setMatches] = useState<Option[]>([]);
  const answer = found.state.status === 'ready' ? found.state.data : null;
  const failed = found.state.status === 'error' ? found.state.message : null;
  const [more, setMore] = useState(false);
  useEffect(() => {
    if (!answer) return;
    setMatches(answer.listdata.map(({ _id, name }) => ({ _id, name })));
    setMore(answer.totalPages > 1);
  }, [answer]);
  useEffect(() => {
    if (failed) onError(failed);
  }, [failed, onError]);
  const toggle = (group: Option) =>
    onChange(
      chosen.some((g) => g._id === group._id)
        ? chosen.filter((g) => g._id !== group._id)
        : [...chosen, group],
    );
  return (
    <fieldset className="member-form__groups">
      <legend>{t('groups.legend')}</legend>
      {managesGroups ? null : <p className="member-form__count">{t('groups.ownOnly')}</p>}
      <SearchBox
        label={t('groups.find')}
        placeholder={t('groups.findPlaceholder')}
        value={search}
        onChange={setSearch}
      />
      <ul className="member-form__matches" aria-label={t('groups.matching')}>
        {matches.map((group) => (
          <li key={group._id}>
            <label className="picker__row">
              <input
                type="checkbox"
                checked={chosen.some((g) => g._id === group._id)}
                onChange={() => toggle(group)}
              />
              {group.name}
            </label>
          </li>
        ))}
      </ul>
      {/* The list holds one page of groups: said, so no one takes it for all of them. */}
      {more ? (
        <p className="member-form__count">{t('groups.firstOnly', { limit: formatNumber(matches.length) })}</p>
      ) : null}
      <p className="member-form__count">
        {chosen.length === 0
          ? t('groups.none')
          : t('groups.in', { groups: formatList(chosen.map((g) => g.name)) })}
      </p>
    </fieldset>
  );
};

/** Change a member's role and groups. */
export const EditMemberDialog = ({
  member,
  onClose,
  onSaved,
}: {
  member: Member;
  onClose: () => void;
  onSaved: (member: Member) => void;
}) => {
  const { t } = useTranslation('members');
  const roleList = useCall(roles.options, {});
  const roleOptions = roleList.state.status === 'ready' ? roleList.state.data : null;
  const rolesError = roleList.state.status === 'error' ? roleList.state.message : null;
  const [roleId, setRoleId] = useState(member.role._id);
  // A member whose role the caller could not give keeps it (the server refuses the change); their groups still change.
  const outOfReach = roleOptions?.some((role) => role._id === member.role._id && !role.grantable) ?? false;
  // Nobody changes their own role (the server refuses it): said before, not after Save.
  const isMe = useAtomValue(enterpriseUserAtom)?._id === member._id;
  const [chosen, setChosen] = useState<Option[]>(member.groups);
  const { errors, setErrors, saving, send } = useContractForm(EDIT_FIELDS);
  // Stable, so the group search's failure is shown once, not on every render.
  const showError = useCallback((form: string) => setErrors({ form }), [setErrors]);

  useEffect(() => {
    if (rolesError) setErrors({ form: rolesError });
  }, [rolesError, setErrors]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const updated = await send(
      members.update,
      { memberId: member._id, roleId, groupIds: chosen.map((g) => g._id) },
      { toast: t('edit.updated') },
    );
    if (updated) onSaved(updated);
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('list.editName', { name: member.name })}
      description={member.email}
    >
      <form className="member-form" onSubmit={submit} noValidate>
        <FormAlert message={errors.form} />
        <SelectField
          label={t('invite.role')}
          value={roleId}
          disabled={!roleOptions || member.isDefaultAdmin || outOfReach || isMe}
          hint={
            member.isDefaultAdmin
              ? t('edit.locked')
              : isMe
                ? t('edit.ownRole')
                : outOfReach
                  ? t('edit.outOfReach', { role: member.role.name })
                  : roleOptions?.some((role) => !role.grantable)
                    ? t('invite.rolesGreyed')
                    : undefined
          }
          onChange={(event) => setRoleId(event.target.value)}
        >
          {(roleOptions ?? [{ ...member.role, grantable: true }]).map((role) => (
            <option
              key={role._id}
              value={role._id}
              disabled={!role.grantable && role._id !== member.role._id}
            >
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
            {t('edit.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
};

/**
 * Deactivate or delete, asked first; the server refuses the default admin, yourself and a member whose role you could
 * not give (its reason is shown).
 */
export const ConfirmMemberAction = ({
  member,
  action,
  onClose,
  onDone,
}: {
  member: Member;
  action: 'deactivate' | 'delete';
  onClose: () => void;
  onDone: () => void;
}) => {
  const { t } = useTranslation('members');
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      if (action === 'delete') {
        await api.call(members.remove, { memberId: member._id });
        notify.success(t('confirm.deleted'));
      } else {
        await api.call(members.changeStatus, { memberId: member._id, status: 'Inactive' });
        notify.success(t('confirm.deactivated'));
      }
      onDone();
    } catch (err) {
      notify.error(messageOf(err));
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      title={
        action === 'delete'
          ? t('confirm.deleteTitle', { name: member.name })
          : t('confirm.deactivateTitle', { name: member.name })
      }
      description={action === 'delete' ? t('confirm.deleteText') : t('confirm.deactivateText')}
      confirmLabel={action === 'delete' ? t('confirm.delete') : t('list.deactivate')}
      busy={busy}
      onConfirm={() => void run()}
      onCancel={onClose}
    />
  );
};
