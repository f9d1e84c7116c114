import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The content library's seeded videos teach one thing each: every
 * video the manifest lists is a real MP4 whose own length (its mvhd box) is what the manifest, and so the seed,
 * says, at least 45 s and at most 90 s, with English and Spanish captions that run through it.
 */
const MEDIA = fileURLToPath(new URL('../../seed-media/', import.meta.url));
const SEED_CONTENT = fileURLToPath(new URL('./seed-content.ts', import.meta.url));

/** The length in seconds an MP4 gives itself: its movie header's duration over its timescale. */
const mp4Seconds = (bytes: Buffer) => {
  const at = bytes.indexOf('mvhd');
  if (at < 0) throw new Error('no movie header');
  const version = bytes[at + 4];
  return version === 1
    ? Number(bytes.readBigUInt64BE(at + 28)) / bytes.readUInt32BE(at + 24)
    : bytes.readUInt32BE(at + 20) / bytes.readUInt32BE(at + 16);
};

/** A WebVTT file's cues: their end times in seconds and their text. */
const cues = (text: string) =>
  [...text.matchAll(/\d\d:(\d\d):(\d\d\.\d\d\d) --> \d\d:(\d\d):(\d\d\.\d\d\d)\n(.+)/g)].map((m) => ({
    end: Number(m[3]) * 60 + Number(m[4]),
    text: m[5] ?? '',
  }));

const manifest = JSON.parse(readFileSync(`${MEDIA}manifest.json`, 'utf8')) as {
  videoDurationSeconds: Record<string, number>;
};
const slugs = Object.keys(manifest.videoDurationSeconds);

describe('the seeded library videos', () => {
  it('lists every video the seed stores', () => {
    const seeded = [...readFileSync(SEED_CONTENT, 'utf8').matchAll(/slug: '([\w-]+)'/g)].map((m) => m[1]);
    expect(seeded.length).toBe(12);
    expect(slugs.sort()).toEqual([...seeded].sort());
  });

  it.each(slugs)('%s is long enough to teach one thing, and its length is its own', (slug) => {
    const video = readFileSync(`${MEDIA}${slug}.mp4`);
    const own = mp4Seconds(video);
    expect(own).toBeGreaterThanOrEqual(45);
    expect(own).toBeLessThanOrEqual(90);
    expect(Math.abs((manifest.videoDurationSeconds[slug] ?? 0) - own)).toBeLessThanOrEqual(1);
    // Small: narration and still slides, well under a megabyte.
    expect(video.length).toBeLessThan(1024 * 1024);
    expect(statSync(`${MEDIA}${slug}.jpg`).size).toBeGreaterThan(1000);
  });

  it.each(slugs)('%s has English and Spanish captions through to its end', (slug) => {
    const own = mp4Seconds(readFileSync(`${MEDIA}${slug}.mp4`));
    const english = readFileSync(`${MEDIA}${slug}.en.vtt`, 'utf8');
    expect(english.startsWith('WEBVTT\n')).toBe(true);
    const en = cues(english);
    const es = cues(readFileSync(`${MEDIA}${slug}.es.vtt`, 'utf8'));
    // The title and six points of two sentences each.
    expect(en.length).toBeGreaterThanOrEqual(13);
    expect(es.map((cue) => cue.end)).toEqual(en.map((cue) => cue.end));
    expect(es.map((cue) => cue.text)).not.toEqual(en.map((cue) => cue.text));
    expect(own - (en.at(-1)?.end ?? 0)).toBeLessThan(3);
  });
});
