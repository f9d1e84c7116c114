import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { type GroupMember, groups } from '@coach/shared/contract/groups';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useCall } from '../../lib/use-call.ts';
import { Button } from '../../ui/button.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { ErrorState, FormAlert } from '../../ui/states.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { groupDetailPath } from './group-paths.ts';
import { MemberPicker } from './member-picker.tsx';
import './groups.css';

type Loaded = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready' };

/** /enterprise/groups/manage/:id? — create a group (no id) or change its name and members. */
export const ManageGroupPage = () => {
  const { t } = useTranslation('groups');
  const { id } = useParams();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<GroupMember[]>([]);
  const saved = useCall(groups.get, { groupId: id ?? '' }, { enabled: Boolean(id) });
  // The form starts from the saved group once per group; later answers (a refetch) leave the edits alone.
  const [filledFor, setFilledFor] = useState<string | null>(null);
  const loaded: Loaded =
    !id || (saved.state.status === 'ready' && filledFor === id)
      ? { status: 'ready' }
      : saved.state.status === 'error'
        ? saved.state
        : { status: 'loading' };
  const [errors, setErrors] = useState<{ name?: string; form?: string }>({});
  const [saving, setSaving] = useState(false);

  const group = saved.state.status === 'ready' ? saved.state.data : null;
  useEffect(() => {
    if (!id || !group || filledFor === id) return;
    setName(group.name);
    setChosen(group.members);
    setFilledFor(id);
  }, [id, group, filledFor]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setErrors({ name: t('manage.nameRequired') });
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      const body = { name: name.trim(), memberIds: chosen.map((m) => m._id) };
      const saved = id
        ? await api.call(groups.edit, { groupId: id, ...body })
        : await api.call(groups.add, body);
      notify.success(id ? t('manage.updated') : t('manage.created'));
      navigate(groupDetailPath(saved._id));
    } catch (error) {
      if (error instanceof ApiError && error.field === 'name')
        setErrors({ name: error.message.replace(/^name: /, '') });
      else setErrors({ form: error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE });
    } finally {
      setSaving(false);
    }
  };

  const title = id ? t('detail.edit') : t('manage.newTitle');
  if (loaded.status === 'loading') return <LoadingBlock label={t('loading')} />;
  if (loaded.status === 'error')
    return (
      <div className="groups">
        <PageHeader title={title} />
        <ErrorState
          title={t('loadError')}
          description={loaded.message}
          action={
            <Link className="btn btn--secondary btn--md" to={paths.enterprise.groups}>
              {t('back')}
            </Link>
          }
        />
      </div>
    );

  return (
    <div className="groups">
      <PageHeader title={title} description={t('manage.description')} />
      <form onSubmit={submit} noValidate className="manage-group">
        <Card>
          <FormAlert message={errors.form} />
          <TextField
            label={t('manage.name')}
            value={name}
            maxLength={80}
            onChange={(event) => setName(event.target.value)}
            error={errors.name}
            autoFocus
          />
        </Card>
        <Card title={t('detail.members')}>
          <MemberPicker selected={chosen} onChange={setChosen} />
        </Card>
        <div className="manage-group__actions">
          <Link
            className="btn btn--secondary btn--md"
            to={id ? groupDetailPath(id) : paths.enterprise.groups}
          >
            {t('manage.cancel')}
          </Link>
          <Button type="submit" loading={saving}>
            {id ? t('manage.save') : t('manage.create')}
          </Button>
        </div>
      </form>
    </div>
  );
};
