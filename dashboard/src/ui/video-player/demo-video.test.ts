import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEMO_VIDEO } from './demo-video-dialog.tsx';

/**
 * "Watch the demo" plays a narrated walkthrough of the product (scripts/media/record-demo-tour.ts records it): the
 * files it names are in public/, the video's own length is between 45 s and two and a half minutes and is what platform-demo.json says, it stays small, and every caption
 * track runs through it.
 */
const PUBLIC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../public');
const file = (url: string) => path.join(PUBLIC, url);

/** The length in seconds an MP4 gives itself: its movie header's duration over its timescale. */
const mp4Seconds = (bytes: Uint8Array) => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = Buffer.from(bytes).indexOf('mvhd');
  if (at < 0) throw new Error('no movie header');
  return bytes[at + 4] === 1
    ? Number(view.getBigUint64(at + 28)) / view.getUint32(at + 24)
    : view.getUint32(at + 20) / view.getUint32(at + 16);
};

const cueEnds = (text: string) =>
  [...text.matchAll(/\d\d:\d\d:\d\d\.\d\d\d --> \d\d:(\d\d):(\d\d\.\d\d\d)/g)].map(
    (m) => Number(m[1]) * 60 + Number(m[2]),
  );

describe('the platform demo video', () => {
  const video = readFileSync(file(DEMO_VIDEO.src));
  const seconds = mp4Seconds(video);

  it('is a walkthrough of a minute or two, as long as its manifest says, and small', () => {
    expect(seconds).toBeGreaterThan(45);
    expect(seconds).toBeLessThan(150);
    const manifest = JSON.parse(readFileSync(file('/media/platform-demo.json'), 'utf8')) as {
      durationSeconds: number;
      captions: string[];
    };
    expect(Math.abs(manifest.durationSeconds - seconds)).toBeLessThanOrEqual(1);
    expect(manifest.captions).toEqual(DEMO_VIDEO.tracks.map((track) => track.srcLang));
    expect(video.length).toBeLessThan(3 * 1024 * 1024);
    expect(existsSync(file(DEMO_VIDEO.poster))).toBe(true);
  });

  it('has English and Spanish captions that follow the narration to the end', () => {
    expect(DEMO_VIDEO.tracks.map((track) => track.srcLang)).toEqual(['en', 'es']);
    const ends = DEMO_VIDEO.tracks.map((track) => {
      const text = readFileSync(file(track.url), 'utf8');
      expect(text.startsWith('WEBVTT\n')).toBe(true);
      return cueEnds(text);
    });
    const [english, spanish] = ends;
    expect(english?.length).toBeGreaterThanOrEqual(10);
    expect(spanish).toEqual(english);
    expect(seconds - (english?.at(-1) ?? 0)).toBeLessThan(3);
  });
});
