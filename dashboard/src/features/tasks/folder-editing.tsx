import { type TaskFolder, taskFolders } from '@coach/shared/contract/task-folders';
import type { Task } from '@coach/shared/contract/tasks';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog, Dialog } from '../../ui/dialog.tsx';
import { FormAlert } from '../../ui/states.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { type PickedTask, TaskPicker } from './task-picker.tsx';
import { countOf, messageOf } from './task-text.ts';

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
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t('folders.nameRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const saved = folder
        ? await api.call(taskFolders.renameFolder, { folderId: folder._id, name: name.trim() })
        : await api.call(taskFolders.createFolder, { name: name.trim() });
      notify.success(folder ? t('folders.renamed') : t('folders.created'));
      onSaved(saved);
    } catch (err) {
      setError(messageOf(err));
      setBusy(false);
    }
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
          maxLength={100}
          error={error}
          autoFocus
          onChange={(event) => setName(event.target.value)}
        />
        <div className="dialog__footer">
          <Button variant="secondary" onClick={onClose}>
            {t('folders.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
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
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await api.call(taskFolders.deleteFolder, { folderId: folder._id });
      notify.success(t('folders.deleted'));
      onDeleted();
    } catch (err) {
      notify.error(messageOf(err));
      setBusy(false);
    }
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
      busy={busy}
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
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) {
      setError(t('folders.chooseTask'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.call(taskFolders.assignTaskFolder, {
        folderId: folder._id,
        taskIds: chosen.map((task) => task._id),
      });
      notify.success(t('folders.addedTo', { tasks: countOf('tasks', chosen.length), folder: folder.name }));
      onAdded();
    } catch (err) {
      setError(messageOf(err));
      setBusy(false);
    }
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
        <FormAlert message={error} />
        <TaskPicker
          selected={chosen}
          onChange={setChosen}
          unavailable={Object.fromEntries(inFolder.map((task) => [task._id, t('folders.alreadyIn')]))}
        />
        <div className="dialog__footer">
          <Button variant="secondary" onClick={onClose}>
            {t('folders.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('folders.addToFolder')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
};
