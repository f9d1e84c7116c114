import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { contentLibrary, type VideoContent } from '@coach/shared/contract/content';
import { type FormEvent, useState } from 'react';
import { api } from '../../lib/api.ts';
import { formatDate } from '../../lib/dates.ts';
import { notify } from '../../lib/notify.ts';
import { useLoad } from '../../lib/use-load.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { hasPeople, NO_PEOPLE, type People, PeoplePicker } from '../../ui/people-picker.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { EmptyState, ErrorState, FormAlert } from '../../ui/states.tsx';
import { Pagination } from '../../ui/table.tsx';

export const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE;

/** Assigns the video to the chosen groups and members; answers the number of new assignments. */
const assignVideo = async (contentId: string, people: People): Promise<number> => {
  let assigned = 0;
  if (people.groups.length > 0) {
    const result = await api.call(contentLibrary.assignContentGroupUsers, {
      contentIds: [contentId],
      groupIds: people.groups.map((group) => group._id),
    });
    assigned += result.assigned;
  }
  if (people.members.length > 0) {
    const result = await api.call(contentLibrary.assignContentUsers, {
      contentIds: [contentId],
      userIds: people.members.map((member) => member._id),
    });
    assigned += result.assigned;
  }
  return assigned;
};

const assignedText = (assigned: number) =>
  assigned === 0
    ? 'Everyone chosen already had this video.'
    : `Video assigned to ${assigned} ${assigned === 1 ? 'member' : 'members'}.`;

/** Assign a video to groups and/or members (assign-content-group-users, assign-content-users). */
export const AssignVideoDialog = ({ video, onClose }: { video: VideoContent; onClose: () => void }) => {
  const [people, setPeople] = useState<People>(NO_PEOPLE);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!hasPeople(people)) {
      setError('Choose at least one group or member to assign to.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      notify.success(assignedText(await assignVideo(video._id, people)));
      onClose();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Assign video"
      description={`Choose who gets “${video.title}”.`}
    >
      <form className="content-form" onSubmit={submit} noValidate>
        <FormAlert message={error} />
        <PeoplePicker library="content" value={people} onChange={setPeople} />
        <div className="dialog__footer">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Assign
          </Button>
        </div>
      </form>
    </Dialog>
  );
};

/** Members the video is assigned to and whether they watched it (get-members-by-contentid), a page at a time. */
export const WhoWatchedDialog = ({ video, onClose }: { video: VideoContent; onClose: () => void }) => {
  const [page, setPage] = useState(1);
  const { state, reload } = useLoad(`${video._id}:${page}`, () =>
    api.call(contentLibrary.getMembersByContentId, { contentId: video._id, currentPage: page }),
  );

  const body = () => {
    if (state.status === 'loading') return <LoadingBlock label="Loading members" />;
    if (state.status === 'error')
      return (
        <ErrorState
          title="Members could not be loaded"
          description={state.message}
          action={
            <Button variant="secondary" onClick={reload}>
              Try again
            </Button>
          }
        />
      );
    const { listdata, currentPage, totalPages, totalCount } = state.data;
    if (listdata.length === 0)
      return (
        <EmptyState
          title="Not assigned yet"
          description="Assign the video to groups or members to see who watched it."
        />
      );
    return (
      <>
        <ul className="watchers" aria-label="Members with this video">
          {listdata.map((row) => (
            <li key={row._id} className="watchers__row">
              <span className="watchers__who">
                <span className="watchers__name">{row.name}</span>
                <span className="watchers__email">{row.email}</span>
              </span>
              <span className={row.viewed ? 'chip chip--accent' : 'chip'}>
                {row.viewed
                  ? `Watched${row.viewedAt ? ` · ${formatDate(row.viewedAt)}` : ''}`
                  : 'Not watched'}
              </span>
            </li>
          ))}
        </ul>
        {totalPages > 1 ? (
          <Pagination
            page={currentPage}
            totalPages={totalPages}
            totalCount={totalCount}
            onPage={setPage}
            noun="members"
          />
        ) : null}
      </>
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Who watched"
      description={video.title}
    >
      {body()}
    </Dialog>
  );
};
