import type { TASK_TYPES } from '@coach/shared/constants/task-types';
import { useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.tsx';
import { VideoPlayerDialog } from '../../../widgets/video-player/video-player-dialog.tsx';
import { Intro, type RunnerInput } from './runner-parts.tsx';

/** A Video task: the content player opens over the task; 'viewed' at 80 % completes it (spec §4). */
export const VideoRunner = ({
  video,
  props: { readOnly },
  onVideoViewed,
}: RunnerInput<typeof TASK_TYPES.video>) => {
  const { t } = useTranslation(['my-tasks', 'content-library']);
  const [open, setOpen] = useState(false);
  const viewed = useRef(false);
  if (!video)
    return (
      <div className="runner">
        <div className="alert alert--info" role="note">
          {t('runner.videoGone')}
        </div>
      </div>
    );
  return (
    <div className="runner">
      <Intro readOnly={readOnly}>{t('runner.videoIntro')}</Intro>
      <p className="my-task__note">
        <Trans
          t={t}
          i18nKey="runner.videoBy"
          values={{
            title: video.title,
            coach: video.coach,
            category: t(`content-library:categories.${video.category}`, {
              defaultValue: video.categoryLabel,
            }),
          }}
          components={{ strong: <strong /> }}
        />
      </p>
      <div>
        <Button onClick={() => setOpen(true)}>{readOnly ? t('runner.watchAgain') : t('runner.watch')}</Button>
      </div>
      {open ? (
        <VideoPlayerDialog
          video={video}
          onViewed={() => {
            viewed.current = true;
          }}
          onClose={() => {
            setOpen(false);
            // The server completed the task when 'viewed' was recorded: show it once the player is closed.
            if (viewed.current && !readOnly) onVideoViewed?.();
          }}
        />
      ) : null}
    </div>
  );
};
