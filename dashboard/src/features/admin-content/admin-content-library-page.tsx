import { GROUP_SEARCH_DEBOUNCE_MS } from '@coach/shared/constants/timing';
import { adminContent, type PlatformContent } from '@coach/shared/contract/admin-content';
import {
  VIDEO_CATEGORY_KEYS,
  VIDEO_CATEGORY_LABELS,
  type VideoCategoryKey,
} from '@coach/shared/contract/video';
import { truncateText } from '@coach/shared/format/truncate-text';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { fillPath, paths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { useConfirmedDelete } from '../../lib/use-confirmed-delete.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { usePagedList } from '../../lib/use-paged-list.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog, Dialog } from '../../ui/dialog.tsx';
import { DropdownMenu, DropdownMenuItem, DropdownMenuSeparator } from '../../ui/dropdown-menu.tsx';
import { PageHeader } from '../../ui/layout.tsx';
import { PagedTable } from '../../ui/paged-table.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { SearchBox } from '../../ui/table.tsx';
import { SelectField } from '../../ui/text-field.tsx';
import { formatDuration } from './format.ts';
import '../../ui/video-player/video-player-dialog.css';
import './admin-content.css';

const VideoPlayer = lazy(() => import('../../ui/video-player/video-player.tsx'));

/** Plays a library video in the shared player, untracked (an admin's preview records no views). */
const PreviewDialog = ({ video, onClose }: { video: PlatformContent; onClose: () => void }) => (
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
    description={[VIDEO_CATEGORY_LABELS[video.category], video.coach].filter(Boolean).join(' · ')}
  >
    <div className="video-dialog">
      <Suspense fallback={<LoadingBlock label="Loading the player" />}>
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

/** /admin/content-library: the platform's videos, offered to enterprises (issue 7, spec §2). */
export const AdminContentLibraryPage = () => {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const searchInput = useDebounced(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const [category, setCategory] = useState<VideoCategoryKey | ''>('');
  const list = usePagedList(`${searchInput}|${category}`, (currentPage) =>
    api.call(adminContent.list, { searchInput, currentPage, ...(category ? { category } : {}) }),
  );
  const [playing, setPlaying] = useState<PlatformContent | null>(null);
  const deletion = useConfirmedDelete<PlatformContent>(
    async (video) => (await api.callWithMessage(adminContent.remove, { contentId: video._id })).message,
    () => list.reload(),
  );
  const bulkFor = (video: PlatformContent) =>
    `${paths.admin.bulkContent}?contentId=${encodeURIComponent(video._id)}`;

  const filtered = Boolean(searchInput || category);
  return (
    <div className="admin-content">
      <PageHeader
        title="Content Library"
        description="The platform's videos. Offer them to enterprises so their people can watch them."
        actions={
          <>
            <Button variant="secondary" onClick={() => navigate(paths.admin.bulkContent)}>
              Assign to enterprises
            </Button>
            <Button onClick={() => navigate(paths.admin.createContent)}>Add video</Button>
          </>
        }
      />
      <div className="list-toolbar admin-content__toolbar">
        <SearchBox
          label="Search videos"
          placeholder="Search titles or coaches..."
          value={search}
          onChange={setSearch}
        />
        <div className="admin-content__filter">
          <SelectField
            label="Category"
            value={category}
            onChange={(event) => setCategory(event.target.value as VideoCategoryKey | '')}
          >
            <option value="">All categories</option>
            {VIDEO_CATEGORY_KEYS.map((key) => (
              <option key={key} value={key}>
                {VIDEO_CATEGORY_LABELS[key]}
              </option>
            ))}
          </SelectField>
        </div>
      </div>

      <PagedTable
        list={list}
        noun="videos"
        empty={{
          title: filtered ? 'No video matches' : 'No videos yet',
          description: filtered ? 'Try another search or category.' : 'Add a video to start the library.',
        }}
        head={
          <>
            <th scope="col">Video</th>
            <th scope="col">Category</th>
            <th scope="col">Coach</th>
            <th scope="col">Enterprises</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </>
        }
        row={(video) => (
          <tr key={video._id}>
            <td>
              <div className="admin-content__video">
                <button
                  type="button"
                  className="admin-content__thumb"
                  // The name holds the duration the button shows (label-in-name).
                  aria-label={
                    video.durationSeconds > 0
                      ? `Play ${video.title}, ${formatDuration(video.durationSeconds)}`
                      : `Play ${video.title}`
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
                  <Link
                    className="admin-content__title"
                    to={fillPath(paths.admin.editContent, { id: video._id })}
                  >
                    {video.title}
                  </Link>
                  {video.description ? (
                    <span className="admin-content__description">{truncateText(video.description)}</span>
                  ) : null}
                </div>
              </div>
            </td>
            <td data-label="Category">
              <span className="chip chip--accent">{VIDEO_CATEGORY_LABELS[video.category]}</span>
            </td>
            <td data-label="Coach">{video.coach || <span className="admin-content__muted">None</span>}</td>
            <td data-label="Enterprises">
              <span className={video.enterpriseCount ? 'chip' : 'admin-content__muted'}>
                {video.enterpriseCount ? `${video.enterpriseCount}` : 'Not offered'}
              </span>
            </td>
            <td>
              <div className="table__actions">
                <DropdownMenu
                  label={`Actions for ${video.title}`}
                  trigger={
                    <Button variant="ghost" size="sm">
                      ⋯<span className="visually-hidden">Actions for {video.title}</span>
                    </Button>
                  }
                >
                  <DropdownMenuItem onSelect={() => setPlaying(video)}>Play</DropdownMenuItem>
                  <DropdownMenuItem
                    onSelect={() => navigate(fillPath(paths.admin.editContent, { id: video._id }))}
                  >
                    Edit
                  </DropdownMenuItem>
                  <DropdownMenuItem onSelect={() => navigate(bulkFor(video))}>
                    Offer or withdraw
                  </DropdownMenuItem>
                  <DropdownMenuSeparator />
                  <DropdownMenuItem onSelect={() => deletion.ask(video)}>Delete</DropdownMenuItem>
                </DropdownMenu>
              </div>
            </td>
          </tr>
        )}
      />

      {playing ? <PreviewDialog video={playing} onClose={() => setPlaying(null)} /> : null}
      {deletion.pending ? (
        <ConfirmDialog
          title={`Delete ${deletion.pending.title}?`}
          description={
            deletion.pending.enterpriseCount > 0
              ? `${deletion.pending.enterpriseCount} ${deletion.pending.enterpriseCount === 1 ? 'enterprise has' : 'enterprises have'} this video. Withdraw it from them first; deleting is refused while any enterprise has it.`
              : 'The video is removed from the platform library for good.'
          }
          confirmLabel="Delete video"
          {...deletion.dialog}
        />
      ) : null}
    </div>
  );
};
