import { VIDEO_COMPLETION_THRESHOLD } from '@coach/shared/constants/timing';

/**
 * The longest step between two timeupdate events that still counts as playing. Browsers fire timeupdate
 * every 15-250 ms; at the fastest speed (2x) even a throttled second of wall time is 2 s of media. A longer
 * step without a seeking event is a jump, not playback.
 */
const MAX_PLAYED_STEP_SECONDS = 3;

type Range = { start: number; end: number };

/** Adds [start, end] to sorted, disjoint ranges and merges what now touches. */
const addRange = (ranges: Range[], next: Range): Range[] => {
  const merged: Range[] = [];
  let current = next;
  for (const range of ranges) {
    if (range.end < current.start) merged.push(range);
    else if (range.start > current.end) {
      merged.push(current);
      current = range;
    } else current = { start: Math.min(range.start, current.start), end: Math.max(range.end, current.end) };
  }
  merged.push(current);
  return merged.sort((a, b) => a.start - b.start);
};

const lengthOf = (ranges: Range[]) => ranges.reduce((sum, range) => sum + (range.end - range.start), 0);

/** The media events the tracker listens to, as plain calls (so tests need no real video). */
export type PlayTracker = {
  play: (currentTime: number) => void;
  pause: () => void;
  seeking: () => void;
  seeked: (currentTime: number) => void;
  timeUpdate: (currentTime: number, duration: number) => void;
  /** Seconds of the video that have been played (each second counted once). */
  playedSeconds: () => number;
  viewed: () => boolean;
};

/**
 * The 'viewed' rule of spec §4: more than 80 % of the video has PLAYED. Only time that advances in small
 * steps while playing counts; a seek (or any jump) moves the position without counting the part skipped,
 * and a part played twice counts once. `onViewed` fires exactly once.
 */
export const createPlayTracker = ({
  onViewed,
  threshold = VIDEO_COMPLETION_THRESHOLD,
}: {
  onViewed: () => void;
  threshold?: number;
}): PlayTracker => {
  let ranges: Range[] = [];
  let playing = false;
  let seeking = false;
  let last: number | null = null;
  let fired = false;

  return {
    play: (currentTime) => {
      playing = true;
      if (!seeking) last = currentTime;
    },
    pause: () => {
      playing = false;
    },
    seeking: () => {
      seeking = true;
      last = null;
    },
    seeked: (currentTime) => {
      seeking = false;
      last = currentTime;
    },
    timeUpdate: (currentTime, duration) => {
      if (!playing || seeking) return;
      if (last !== null) {
        const step = currentTime - last;
        if (step > 0 && step <= MAX_PLAYED_STEP_SECONDS)
          ranges = addRange(ranges, { start: last, end: currentTime });
      }
      last = currentTime;
      if (!fired && Number.isFinite(duration) && duration > 0 && lengthOf(ranges) > duration * threshold) {
        fired = true;
        onViewed();
      }
    },
    playedSeconds: () => lengthOf(ranges),
    viewed: () => fired,
  };
};

/** The part of HTMLMediaElement the tracker reads. */
export type TrackedMedia = Pick<
  HTMLMediaElement,
  'currentTime' | 'duration' | 'addEventListener' | 'removeEventListener'
>;

/** Wires a tracker to a media element's events; returns the detach function. */
export const trackPlayback = (
  media: TrackedMedia,
  options: { onViewed: () => void; threshold?: number },
): { tracker: PlayTracker; detach: () => void } => {
  const tracker = createPlayTracker(options);
  const handlers: Record<string, () => void> = {
    playing: () => tracker.play(media.currentTime),
    pause: () => tracker.pause(),
    ended: () => tracker.pause(),
    seeking: () => tracker.seeking(),
    seeked: () => tracker.seeked(media.currentTime),
    timeupdate: () => tracker.timeUpdate(media.currentTime, media.duration),
  };
  for (const [type, handler] of Object.entries(handlers)) media.addEventListener(type, handler);
  return {
    tracker,
    detach: () => {
      for (const [type, handler] of Object.entries(handlers)) media.removeEventListener(type, handler);
    },
  };
};
