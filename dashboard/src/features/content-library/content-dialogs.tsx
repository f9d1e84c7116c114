import { contentLibrary, type VideoContent } from '@coach/shared/contract/content';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { i18n } from '../../i18n/index.ts';
import { formatDate } from '../../lib/dates.ts';
import { notify } from '../../lib/notify.ts';
import { useCall } from '../../lib/use-call.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { EmptyState, ErrorState, FormAlert } from '../../ui/states.tsx';
import { Pagination } from '../../ui/table.tsx';
import { hasPeople, NO_PEOPLE, type People, PeoplePicker } from '../../widgets/people-picker.tsx';

/** None made is either because nobody was reached (only empty groups chosen) or because everyone had the video. */
const assignedText = ({ assigned, reached }: { assigned: number; reached: number }) => {
  if (assigned > 0)
    return i18n.t('content-library:assign.done', { count: assigned, value: formatNumber(assigned) });
  return reached === 0 ? i18n.t('content-library:assign.nobody') : i18n.t('content-library:assign.none');
};

/** The chosen groups' and members' errors (too many at once) show above the picker, as the server's would. */
const ASSIGN_FIELDS = ['groupIds', 'userIds'] as const;
/** Nothing was chosen on that side: no call, no new assignments, nobody in a group reached. */
const NONE = { assigned: 0, groupMembers: 0 };

/** Assign a video to groups and/or members (assign-content-group-users, assign-content-users). */
export const AssignVideoDialog = ({ video, onClose }: { video: VideoContent; onClose: () => void }) => {
  const { t } = useTranslation('content-library');
  const [people, setPeople] = useState<People>(NO_PEOPLE);
  const { errors, setErrors, saving, send } = useContractForm(ASSIGN_FIELDS);
  // One toast for both calls: how many new assignments they made together.
  const quietly = { toast: false } as const;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!hasPeople(people)) {
      setErrors({ form: t('assign.required') });
      return;
    }
    const contentIds = [video._id];
    const toGroups = people.groups.length
      ? await send(
          contentLibrary.assignContentGroupUsers,
          { contentIds, groupIds: people.groups.map((group) => group._id) },
          quietly,
        )
      : NONE;
    if (!toGroups) return;
    const toMembers = people.members.length
      ? await send(
          contentLibrary.assignContentUsers,
          { contentIds, userIds: people.members.map((member) => member._id) },
          quietly,
        )
      : NONE;
    if (!toMembers) return;
    notify.success(
      assignedText({
        assigned: toGroups.assigned + toMembers.assigned,
        reached: toGroups.groupMembers + people.members.length,
      }),
    );
    onClose();
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('assign.title')}
      description={t('assign.description', { title: video.title })}
    >
      <form className="content-form" onSubmit={submit} noValidate>
        <FormAlert message={errors.form ?? errors.groupIds ?? errors.userIds ?? null} />
        <PeoplePicker library="content" value={people} onChange={setPeople} />
        <div className="dialog__footer">
          <Button variant="secondary" onClick={onClose}>
            {t('common:ui.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('assign.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
};

/** Members the video is assigned to and whether they watched it (get-members-by-contentid), a page at a time. */
export const WhoWatchedDialog = ({ video, onClose }: { video: VideoContent; onClose: () => void }) => {
  const { t } = useTranslation('content-library');
  const [page, setPage] = useState(1);
  const { state, reload } = useCall(contentLibrary.getMembersByContentId, {
    contentId: video._id,
    currentPage: page,
  });

  const body = () => {
    if (state.status === 'loading') return <LoadingBlock label={t('watchers.loading')} />;
    if (state.status === 'error')
      return (
        <ErrorState
          title={t('watchers.error')}
          description={state.message}
          action={
            <Button variant="secondary" onClick={reload}>
              {t('common:ui.tryAgain')}
            </Button>
          }
        />
      );
    const { listdata, currentPage, totalPages, totalCount } = state.data;
    if (listdata.length === 0)
      return <EmptyState title={t('watchers.none')} description={t('watchers.noneText')} />;
    return (
      <>
        <ul className="watchers" aria-label={t('watchers.listLabel')}>
          {listdata.map((row) => (
            <li key={row._id} className="watchers__row">
              <span className="watchers__who">
                <span className="watchers__name">{row.name}</span>
                <span className="watchers__email">{row.email}</span>
              </span>
              <span className={row.viewed ? 'chip chip--accent' : 'chip'}>
                {row.viewed
                  ? row.viewedAt
                    ? t('watchers.watchedOn', { date: formatDate(row.viewedAt) })
                    : t('watchers.watched')
                  : t('watchers.notWatched')}
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
            noun={t('watchers.noun')}
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
      title={t('watchers.title')}
      description={video.title}
    >
      {body()}
    </Dialog>
  );
};
