import { type TaskFolder, taskFolders } from '@coach/shared/contract/task-folders';
import { type Task, tasks } from '@coach/shared/contract/tasks';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useCall } from '../../lib/use-call.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog, Dialog } from '../../ui/dialog.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { FormAlert } from '../../ui/states.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { hasPeople, NO_PEOPLE, type People, PeoplePicker } from '../../widgets/people-picker.tsx';
import { laterJoinersNote, sendTaskAssignments } from './assign-tasks.ts';
import { assignedText, countOf, messageOf } from './task-text.ts';

/** Assign one task, or a folder's tasks, to groups and/or members. */
export const AssignTasksDialog = ({
  title,
  description,
  taskIds,
  onClose,
  onAssigned,
}: {
  title: string;
  description: string;
  taskIds: string[];
  onClose: () => void;
  onAssigned?: (assigned: number) => void;
}) => {
  const { t } = useTranslation('tasks');
  const [people, setPeople] = useState<People>(NO_PEOPLE);
  // The form has no field of its own: a failed check of the ids (`taskIds`, `groupIds`, `userIds`) shows above
  // it like everything else, and the server's refusal as it says it.
  const { errors, setErrors, saving, send } = useContractForm<'taskIds' | 'groupIds' | 'userIds'>([]);
  const error = errors.form ?? errors.taskIds ?? errors.groupIds ?? errors.userIds ?? null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!hasPeople(people)) {
      setErrors({ form: t('dialogs.choosePeople') });
      return;
    }
    // Groups first, then members (two calls); one toast for both, with the new assignments of the two.
    const result = await sendTaskAssignments(send, taskIds, people);
    if (result === null) return;
    notify.success(assignedText(result));
    onAssigned?.(result.assigned);
    onClose();
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      description={description}
    >
      <form className="task-form" onSubmit={submit} noValidate>
        <FormAlert message={error} />
        <PeoplePicker library="tasks" value={people} onChange={setPeople} note={laterJoinersNote()} />
        <div className="dialog__footer">
          <Button variant="secondary" onClick={onClose}>
            {t('dialogs.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('dialogs.assign')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
};

const NEW_FOLDER_FIELDS = ['name'] as const;
/** Adding to a folder names no field of the dialog: its refusals show above it. */
const ADD_TO_FOLDER_FIELDS = [] as const;

/** Put one task into a folder, or into a new folder made here. */
export const AddToFolderDialog = ({ task, onClose }: { task: Task; onClose: () => void }) => {
  const { t } = useTranslation('tasks');
  const contents = useCall(taskFolders.getFolderContents, {});
  // Folders made in this dialog join the list at once (the cached list is read again next time).
  const [made, setMade] = useState<TaskFolder[]>([]);
  const listed =
    contents.state.status === 'ready'
      ? 'folders' in contents.state.data
        ? contents.state.data.folders
        : []
      : null;
  const folders = listed && [
    ...listed,
    ...made.filter((folder) => !listed.some((f) => f._id === folder._id)),
  ];
  const [folderId, setFolderId] = useState('');
  const [newName, setNewName] = useState('');
  // Two contract forms in one dialog: the new folder's name (create-folder) and the choice (assign-task-folder).
  const newFolder = useContractForm(NEW_FOLDER_FIELDS, taskFolders.createFolder);
  const addTo = useContractForm(ADD_TO_FOLDER_FIELDS);
  const nameError = newFolder.errors.name ?? newFolder.errors.form;
  const error = addTo.errors.form ?? (contents.state.status === 'error' ? contents.state.message : null);
  const asSent = { errorText: messageOf };

  const create = async () => {
    const folder = await newFolder.send(
      taskFolders.createFolder,
      { name: newName },
      {
        ...asSent,
        errors: { name: newName.trim() ? undefined : t('dialogs.folderNameRequired') },
        // The folder appears chosen in the list: that says it was made.
        toast: false,
      },
    );
    if (!folder) return;
    setMade((list) => [...list, folder]);
    setFolderId(folder._id);
    setNewName('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const folder = folders?.find((f) => f._id === folderId);
    const added = await addTo.send(
      taskFolders.assignTaskFolder,
      { folderId, taskIds: [task._id] },
      {
        ...asSent,
        errors: { form: folder ? undefined : t('dialogs.chooseFolder') },
        toast: folder ? t('dialogs.addedTo', { folder: folder.name }) : false,
      },
    );
    if (added) onClose();
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('dialogs.addToFolder')}
      description={t('dialogs.chooseFolderFor', { title: task.title })}
    >
      <form className="task-form" onSubmit={submit} noValidate>
        <FormAlert message={error} />
        {folders === null && !error ? <Spinner label={t('dialogs.loadingFolders')} /> : null}
        {folders && folders.length === 0 ? (
          <p className="people-pick__empty">{t('dialogs.noFolders')}</p>
        ) : null}
        {folders && folders.length > 0 ? (
          <fieldset className="folder-choice">
            <legend className="visually-hidden">{t('dialogs.folder')}</legend>
            {folders.map((folder) => (
              <label key={folder._id} className="picker__row folder-choice__row">
                <input
                  type="radio"
                  name="folder"
                  value={folder._id}
                  checked={folderId === folder._id}
                  onChange={() => setFolderId(folder._id)}
                />
                <span className="people-pick__who">
                  <span className="people-pick__name">{folder.name}</span>
                  <span className="people-pick__detail">{countOf('tasks', folder.taskCount)}</span>
                </span>
              </label>
            ))}
          </fieldset>
        ) : null}
        <div className="folder-choice__new">
          <TextField
            label={t('dialogs.newFolder')}
            placeholder={t('dialogs.folderName')}
            value={newName}
            maxLength={newFolder.limits.name?.maxLength}
            error={nameError}
            onChange={(event) => setNewName(event.target.value)}
            onKeyDown={(event) => {
              // Enter here creates the folder instead of submitting the dialog.
              if (event.key === 'Enter') {
                event.preventDefault();
                void create();
              }
            }}
          />
          <Button variant="secondary" loading={newFolder.saving} onClick={() => void create()}>
            {t('dialogs.createFolder')}
          </Button>
        </div>
        <div className="dialog__footer">
          <Button variant="secondary" onClick={onClose}>
            {t('dialogs.cancel')}
          </Button>
          <Button type="submit" loading={addTo.saving} disabled={!folderId}>
            {t('dialogs.addToFolder')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
};

/** Deletes a task nobody started, or archives one with assignments; the server's message says which. */
export const DeleteTaskDialog = ({
  task,
  onClose,
  onDeleted,
}: {
  task: Task;
  onClose: () => void;
  onDeleted: () => void;
}) => {
  const { t } = useTranslation('tasks');
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      const { message } = await api.callWithMessage(tasks.deleteTask, { taskId: task._id });
      notify.success(message);
      onDeleted();
    } catch (err) {
      notify.error(messageOf(err));
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      title={t('dialogs.deleteTitle', { title: task.title })}
      description={
        task.assignedCount > 0
          ? t('dialogs.deleteAssigned', {
              count: task.assignedCount,
              value: formatNumber(task.assignedCount),
            })
          : t('dialogs.deleteNobody')
      }
      confirmLabel={task.assignedCount > 0 ? t('dialogs.archiveTask') : t('dialogs.deleteTask')}
      busy={busy}
      onConfirm={() => void remove()}
      onCancel={onClose}
    />
  );
};
