import { describe, expect, it, vi } from 'vitest';
import { createPlayTracker, trackPlayback } from './play-tracker.ts';

/** A stand-in for a <video>: a position, a duration, and the events a browser would fire. */
const fakeVideo = (duration: number) => {
  const target = new EventTarget();
  const media = {
    currentTime: 0,
    duration,
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
  };
  const fire = (type: string) => target.dispatchEvent(new Event(type));
  return {
    media,
    play: () => fire('playing'),
    pause: () => fire('pause'),
    /** Plays from the current position to `to`, with a timeupdate every quarter second. */
    playTo: (to: number) => {
      while (media.currentTime < to) {
        media.currentTime = Math.min(to, media.currentTime + 0.25);
        fire('timeupdate');
      }
    },
    /** What a browser fires when the user drags the seek bar. */
    seekTo: (to: number) => {
      fire('seeking');
      media.currentTime = to;
      fire('timeupdate');
      fire('seeked');
    },
  };
};

describe('the 80 % viewed rule (spec §4)', () => {
  it('a learner who only seeks past 80 % has not viewed the video', () => {
    const onViewed = vi.fn();
    const video = fakeVideo(100);
    trackPlayback(video.media, { onViewed });
    video.play();
    video.seekTo(95);
    video.playTo(100);
    expect(onViewed).not.toHaveBeenCalled();
  });

  it('a learner who seeks while paused and then plays a little has not viewed the video', () => {
    const onViewed = vi.fn();
    const video = fakeVideo(100);
    const { tracker } = trackPlayback(video.media, { onViewed });
    video.seekTo(10);
    video.play();
    video.playTo(20);
    video.seekTo(90);
    video.playTo(100);
    expect(tracker.playedSeconds()).toBeCloseTo(20);
    expect(onViewed).not.toHaveBeenCalled();
  });

  it('a learner who plays the video through has viewed it, once', () => {
    const onViewed = vi.fn();
    const video = fakeVideo(100);
    trackPlayback(video.media, { onViewed });
    video.play();
    video.playTo(80);
    expect(onViewed).not.toHaveBeenCalled();
    video.playTo(80.25);
    expect(onViewed).toHaveBeenCalledTimes(1);
    video.playTo(100);
    video.seekTo(0);
    video.playTo(100);
    expect(onViewed).toHaveBeenCalledTimes(1);
  });

  it('playing the same part twice counts it once', () => {
    const onViewed = vi.fn();
    const video = fakeVideo(100);
    trackPlayback(video.media, { onViewed });
    video.play();
    for (let round = 0; round < 5; round += 1) {
      video.seekTo(0);
      video.playTo(50);
    }
    expect(onViewed).not.toHaveBeenCalled();
  });

  it('time that passes while paused does not count', () => {
    const onViewed = vi.fn();
    const tracker = createPlayTracker({ onViewed });
    tracker.play(0);
    tracker.timeUpdate(1, 10);
    tracker.pause();
    tracker.timeUpdate(9.5, 10);
    expect(tracker.playedSeconds()).toBe(1);
    expect(onViewed).not.toHaveBeenCalled();
  });

  it('a jump without a seeking event (a large step) does not count', () => {
    const onViewed = vi.fn();
    const tracker = createPlayTracker({ onViewed });
    tracker.play(0);
    tracker.timeUpdate(0.25, 60);
    tracker.timeUpdate(59, 60);
    expect(tracker.playedSeconds()).toBe(0.25);
    expect(onViewed).not.toHaveBeenCalled();
  });

  it('playing in parts, with pauses between, adds up', () => {
    const onViewed = vi.fn();
    const video = fakeVideo(40);
    trackPlayback(video.media, { onViewed });
    video.play();
    video.playTo(20);
    video.pause();
    video.play();
    video.playTo(33);
    expect(onViewed).toHaveBeenCalledTimes(1);
  });

  it('stops listening once detached', () => {
    const onViewed = vi.fn();
    const video = fakeVideo(10);
    const { detach } = trackPlayback(video.media, { onViewed });
    detach();
    video.play();
    video.playTo(10);
    expect(onViewed).not.toHaveBeenCalled();
  });
});
