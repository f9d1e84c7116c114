import { adminContent, type PlatformContent } from '@coach/shared/contract/admin-content';
import { VIDEO_CATEGORY_KEYS, type VideoCategoryKey } from '@coach/shared/contract/video';
import { truncateText } from '@coach/shared/format/truncate-text';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { fillPath, paths } from '../../config/paths.ts';
import { formatNumber } from '../../i18n/format.ts';
import { api } from '../../lib/api.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { DropdownMenu, DropdownMenuItem, DropdownMenuSeparator } from '../../ui/dropdown-menu.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { SelectField } from '../../ui/text-field.tsx';
import { type Column, ListScreen, useListScreen } from '../../widgets/list-screen.tsx';
import { formatDuration } from './format.ts';
import '../../ui/video-player/video-player-dialog.css';
import './admin-content.css';

const VideoPlayer = lazy(() => import('../../ui/video-player/video-player.tsx'));

/** Plays a library video in the shared player, untracked (an admin's preview records no views). */
const PreviewDialog = ({ video, onClose }: { video: PlatformContent; onClose: () => void }) => {
  const { t } = useTranslation('admin-content');
  return (
    <Dialog
      open
      size="wide"
      onEscapeKeyDown={(event) => {
        if (event.target instanceof Element && event.target.closest('.plyr__menu')) event.preventDefault();
      }}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={video.title}
      description={[t(`categories.${video.category}`), video.coach].filter(Boolean).join(' · ')}
    >
      <div className="video-dialog">
        <Suspense fallback={<LoadingBlock label={t('library.loadingPlayer')} />}>
          <VideoPlayer
            src={video.videoUrl}
            hls={video.hls}
            title={video.title}
            poster={video.thumbnailUrl}
            tracks={video.subtitles}
          />
        </Suspense>
      </div>
    </Dialog>
  );
};

/** /admin/content-library: the platform's videos, offered to enterprises (spec §2). */
export const AdminContentLibraryPage = () => {
  const { t } = useTranslation('admin-content');
  const navigate = useNavigate();
  const [category, setCategory] = useState<VideoCategoryKey | ''>('');
  const screen = useListScreen<PlatformContent>({
    call: adminContent.list,
    filters: [category],
    fetch: ({ search: searchInput, currentPage }) =>
      api.call(adminContent.list, { searchInput, currentPage, ...(category ? { category } : {}) }),
    remove: async (video) =>
      (await api.callWithMessage(adminContent.remove, { contentId: video._id })).message,
  });
  const [playing, setPlaying] = useState<PlatformContent | null>(null);
  const bulkFor = (video: PlatformContent) =>
    `${paths.admin.bulkContent}?contentId=${encodeURIComponent(video._id)}`;

  const columns: Column<PlatformContent>[] = [
    {
      header: t('library.video'),
      unlabelled: true,
      cell: (video) => (
        <div className="admin-content__video">
          <button
            type="button"
            className="admin-content__thumb"
            // The name holds the duration the button shows (label-in-name).
            aria-label={
              video.durationSeconds > 0
                ? t('library.playFor', {
                    title: video.title,
                    duration: formatDuration(video.durationSeconds),
                  })
                : t('library.playTitle', { title: video.title })
            }
            onClick={() => setPlaying(video)}
          >
            {video.thumbnailUrl ? <img src={video.thumbnailUrl} alt="" loading="lazy" /> : null}
            <span className="admin-content__play" aria-hidden="true">
              ▶
            </span>
            {video.durationSeconds > 0 ? (
              <span className="admin-content__duration">{formatDuration(video.durationSeconds)}</span>
            ) : null}
          </button>
          <div className="admin-content__text">
            <Link className="admin-content__title" to={fillPath(paths.admin.editContent, { id: video._id })}>
              {video.title}
            </Link>
            {video.description ? (
              <span className="admin-content__description" dir="auto">
                {truncateText(video.description)}
              </span>
            ) : null}
          </div>
        </div>
      ),
    },
    {
      header: t('library.category'),
      cell: (video) => <span className="chip chip--accent">{t(`categories.${video.category}`)}</span>,
    },
    {
      header: t('library.coach'),
      cell: (video) => video.coach || <span className="admin-content__muted">{t('library.noCoach')}</span>,
    },
    {
      header: t('library.enterprises'),
      cell: (video) => (
        <span className={video.enterpriseCount ? 'chip' : 'admin-content__muted'}>
          {video.enterpriseCount ? formatNumber(video.enterpriseCount) : t('library.notOffered')}
        </span>
      ),
    },
    {
      header: t('library.actions'),
      hiddenHeader: true,
      cell: (video) => (
        <div className="table__actions">
          <DropdownMenu
            label={t('library.actionsFor', { title: video.title })}
            trigger={
              <Button variant="ghost" size="sm">
                ⋯<span className="visually-hidden">{t('library.actionsFor', { title: video.title })}</span>
              </Button>
            }
          >
            <DropdownMenuItem onSelect={() => setPlaying(video)}>{t('library.play')}</DropdownMenuItem>
            <DropdownMenuItem onSelect={() => navigate(fillPath(paths.admin.editContent, { id: video._id }))}>
              {t('library.edit')}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => navigate(bulkFor(video))}>
              {t('library.offer')}
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => screen.deletion.ask(video)}>
              {t('library.delete')}
            </DropdownMenuItem>
          </DropdownMenu>
        </div>
      ),
    },
  ];

  const filtered = Boolean(screen.search || category);
  return (
    <ListScreen
      className="admin-content"
      title={t('library.title')}
      description={t('library.description')}
      actions={
        <>
          <Button variant="secondary" onClick={() => navigate(paths.admin.bulkContent)}>
            {t('library.assign')}
          </Button>
          <Button onClick={() => navigate(paths.admin.createContent)}>{t('library.add')}</Button>
        </>
      }
      screen={screen}
      search={{ label: t('library.search'), placeholder: t('library.searchPlaceholder') }}
      toolbarClassName="list-toolbar admin-content__toolbar"
      filters={
        <div className="admin-content__filter">
          <SelectField
            label={t('library.category')}
            value={category}
            onChange={(event) => setCategory(event.target.value as VideoCategoryKey | '')}
          >
            <option value="">{t('library.allCategories')}</option>
            {VIDEO_CATEGORY_KEYS.map((key) => (
              <option key={key} value={key}>
                {t(`categories.${key}`)}
              </option>
            ))}
          </SelectField>
        </div>
      }
      noun={t('library.noun')}
      empty={{
        title: filtered ? t('library.noMatch') : t('library.none'),
        description: filtered ? t('library.noMatchText') : t('library.noneText'),
      }}
      columns={columns}
      rowKey={(video) => video._id}
      confirmDelete={(video) => ({
        title: t('library.deleteTitle', { title: video.title }),
        description:
          video.enterpriseCount > 0
            ? t('library.deleteHeld', { count: video.enterpriseCount })
            : t('library.deleteText'),
        confirmLabel: t('library.deleteConfirm'),
        // The server refuses (409) while any enterprise has the video; the description says so, Close is offered.
        blocked: video.enterpriseCount > 0,
      })}
    >
      {playing ? <PreviewDialog video={playing} onClose={() => setPlaying(null)} /> : null}
    </ListScreen>
  );
};
