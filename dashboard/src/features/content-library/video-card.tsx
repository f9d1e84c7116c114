import type { VideoContent } from '@coach/shared/contract/content';
import { compactNumber } from '@coach/shared/format/compact-number';
import { useTranslation } from 'react-i18next';
import { DropdownMenu, DropdownMenuItem } from '../../ui/dropdown-menu.tsx';
import { categoryName } from './video-text.ts';

export type VideoAction = 'play' | 'assign' | 'watchers' | 'task';

/** 75 -> '1:15'. */
export const formatDuration = (seconds: number) => {
  const whole = Math.max(0, Math.round(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
};

/** One video of the library: thumbnail (plays it), title, coach, category, duration, views and likes, menu. */
export const VideoCard = ({
  video,
  onAction,
}: {
  video: VideoContent;
  onAction: (action: VideoAction, video: VideoContent) => void;
}) => {
  const { t } = useTranslation('content-library');
  return (
    <article className="video-card" aria-labelledby={`video-${video._id}`}>
      <button
        type="button"
        className="video-card__thumb"
        // The name holds the duration the button shows (label-in-name).
        aria-label={t('card.play', { title: video.title, duration: formatDuration(video.durationSeconds) })}
        onClick={() => onAction('play', video)}
      >
        {video.thumbnailUrl ? <img src={video.thumbnailUrl} alt="" loading="lazy" /> : null}
        <span className="video-card__play" aria-hidden="true">
          <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" fill="currentColor">
            <path d="M8 5.5v13l10.5-6.5Z" />
          </svg>
        </span>
        <span className="video-card__duration">{formatDuration(video.durationSeconds)}</span>
      </button>
      <div className="video-card__body">
        <div className="video-card__top">
          <span className="chip chip--accent">{categoryName(video.category, video.categoryLabel)}</span>
          {video.viewedByMe ? <span className="chip">{t('card.watched')}</span> : null}
          <DropdownMenu
            label={t('card.actionsFor', { title: video.title })}
            trigger={
              <button type="button" className="btn btn--ghost btn--sm video-card__menu">
                <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="currentColor">
                  <circle cx="5" cy="12" r="1.8" />
                  <circle cx="12" cy="12" r="1.8" />
                  <circle cx="19" cy="12" r="1.8" />
                </svg>
              </button>
            }
          >
            <DropdownMenuItem onSelect={() => onAction('play', video)}>
              {t('card.menu.play')}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onAction('assign', video)}>
              {t('card.menu.assign')}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onAction('watchers', video)}>
              {t('card.menu.watchers')}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onAction('task', video)}>
              {t('card.menu.task')}
            </DropdownMenuItem>
          </DropdownMenu>
        </div>
        <h3 className="video-card__title" id={`video-${video._id}`}>
          <button type="button" className="video-card__title-button" onClick={() => onAction('play', video)}>
            {video.title}
          </button>
        </h3>
        <p className="video-card__coach">{t('card.by', { coach: video.coach })}</p>
        <p className="video-card__counts">
          <span>{t('card.views', { count: video.viewCount, value: compactNumber(video.viewCount) })}</span>
          <span>{t('card.likes', { count: video.likeCount, value: compactNumber(video.likeCount) })}</span>
        </p>
      </div>
    </article>
  );
};

/** Video cards in a responsive grid. */
export const VideoGrid = ({
  items,
  label,
  id,
  onAction,
}: {
  items: VideoContent[];
  label: string;
  id?: string;
  onAction: (action: VideoAction, video: VideoContent) => void;
}) => (
  <ul className="video-grid" aria-label={label} id={id}>
    {items.map((video) => (
      <li key={video._id}>
        <VideoCard video={video} onAction={onAction} />
      </li>
    ))}
  </ul>
);
