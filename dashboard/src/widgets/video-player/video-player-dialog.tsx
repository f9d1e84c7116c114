import {
  type ContentActionName,
  contentActions,
  type DoActionResponse,
  type VideoContent,
} from '@coach/shared/contract/content';
import { compactNumber } from '@coach/shared/format/compact-number';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { LoadingBlock } from '../../ui/spinner.tsx';
import { notifyContentActionError } from './content-action-error.ts';
import { JournalingDialog, journalIncomplete } from './journaling-dialog.tsx';
import '../../ui/video-player/video-player-dialog.css';

// plyr, its CSS (and hls.js for HLS addresses) load only when a player opens.
const VideoPlayer = lazy(() => import('../../ui/video-player/video-player.tsx'));

/** The fields of a video the player and its actions change. */
export type VideoChanges = Partial<Pick<VideoContent, 'likedByMe' | 'likeCount' | 'viewedByMe' | 'journal'>>;

/**
 * The video player modal (spec §2) with the rules of spec §4: 'viewed' is recorded once more than 80 % has
 * played; closing after that while a journaling answer is missing opens the journaling modal instead, and
 * the two modals are never open together. A like button records 'liked' / 'unliked'.
 */
export const VideoPlayerDialog = ({
  video,
  onClose,
  onChange,
  onViewed,
}: {
  video: VideoContent;
  onClose: () => void;
  /** The video as the viewer's actions left it (likes, viewed, journal), for the list to show. */
  onChange?: (changes: VideoChanges) => void;
  /** 'viewed' was recorded; the answer says whether it completed the viewer's task. */
  onViewed?: (response: DoActionResponse) => void;
}) => {
  const { t } = useTranslation(['speech', 'content-library']);
  const [stage, setStage] = useState<'player' | 'journal'>('player');
  const [liked, setLiked] = useState(video.likedByMe);
  const [likeCount, setLikeCount] = useState(video.likeCount);
  const [likeBusy, setLikeBusy] = useState(false);
  const [journal, setJournal] = useState(video.journal);
  // Set when more than 80 % played in this sitting (spec §4 'closing the player after over 80 percent played').
  const playedEnough = useRef(false);

  const doAction = (actionName: ContentActionName) =>
    api.call(contentActions.doAction, { contentId: video._id, actionName });

  const recordViewed = async () => {
    playedEnough.current = true;
    try {
      const response = await doAction('viewed');
      onChange?.({ viewedByMe: true });
      if (response.taskCompleted) notify.success(t('video.taskCompleted'));
      onViewed?.(response);
    } catch (error) {
      notifyContentActionError(error);
    }
  };

  const toggleLike = async () => {
    const next = !liked;
    setLikeBusy(true);
    try {
      await doAction(next ? 'liked' : 'unliked');
      const count = Math.max(0, likeCount + (next ? 1 : -1));
      setLiked(next);
      setLikeCount(count);
      onChange?.({ likedByMe: next, likeCount: count });
    } catch (error) {
      notifyContentActionError(error);
    } finally {
      setLikeBusy(false);
    }
  };

  const requestClose = () => {
    if (playedEnough.current && journalIncomplete(journal)) setStage('journal');
    else onClose();
  };

  if (stage === 'journal')
    return (
      <JournalingDialog
        contentId={video._id}
        videoTitle={video.title}
        journal={journal}
        onClose={onClose}
        onSaved={(saved) => {
          setJournal(saved);
          onChange?.({ journal: saved });
        }}
      />
    );

  return (
    <Dialog
      open
      size="wide"
      onEscapeKeyDown={(event) => {
        // Escape in plyr's settings menu closes that menu, not the player.
        if (event.target instanceof Element && event.target.closest('.plyr__menu')) event.preventDefault();
      }}
      onOpenChange={(open) => {
        if (!open) requestClose();
      }}
      title={video.title}
      description={t('video.by', { coach: video.coach })}
    >
      <div className="video-dialog">
        <p className="video-dialog__meta">
          <span className="chip chip--accent">
            {t(`content-library:categories.${video.category}`, { defaultValue: video.categoryLabel })}
          </span>
        </p>
        <Suspense
          fallback={
            <div className="video-dialog__loading">
              <LoadingBlock label={t('video.loadingPlayer')} />
            </div>
          }
        >
          <VideoPlayer
            src={video.videoUrl}
            hls={video.hls}
            title={video.title}
            poster={video.thumbnailUrl}
            tracks={video.subtitles}
            onViewed={() => void recordViewed()}
          >
            <Button
              variant={liked ? 'primary' : 'secondary'}
              size="sm"
              aria-pressed={liked}
              loading={likeBusy}
              onClick={() => void toggleLike()}
              icon={
                <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" fill="currentColor">
                  <path d="M12 21s-7.5-4.6-9.6-9.1C1 8.7 3 5 6.6 5c2 0 3.4 1.1 4.4 2.5C12 6.1 13.4 5 15.4 5 19 5 21 8.7 19.6 11.9 17.5 16.4 12 21 12 21Z" />
                </svg>
              }
            >
              {liked ? t('video.liked') : t('video.like')}
            </Button>
            <span className="video-dialog__count">
              {t('video.likes', { count: likeCount, value: compactNumber(likeCount) })}
            </span>
          </VideoPlayer>
        </Suspense>
      </div>
    </Dialog>
  );
};
