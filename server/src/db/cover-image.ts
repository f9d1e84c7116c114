import { deflateSync } from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Uint8Array) => {
  let c = 0xffffffff;
  for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Uint8Array) => {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
};
const hex = (colour: string) => [1, 3, 5].map((i) => Number.parseInt(colour.slice(i, i + 2), 16));

/**
 * A generated course cover (PNG, 640×360): a diagonal gradient between two colours with soft circles, so demo
 * courses have real images without downloading any. Deterministic for a seed number.
 */
export const coverImage = (from: string, to: string, seed: number, width = 640, height = 360) => {
  const [r1 = 0, g1 = 0, b1 = 0] = hex(from);
  const [r2 = 0, g2 = 0, b2 = 0] = hex(to);
  const circles = Array.from({ length: 3 }, (_, i) => ({
    x: ((seed * 97 + i * 211) % width) | 0,
    y: ((seed * 53 + i * 131) % height) | 0,
    r: 60 + ((seed * 31 + i * 47) % 90),
  }));
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      let light = 0;
      for (const c of circles) if ((x - c.x) ** 2 + (y - c.y) ** 2 < c.r ** 2) light += 0.08;
      const mix = (a: number, b: number) => Math.min(255, Math.round(a + (b - a) * t + 255 * light * 0.5));
      const at = row + 1 + x * 3;
      raw[at] = mix(r1, r2);
      raw[at + 1] = mix(g1, g2);
      raw[at + 2] = mix(b1, b2);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array()),
  ]);
};
