import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { notify } from '../../lib/notify.ts';
import { Button } from '../../ui/button.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { hasPeople, NO_PEOPLE, type People, PeoplePicker } from '../../ui/people-picker.tsx';
import { FormAlert } from '../../ui/states.tsx';
import { assignTasks, LATER_JOINERS_NOTE } from './assign-tasks.ts';
import { type PickedTask, TaskPicker } from './task-picker.tsx';
import { assignedText, messageOf, plural } from './task-text.ts';
import './tasks.css';

const missingText = (taskCount: number, people: People) => {
  if (taskCount === 0 && !hasPeople(people))
    return 'Choose the tasks, and the groups or members to assign them to.';
  if (taskCount === 0) return 'Choose at least one task.';
  if (!hasPeople(people)) return 'Choose at least one group or member.';
  return null;
};

/** /enterprise/bulk-assign-task: many tasks to many groups and members at once. */
export const BulkAssignTaskPage = () => {
  const [chosen, setChosen] = useState<PickedTask[]>([]);
  const [people, setPeople] = useState<People>(NO_PEOPLE);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = missingText(chosen.length, people);
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

  const who = [
    people.groups.length > 0 ? plural(people.groups.length, 'group') : null,
    people.members.length > 0 ? plural(people.members.length, 'member') : null,
  ]
    .filter(Boolean)
    .join(' and ');

  return (
    <div className="tasks">
      <Link className="back-link" to={paths.enterprise.tasksLibrary}>
        ← Tasks Library
      </Link>
      <PageHeader
        title="Bulk assign tasks"
        description="Pick several tasks and assign them to groups and members in one go."
      />
      <form className="bulk-assign" onSubmit={submit} noValidate>
        <Card title="1. Tasks" className="bulk-assign__tasks">
          <TaskPicker selected={chosen} onChange={setChosen} />
        </Card>
        <Card title="2. Groups and members" className="bulk-assign__people">
          <PeoplePicker library="tasks" value={people} onChange={setPeople} note={LATER_JOINERS_NOTE} />
        </Card>
        <div className="bulk-assign__submit">
          <FormAlert message={error} />
          <p className="bulk-assign__summary" aria-live="polite">
            {chosen.length > 0 && who ? `${plural(chosen.length, 'task')} to ${who}.` : 'Nothing chosen yet.'}
          </p>
          <Button type="submit" loading={busy}>
            Assign
          </Button>
        </div>
      </form>
    </div>
  );
};
