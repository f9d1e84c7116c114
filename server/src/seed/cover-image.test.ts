import { inflateSync } from 'node:zlib';
import { COURSE_CATEGORIES } from '@coach/shared/constants/marketplace';
import { describe, expect, it } from 'vitest';
import { COVER_HEIGHT, COVER_WIDTH, coverImage } from './cover-image.ts';

/** The pixels of a PNG this module wrote (8-bit RGB, every row unfiltered, one IDAT chunk). */
const decode = (file: Buffer) => {
  const width = file.readUInt32BE(16);
  const height = file.readUInt32BE(20);
  const idat = file.indexOf('IDAT');
  const raw = inflateSync(file.subarray(idat + 4, idat + 4 + file.readUInt32BE(idat - 4)));
  const at = (x: number, y: number) => {
    const i = y * (width * 3 + 1) + 1 + x * 3;
    return `${raw[i]},${raw[i + 1]},${raw[i + 2]}`;
  };
  return { width, height, at };
};

describe('course covers drawn at seed time', () => {
  it('draws one flat scene per category: a 640×360 PNG, the same bytes every time, no gradient', () => {
    const seen = new Set<string>();
    for (const category of COURSE_CATEGORIES) {
      const file = coverImage(category);
      expect(file.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect(coverImage(category).equals(file)).toBe(true);
      const { width, height, at } = decode(file);
      expect([width, height]).toEqual([COVER_WIDTH, COVER_HEIGHT]);
      // The background is one colour across its top-left corner (a gradient would change every few pixels)...
      const corner = new Set<string>();
      for (let y = 0; y < 20; y++) for (let x = 0; x < 40; x++) corner.add(at(x, y));
      expect(corner.size, category).toBe(1);
      // ...and shapes in several colours are drawn on it.
      const colours = new Set<string>();
      for (let y = 0; y < height; y += 4) for (let x = 0; x < width; x += 4) colours.add(at(x, y));
      expect(colours.size, category).toBeGreaterThan(5);
      seen.add(file.toString('base64'));
    }
    expect(seen.size).toBe(COURSE_CATEGORIES.length);
  });
});
