import { deflateSync } from 'node:zlib';
import type { CourseCategory } from '@coach/shared/constants/marketplace';

// Course covers drawn at seed time: a flat illustration of what the course is about (a stage
// and microphone, a meeting, an interview, books and a cap, a team at a flipchart, a microphone and its sound),
// in solid colours, as a PNG. Nothing is downloaded and no library is needed: a small rasteriser fills shapes
// at twice the size and averages each 2×2 block, which smooths their edges.

type Rgb = readonly [number, number, number];
type Point = readonly [number, number];

const hex = (colour: string): Rgb => {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => Number.parseInt(colour.slice(i, i + 2), 16));
  return [r, g, b];
};

/** A canvas of RGB floats that shapes are filled into, each with an optional opacity. */
const canvas = (width: number, height: number, background: string) => {
  const pixels = new Float32Array(width * height * 3);
  const paint = (x: number, y: number, [r, g, b]: Rgb, alpha: number) => {
    const at = (y * width + x) * 3;
    pixels[at] = (pixels[at] ?? 0) * (1 - alpha) + r * alpha;
    pixels[at + 1] = (pixels[at + 1] ?? 0) * (1 - alpha) + g * alpha;
    pixels[at + 2] = (pixels[at + 2] ?? 0) * (1 - alpha) + b * alpha;
  };
  /** Fills every pixel of the box whose centre `inside` accepts. */
  const fill = (
    box: { x0: number; y0: number; x1: number; y1: number },
    inside: (x: number, y: number) => boolean,
    colour: string,
    alpha = 1,
  ) => {
    const rgb = hex(colour);
    const x0 = Math.max(0, Math.floor(box.x0));
    const y0 = Math.max(0, Math.floor(box.y0));
    const x1 = Math.min(width - 1, Math.ceil(box.x1));
    const y1 = Math.min(height - 1, Math.ceil(box.y1));
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++) if (inside(x + 0.5, y + 0.5)) paint(x, y, rgb, alpha);
  };
  fill({ x0: 0, y0: 0, x1: width, y1: height }, () => true, background);
  return { pixels, fill };
};

type Canvas = ReturnType<typeof canvas>;

/** Drawing in a 640×360 frame, whatever the canvas's scale. */
const pen = ({ fill }: Canvas, scale: number) => {
  const s = (v: number) => v * scale;
  return {
    rect: (x: number, y: number, w: number, h: number, colour: string, { r = 0, alpha = 1 } = {}) => {
      const [X, Y, W, H, R] = [s(x), s(y), s(w), s(h), s(r)];
      fill(
        { x0: X, y0: Y, x1: X + W, y1: Y + H },
        (px, py) => {
          if (px < X || px > X + W || py < Y || py > Y + H) return false;
          const dx = Math.max(X + R - px, px - (X + W - R), 0);
          const dy = Math.max(Y + R - py, py - (Y + H - R), 0);
          return dx * dx + dy * dy <= R * R;
        },
        colour,
        alpha,
      );
    },
    ellipse: (cx: number, cy: number, rx: number, ry: number, colour: string, { alpha = 1 } = {}) => {
      const [CX, CY, RX, RY] = [s(cx), s(cy), s(rx), s(ry)];
      fill(
        { x0: CX - RX, y0: CY - RY, x1: CX + RX, y1: CY + RY },
        (px, py) => ((px - CX) / RX) ** 2 + ((py - CY) / RY) ** 2 <= 1,
        colour,
        alpha,
      );
    },
    /** A ring (a circle's outline) between two radii, from angle a0 to a1 (radians, 0 to the right, clockwise). */
    ring: (cx: number, cy: number, r: number, width: number, colour: string, [a0, a1] = [0, 2 * Math.PI]) => {
      const [CX, CY, R, W] = [s(cx), s(cy), s(r), s(width)];
      fill(
        { x0: CX - R - W, y0: CY - R - W, x1: CX + R + W, y1: CY + R + W },
        (px, py) => {
          const d = Math.hypot(px - CX, py - CY);
          if (Math.abs(d - R) > W / 2) return false;
          const a = (Math.atan2(py - CY, px - CX) + 2 * Math.PI) % (2 * Math.PI);
          return a >= a0 && a <= a1;
        },
        colour,
      );
    },
    polygon: (points: readonly Point[], colour: string, { alpha = 1 } = {}) => {
      const P = points.map(([x, y]) => [s(x), s(y)] as const);
      const xs = P.map(([x]) => x);
      const ys = P.map(([, y]) => y);
      fill(
        { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) },
        (px, py) => {
          let inside = false;
          for (let i = 0, j = P.length - 1; i < P.length; j = i++) {
            const [xi = 0, yi = 0] = P[i] ?? [];
            const [xj = 0, yj = 0] = P[j] ?? [];
            if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
          }
          return inside;
        },
        colour,
        alpha,
      );
    },
    line: (x1: number, y1: number, x2: number, y2: number, width: number, colour: string) => {
      const [X1, Y1, X2, Y2, W] = [s(x1), s(y1), s(x2), s(y2), s(width) / 2];
      const length2 = (X2 - X1) ** 2 + (Y2 - Y1) ** 2 || 1;
      fill(
        {
          x0: Math.min(X1, X2) - W,
          y0: Math.min(Y1, Y2) - W,
          x1: Math.max(X1, X2) + W,
          y1: Math.max(Y1, Y2) + W,
        },
        (px, py) => {
          const t = Math.max(0, Math.min(1, ((px - X1) * (X2 - X1) + (py - Y1) * (Y2 - Y1)) / length2));
          return Math.hypot(px - (X1 + t * (X2 - X1)), py - (Y1 + t * (Y2 - Y1))) <= W;
        },
        colour,
      );
    },
  };
};

type Pen = ReturnType<typeof pen>;

/** A person from the waist up: head, neck and shoulders, facing the viewer. */
const person = (
  p: Pen,
  x: number,
  y: number,
  size: number,
  { skin, shirt, hair }: { skin: string; shirt: string; hair: string },
) => {
  p.rect(x - size * 0.55, y + size * 0.55, size * 1.1, size * 1.2, shirt, { r: size * 0.4 });
  p.rect(x - size * 0.12, y + size * 0.3, size * 0.24, size * 0.35, skin);
  p.ellipse(x, y, size * 0.32, size * 0.38, skin);
  p.ellipse(x, y - size * 0.2, size * 0.34, size * 0.22, hair);
};

const SKIN = ['#F1C27D', '#C68642', '#8D5524', '#E0AC69', '#FFDBAC'];
const INK = '#1F2937';

/** One scene per category, in the 640×360 frame. */
const SCENES: Record<CourseCategory, { background: string; draw: (p: Pen) => void }> = {
  'Public Speaking': {
    background: '#0F3D3A',
    draw: (p) => {
      p.polygon(
        [
          [300, 0],
          [360, 0],
          [470, 300],
          [190, 300],
        ],
        '#FDE68A',
        { alpha: 0.18 },
      );
      p.rect(0, 270, 640, 90, '#134E4A');
      p.rect(0, 262, 640, 12, '#F59E0B');
      person(p, 330, 120, 70, { skin: SKIN[1] ?? '', shirt: '#F8FAFC', hair: INK });
      p.polygon(
        [
          [270, 185],
          [390, 185],
          [372, 275],
          [288, 275],
        ],
        '#B45309',
      );
      p.rect(262, 178, 136, 16, '#92400E', { r: 4 });
      p.line(345, 178, 368, 140, 5, '#94A3B8');
      p.ellipse(370, 134, 9, 12, INK);
      for (const [i, x] of [60, 150, 490, 580].entries())
        person(p, x, 300, 46, { skin: SKIN[i % SKIN.length] ?? '', shirt: '#0E7490', hair: INK });
    },
  },
  'Business English': {
    background: '#1E3A8A',
    draw: (p) => {
      p.rect(0, 250, 640, 110, '#1E40AF');
      person(p, 180, 130, 72, { skin: SKIN[0] ?? '', shirt: '#F97316', hair: '#78350F' });
      person(p, 460, 130, 72, { skin: SKIN[2] ?? '', shirt: '#10B981', hair: INK });
      p.ellipse(320, 262, 270, 42, '#E2E8F0');
      p.polygon(
        [
          [270, 250],
          [370, 250],
          [380, 262],
          [260, 262],
        ],
        '#334155',
      );
      p.rect(282, 196, 76, 54, '#475569', { r: 4 });
      p.rect(288, 202, 64, 42, '#93C5FD', { r: 2 });
      p.rect(410, 238, 20, 22, '#F8FAFC', { r: 3 });
      p.ring(432, 248, 6, 3, '#F8FAFC');
      p.rect(220, 30, 120, 56, '#F8FAFC', { r: 14 });
      p.polygon(
        [
          [236, 84],
          [262, 84],
          [228, 104],
        ],
        '#F8FAFC',
      );
      for (const [i, w] of [84, 60].entries()) p.rect(238, 46 + i * 18, w, 8, '#94A3B8', { r: 4 });
      p.rect(330, 52, 110, 48, '#FDE68A', { r: 14 });
      p.polygon(
        [
          [410, 98],
          [432, 98],
          [440, 116],
        ],
        '#FDE68A',
      );
      for (const [i, w] of [70, 50].entries()) p.rect(346, 66 + i * 16, w, 7, '#B45309', { r: 4 });
    },
  },
  'Interview Skills': {
    background: '#7C2D12',
    draw: (p) => {
      p.rect(0, 0, 640, 360, '#FFF7ED', { alpha: 0.06 });
      p.rect(0, 268, 640, 92, '#9A3412');
      p.rect(60, 40, 140, 96, '#FED7AA', { r: 6 });
      p.rect(70, 50, 120, 76, '#0EA5E9', { r: 2 });
      p.polygon(
        [
          [70, 126],
          [120, 80],
          [150, 108],
          [170, 92],
          [190, 126],
        ],
        '#15803D',
      );
      person(p, 190, 150, 70, { skin: SKIN[3] ?? '', shirt: '#1E293B', hair: INK });
      person(p, 450, 150, 70, { skin: SKIN[4] ?? '', shirt: '#F8FAFC', hair: '#B45309' });
      p.rect(124, 256, 392, 34, '#EA580C');
      p.rect(110, 240, 420, 20, '#FDBA74', { r: 4 });
      p.rect(130, 260, 14, 60, '#FDBA74');
      p.rect(496, 260, 14, 60, '#FDBA74');
      p.rect(270, 218, 64, 22, '#F8FAFC', { r: 2 });
      p.rect(352, 212, 56, 28, '#78350F', { r: 5 });
      p.ring(380, 210, 10, 4, '#78350F', [Math.PI, 2 * Math.PI]);
    },
  },
  'Academic English': {
    background: '#14532D',
    draw: (p) => {
      p.rect(0, 286, 640, 74, '#166534');
      const books = [
        ['#F59E0B', 250, 40],
        ['#F8FAFC', 230, 34],
        ['#38BDF8', 258, 38],
        ['#EF4444', 240, 32],
      ] as const;
      let top = 286;
      for (const [i, [colour, width, height]] of books.entries()) {
        top -= height;
        const x = 320 - width / 2 + (i % 2 ? 12 : -8);
        p.rect(x, top, width, height, colour, { r: 4 });
        p.rect(x + 10, top + height / 2 - 3, width - 20, 6, INK, { alpha: 0.25 });
      }
      p.polygon(
        [
          [320, 60],
          [430, 100],
          [320, 140],
          [210, 100],
        ],
        INK,
      );
      p.polygon(
        [
          [262, 118],
          [378, 118],
          [370, 150],
          [270, 150],
        ],
        '#111827',
      );
      p.line(430, 100, 440, 160, 4, '#FACC15');
      p.ellipse(440, 164, 8, 10, '#FACC15');
      p.line(100, 286, 100, 150, 6, '#CBD5E1');
      p.polygon(
        [
          [70, 150],
          [130, 150],
          [118, 110],
          [82, 110],
        ],
        '#FDE68A',
      );
      p.rect(80, 280, 40, 8, '#CBD5E1', { r: 3 });
    },
  },
  'Leadership Communication': {
    background: '#581C87',
    draw: (p) => {
      p.rect(0, 290, 640, 70, '#6B21A8');
      p.line(130, 200, 100, 300, 5, '#E9D5FF');
      p.line(230, 200, 260, 300, 5, '#E9D5FF');
      p.rect(90, 40, 180, 170, '#F8FAFC', { r: 4 });
      for (const [i, h] of [50, 80, 110].entries())
        p.rect(115 + i * 50, 185 - h, 32, h, ['#F472B6', '#A78BFA', '#22C55E'][i] ?? '', { r: 3 });
      p.line(110, 186, 250, 186, 3, INK);
      person(p, 360, 150, 78, { skin: SKIN[1] ?? '', shirt: '#EC4899', hair: INK });
      p.line(318, 220, 262, 140, 9, '#EC4899');
      person(p, 470, 200, 58, { skin: SKIN[0] ?? '', shirt: '#F8FAFC', hair: '#92400E' });
      person(p, 565, 200, 58, { skin: SKIN[2] ?? '', shirt: '#38BDF8', hair: INK });
    },
  },
  Pronunciation: {
    background: '#0C4A6E',
    draw: (p) => {
      const bars = [30, 60, 100, 140, 90, 170, 120, 70, 150, 110, 60, 90, 40];
      for (const [i, h] of bars.entries()) {
        const x = 40 + i * 18;
        p.rect(x, 180 - h / 2, 10, h, i % 3 ? '#22D3EE' : '#A5F3FC', { r: 5 });
        p.rect(640 - x - 10, 180 - h / 2, 10, h, i % 3 ? '#22D3EE' : '#A5F3FC', { r: 5 });
      }
      p.ring(320, 150, 96, 14, '#E2E8F0', [Math.PI, 2 * Math.PI]);
      p.rect(214, 140, 30, 64, INK, { r: 12 });
      p.rect(396, 140, 30, 64, INK, { r: 12 });
      p.rect(282, 96, 76, 130, '#F8FAFC', { r: 38 });
      for (const y of [120, 140, 160, 180]) p.rect(292, y, 56, 6, '#94A3B8', { r: 3 });
      p.ring(320, 200, 56, 8, '#E2E8F0', [0, Math.PI]);
      p.line(320, 256, 320, 300, 8, '#E2E8F0');
      p.rect(276, 298, 88, 12, '#E2E8F0', { r: 6 });
    },
  },
};

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

/** An RGB PNG of `width`×`height` pixels. */
const png = (width: number, height: number, rgb: (x: number, y: number) => Rgb) => {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) raw.set(rgb(x, y), row + 1 + x * 3);
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

export const COVER_WIDTH = 640;
export const COVER_HEIGHT = 360;

/** A course cover for a category: its scene as a 640×360 PNG (deterministic: the same bytes every time). */
export const coverImage = (category: CourseCategory) => {
  const scale = 2;
  const big = canvas(COVER_WIDTH * scale, COVER_HEIGHT * scale, SCENES[category].background);
  SCENES[category].draw(pen(big, scale));
  const bigWidth = COVER_WIDTH * scale;
  return png(COVER_WIDTH, COVER_HEIGHT, (x, y) => {
    const sum = [0, 0, 0];
    for (let dy = 0; dy < scale; dy++)
      for (let dx = 0; dx < scale; dx++) {
        const at = ((y * scale + dy) * bigWidth + x * scale + dx) * 3;
        for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (big.pixels[at + c] ?? 0);
      }
    return sum.map((v) => Math.round(v / (scale * scale))) as unknown as Rgb;
  });
};
