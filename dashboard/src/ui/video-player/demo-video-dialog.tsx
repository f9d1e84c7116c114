import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../dialog.tsx';
import { LoadingBlock } from '../spinner.tsx';
import './video-player-dialog.css';

const VideoPlayer = lazy(() => import('./video-player.tsx'));

/**
 * The platform demo (spec §2 'demo video modal'), not tracked: a narrated walkthrough of the real screens, recorded
 * by scripts/media/record-demo-tour.ts over the running product, with captions in the languages of the library's
 * videos (public/media/platform-demo.json lists them with the video's length).
 */
export const DEMO_VIDEO = {
  src: '/media/platform-demo.mp4',
  poster: '/media/platform-demo.jpg',
  tracks: [
    { label: 'English', srcLang: 'en', url: '/media/platform-demo.en.vtt' },
    { label: 'Español', srcLang: 'es', url: '/media/platform-demo.es.vtt' },
  ],
};

export const DemoVideoDialog = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation('speech');
  return (
    <Dialog
      open
      size="wide"
      onEscapeKeyDown={(event) => {
        // Escape in plyr's settings menu closes that menu, not the dialog.
        if (event.target instanceof Element && event.target.closest('.plyr__menu')) event.preventDefault();
      }}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('video.demoTitle')}
      description={t('video.demoDescription')}
    >
      <div className="video-dialog">
        <Suspense
          fallback={
            <div className="video-dialog__loading">
              <LoadingBlock label={t('video.loadingPlayer')} />
            </div>
          }
        >
          <VideoPlayer
            src={DEMO_VIDEO.src}
            title={t('video.demoVideo')}
            poster={DEMO_VIDEO.poster}
            tracks={DEMO_VIDEO.tracks}
          />
        </Suspense>
      </div>
    </Dialog>
  );
};

export default DemoVideoDialog;
