import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { formatList } from '../../i18n/format.ts';
import { notify } from '../../lib/notify.ts';
import { Button } from '../../ui/button.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { FormAlert } from '../../ui/states.tsx';
import { hasPeople, NO_PEOPLE, type People, PeoplePicker } from '../../widgets/people-picker.tsx';
import { assignTasks, laterJoinersNote } from './assign-tasks.ts';
import { type PickedTask, TaskPicker } from './task-picker.tsx';
import { assignedText, countOf, messageOf } from './task-text.ts';
import './tasks.css';

const missingText = (t: TFunction<'tasks'>, taskCount: number, people: People) => {
  if (taskCount === 0 && !hasPeople(people)) return t('bulk.missingAll');
  if (taskCount === 0) return t('bulk.missingTasks');
  if (!hasPeople(people)) return t('bulk.missingPeople');
  return null;
};

/** /enterprise/bulk-assign-task: many tasks to many groups and members at once. */
export const BulkAssignTaskPage = () => {
  const { t } = useTranslation('tasks');
  const [chosen, setChosen] = useState<PickedTask[]>([]);
  const [people, setPeople] = useState<People>(NO_PEOPLE);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = missingText(t, chosen.length, people);
    if (missing) {
      setError(missing);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const assigned = await assignTasks(
        chosen.map((task) => task._id),
        people,
      );
      notify.success(assignedText(assigned));
      setChosen([]);
      setPeople(NO_PEOPLE);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const who = formatList(
    [
      people.groups.length > 0 ? countOf('groups', people.groups.length) : null,
      people.members.length > 0 ? countOf('members', people.members.length) : null,
    ].filter((part): part is string => part !== null),
  );

  return (
    <div className="tasks">
      <Link className="back-link" to={paths.enterprise.tasksLibrary}>
        {t('bulk.back')}
      </Link>
      <PageHeader title={t('bulk.title')} description={t('bulk.description')} />
      <form className="bulk-assign" onSubmit={submit} noValidate>
        <Card title={t('bulk.tasksStep')} className="bulk-assign__tasks">
          <TaskPicker selected={chosen} onChange={setChosen} />
        </Card>
        <Card title={t('bulk.peopleStep')} className="bulk-assign__people">
          <PeoplePicker library="tasks" value={people} onChange={setPeople} note={laterJoinersNote()} />
        </Card>
        <div className="bulk-assign__submit">
          <FormAlert message={error} />
          <p className="bulk-assign__summary" aria-live="polite">
            {chosen.length > 0 && who
              ? t('bulk.summary', { tasks: countOf('tasks', chosen.length), who })
              : t('bulk.nothing')}
          </p>
          <Button type="submit" loading={busy}>
            {t('bulk.assign')}
          </Button>
        </div>
      </form>
    </div>
  );
};
