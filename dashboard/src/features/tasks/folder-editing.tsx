import { type TaskFolder, taskFolders } from '@coach/shared/contract/task-folders';
import type { Task } from '@coach/shared/contract/tasks';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog, Dialog } from '../../ui/dialog.tsx';
import { FormAlert } from '../../ui/states.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { type PickedTask, TaskPicker } from './task-picker.tsx';
import { countOf, messageOf } from './task-text.ts';

const NAME_FIELDS = ['name'] as const;
const NO_FIELDS = [] as const;
/** The chosen tasks' errors (none chosen, too many) show above the picker. */
const ADD_TASKS_FIELDS = ['taskIds'] as const;

/** Name a new folder, or rename one. */
const FolderNameDialog = ({
  folder,
  onClose,
  onSaved,
}: {
  folder: TaskFolder | null;
  onClose: () => void;
  onSaved: (folder: TaskFolder) => void;
}) => {
  const { t } = useTranslation('tasks');
  const [name, setName] = useState(folder?.name ?? '');
  const { errors, saving, send, field } = useContractForm(
    NAME_FIELDS,
    folder ? taskFolders.renameFolder : taskFolders.createFolder,
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const options = {
      errorText: messageOf,
      errors: { name: name.trim() ? undefined : t('folders.nameRequired') },
      toast: folder ? t('folders.renamed') : t('folders.created'),
    };
    const saved = folder
      ? await send(taskFolders.renameFolder, { folderId: folder._id, name }, options)
      : await send(taskFolders.createFolder, { name }, options);
    if (saved) onSaved(saved);
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={folder ? t('folders.renameTitle') : t('folders.newTitle')}
      description={
        folder ? t('folders.renameDescription', { name: folder.name }) : t('folders.newDescription')
      }
    >
      <form className="task-form" onSubmit={submit} noValidate>
        <TextField
          label={t('folders.name')}
          value={name}
          maxLength={field('name').maxLength}
          // The dialog has one field: a refusal naming no field shows under it too.
          error={errors.name ?? errors.form}
          autoFocus
          onChange={(event) => setName(event.target.value)}
        />
        <div className="dialog__footer">
          <Button variant="secondary" onClick={onClose}>
            {t('folders.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {folder ? t('folders.rename') : t('folders.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
};

const DeleteFolderDialog = ({
  folder,
  onClose,
  onDeleted,
}: {
  folder: TaskFolder;
  onClose: () => void;
  onDeleted: () => void;
}) => {
  const { t } = useTranslation('tasks');
  // No field to show an error at: a refusal is a toast, as the confirmation has no room for one.
  const { saving, send } = useContractForm(NO_FIELDS);
  const remove = async () => {
    const deleted = await send(
      taskFolders.deleteFolder,
      { folderId: folder._id },
      { toast: t('folders.deleted'), onError: (err) => notify.error(messageOf(err)) },
    );
    if (deleted) onDeleted();
  };
  return (
    <ConfirmDialog
      title={t('folders.deleteTitle', { name: folder.name })}
      description={
        folder.taskCount > 0
          ? t('folders.deleteDescription', { tasks: countOf('tasks', folder.taskCount) })
          : t('folders.deleteEmpty')
      }
      confirmLabel={t('folders.deleteConfirm')}
      busy={saving}
      onConfirm={() => void remove()}
      onCancel={onClose}
    />
  );
};

export type FolderAction = { kind: 'create' } | { kind: 'rename' | 'delete'; folder: TaskFolder };

/** The dialog a folder action opens: name a new folder, rename one, or delete one. */
export const FolderDialogs = ({
  action,
  onClose,
  onChanged,
}: {
  action: FolderAction | null;
  onClose: () => void;
  onChanged: (kind: FolderAction['kind'], folder: TaskFolder | null) => void;
}) => {
  if (!action) return null;
  if (action.kind === 'delete')
    return (
      <DeleteFolderDialog
        folder={action.folder}
        onClose={onClose}
        onDeleted={() => onChanged('delete', action.folder)}
      />
    );
  return (
    <FolderNameDialog
      folder={action.kind === 'rename' ? action.folder : null}
      onClose={onClose}
      onSaved={(folder) => onChanged(action.kind, folder)}
    />
  );
};

/** Choose tasks of the library to put in a folder (those already in it cannot be chosen). */
export const AddTasksDialog = ({
  folder,
  inFolder,
  onClose,
  onAdded,
}: {
  folder: TaskFolder;
  inFolder: Task[];
  onClose: () => void;
  onAdded: () => void;
}) => {
  const { t } = useTranslation('tasks');
  const [chosen, setChosen] = useState<PickedTask[]>([]);
  const { errors, saving, send } = useContractForm(ADD_TASKS_FIELDS, taskFolders.assignTaskFolder);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const added = await send(
      taskFolders.assignTaskFolder,
      { folderId: folder._id, taskIds: chosen.map((task) => task._id) },
      {
        errorText: messageOf,
        errors: { taskIds: chosen.length ? undefined : t('folders.chooseTask') },
        toast: t('folders.addedTo', { tasks: countOf('tasks', chosen.length), folder: folder.name }),
      },
    );
    if (added) onAdded();
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('folders.addTasks')}
      description={t('folders.addTasksDescription', { folder: folder.name })}
    >
      <form className="task-form" onSubmit={submit} noValidate>
        <FormAlert message={errors.taskIds ?? errors.form ?? null} />
        <TaskPicker
          selected={chosen}
          onChange={setChosen}
          unavailable={Object.fromEntries(inFolder.map((task) => [task._id, t('folders.alreadyIn')]))}
        />
        <div className="dialog__footer">
          <Button variant="secondary" onClick={onClose}>
            {t('folders.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('folders.addToFolder')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
};
