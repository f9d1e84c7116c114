import { type GroupMember, groups } from '@coach/shared/contract/groups';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { useCall } from '../../lib/use-call.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { Button } from '../../ui/button.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { ErrorState, FormAlert } from '../../ui/states.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { groupDetailPath } from './group-paths.ts';
import { MemberPicker } from './member-picker.tsx';
import './groups.css';

const FIELDS = ['name'] as const;

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
  const { errors, saving, send, limits } = useContractForm(FIELDS, groups.add);

  const group = saved.state.status === 'ready' ? saved.state.data : null;
  useEffect(() => {
    if (!id || !group || filledFor === id) return;
    setName(group.name);
    setChosen(group.members);
    setFilledFor(id);
  }, [id, group, filledFor]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { name, memberIds: chosen.map((m) => m._id) };
    const options = {
      errors: { name: name.trim() ? undefined : t('manage.nameRequired') },
      toast: id ? t('manage.updated') : t('manage.created'),
    };
    const saved = id
      ? await send(groups.edit, { groupId: id, ...body }, options)
      : await send(groups.add, body, options);
    if (saved) navigate(groupDetailPath(saved._id));
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
            maxLength={limits.name?.maxLength}
            onChange={(event) => setName(event.target.value)}
            error={errors.name}
            // A course's buyers' group is named after the course and follows it (the server keeps the name).
            readOnly={Boolean(group?.course)}
            hint={group?.course ? t('manage.courseName', { course: group.course.name }) : undefined}
            autoFocus={!group?.course}
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
