import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { formatList } from '../../i18n/format.ts';
import { notify } from '../../lib/notify.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { Button } from '../../ui/button.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { FormAlert } from '../../ui/states.tsx';
import { hasPeople, NO_PEOPLE, type People, PeoplePicker } from '../../widgets/people-picker.tsx';
import { laterJoinersNote, sendTaskAssignments } from './assign-tasks.ts';
import { type PickedTask, TaskPicker } from './task-picker.tsx';
import { assignedText, countOf } from './task-text.ts';
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
  // The form has no field of its own: a failed check of the chosen ids (`taskIds`, `groupIds`, `userIds`) shows
  // above it like everything else, and the server's refusal as it says it.
  const { errors, setErrors, saving, send } = useContractForm<'taskIds' | 'groupIds' | 'userIds'>([]);
  const error = errors.form ?? errors.taskIds ?? errors.groupIds ?? errors.userIds ?? null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = missingText(t, chosen.length, people);
    if (missing) {
      setErrors({ form: missing });
      return;
    }
    // Groups first, then members (two calls); one toast for both, with the new assignments of the two.
    const taskIds = chosen.map((task) => task._id);
    const result = await sendTaskAssignments(send, taskIds, people);
    if (result === null) return;
    notify.success(assignedText(result));
    setChosen([]);
    setPeople(NO_PEOPLE);
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
          <Button type="submit" loading={saving}>
            {t('bulk.assign')}
          </Button>
        </div>
      </form>
    </div>
  );
};
