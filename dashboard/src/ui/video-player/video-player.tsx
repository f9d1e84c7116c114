import { DEFAULT_VOLUME, PLAYBACK_SPEEDS } from '@coach/shared/constants/timing';
import type { VideoSubtitle } from '@coach/shared/contract/content';
import Plyr from 'plyr';
import 'plyr/dist/plyr.css';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button.tsx';
import { trackPlayback } from './play-tracker.ts';
import spriteUrl from './plyr-sprite.svg?no-inline';
import './video-player.css';

export type VideoPlayerProps = {
  src: string;
  /** The video's title, read out by screen readers for the player region. */
  title: string;
  /** The address is an HLS playlist; also recognised by its .m3u8 ending. */
  hls?: boolean;
  poster?: string | null;
  /** WebVTT subtitles, offered in the captions list with 'Off'. */
  tracks?: readonly VideoSubtitle[];
  /** Called once, when more than 80 % has played (spec §4). */
  onViewed?: () => void;
  /** More controls shown next to the loop switch (the like button). */
  children?: ReactNode;
};

const isHls = (src: string) => /\.m3u8($|[?#])/i.test(src);

/** plyr's control labels in the chosen language; its own {placeholders} pass through i18next untouched. */
const playerLabels = (t: TFunction<'speech'>) => {
  const label = (key: string) => t(`video.player.${key}`);
  return {
    play: label('play'),
    pause: label('pause'),
    seek: label('seek'),
    seekLabel: t('video.player.seekValue', { currentTime: '{currentTime}', duration: '{duration}' }),
    played: label('played'),
    buffered: label('buffered'),
    currentTime: label('currentTime'),
    duration: label('duration'),
    volume: label('volume'),
    mute: label('mute'),
    unmute: label('unmute'),
    enableCaptions: label('enableCaptions'),
    disableCaptions: label('disableCaptions'),
    enterFullscreen: label('enterFullscreen'),
    exitFullscreen: label('exitFullscreen'),
    captions: label('captions'),
    settings: label('settings'),
    pip: label('pip'),
    menuBack: label('menuBack'),
    speed: label('speed'),
    disabled: label('off'),
    normal: '1×',
  };
};

// plyr reads `title` for its button labels ("Play, <title>"), though its types leave it out.
const plyrOptions = (title: string, t: TFunction<'speech'>): Plyr.Options & { title: string } => ({
  title,
  controls: [
    'play-large',
    'play',
    'progress',
    'current-time',
    'duration',
    'mute',
    'volume',
    'captions',
    'settings',
    'pip',
    'fullscreen',
  ],
  settings: ['captions', 'speed'],
  // spec §9: start at volume 0.8 with these speeds; storage off so a previous session's volume is not restored.
  volume: DEFAULT_VOLUME,
  speed: { selected: 1, options: [...PLAYBACK_SPEEDS] },
  storage: { enabled: false },
  captions: { active: false, language: 'auto', update: true },
  i18n: playerLabels(t),
  // Icons from our own bundle, and no request to plyr's CDN when the player is torn down.
  iconUrl: spriteUrl,
  blankVideo: '',
  invertTime: false,
  tooltips: { controls: true, seek: true },
});

/**
 * The video player (spec §2): plyr with play/pause, seek, volume and mute from 0.8, the speeds of spec §9,
 * captions from the video's text tracks with 'Off', picture-in-picture, and a loop switch. HLS addresses
 * play through hls.js, loaded only for them. This module (plyr and its CSS) is imported lazily.
 */
export const VideoPlayer = ({
  src,
  title,
  hls: hlsSource = false,
  poster,
  tracks = [],
  onViewed,
  children,
}: VideoPlayerProps) => {
  const hostRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const onViewedRef = useRef(onViewed);
  onViewedRef.current = onViewed;
  const { t } = useTranslation('speech');
  const [loop, setLoop] = useState(false);
  const [failed, setFailed] = useState(false);
  const trackKey = JSON.stringify(tracks);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    // plyr rewrites the DOM around the <video>, so the element is made here rather than rendered by React.
    const video = document.createElement('video');
    video.setAttribute('playsinline', '');
    video.preload = 'metadata';
    if (poster) video.poster = poster;
    for (const track of JSON.parse(trackKey) as VideoSubtitle[]) {
      const element = document.createElement('track');
      element.kind = 'captions';
      element.src = track.url;
      element.srclang = track.srcLang;
      element.label = track.label;
      video.append(element);
    }
    host.append(video);
    videoRef.current = video;
    setFailed(false);

    let cancelled = false;
    let player: Plyr | null = null;
    let hls: { destroy: () => void } | null = null;
    const { detach } = trackPlayback(video, { onViewed: () => onViewedRef.current?.() });
    const onError = () => setFailed(true);
    video.addEventListener('error', onError);

    const start = async () => {
      if ((hlsSource || isHls(src)) && !video.canPlayType('application/vnd.apple.mpegurl')) {
        const { default: Hls } = await import('hls.js');
        if (cancelled) return;
        if (!Hls.isSupported()) {
          setFailed(true);
          return;
        }
        const instance = new Hls();
        instance.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) setFailed(true);
        });
        instance.loadSource(src);
        instance.attachMedia(video);
        hls = instance;
      } else {
        video.src = src;
      }
      player = new Plyr(video, plyrOptions(title, t));
    };
    void start();

    return () => {
      cancelled = true;
      detach();
      video.removeEventListener('error', onError);
      player?.destroy();
      hls?.destroy();
      videoRef.current = null;
      host.replaceChildren();
    };
  }, [src, hlsSource, title, poster, trackKey, t]);

  const toggleLoop = () => {
    const next = !loop;
    setLoop(next);
    if (videoRef.current) videoRef.current.loop = next;
  };

  return (
    <div className="video-player">
      <section className="video-player__stage" aria-label={t('video.region', { title })} ref={hostRef} />
      {failed ? (
        <p className="video-player__error" role="alert">
          {t('video.failed')}
        </p>
      ) : null}
      <div className="video-player__extras">
        <Button variant="secondary" size="sm" aria-pressed={loop} onClick={toggleLoop}>
          {loop ? t('video.loopOn') : t('video.loopOff')}
        </Button>
        {children}
      </div>
    </div>
  );
};

export default VideoPlayer;
