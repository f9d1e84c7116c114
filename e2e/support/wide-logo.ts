import { deflateSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';

/**
 * A company logo as wide as they come: a 1200×200 PNG made here, a dark wordmark-like band on
 * white, so the phone checks run with the kind of logo that pushed every page to 415 px.
 */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

export const wideLogoPng = (width = 1200, height = 200) => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) {
      // A teal band with "letters" cut in it, over white.
      const band = y > height * 0.25 && y < height * 0.75;
      const letter = band && Math.floor(x / 40) % 3 !== 2 && x > 20 && x < width - 20;
      const [r, g, b] = letter ? [15, 118, 110] : [255, 255, 255];
      rows.writeUInt8(r, row + 1 + x * 3);
      rows.writeUInt8(g, row + 2 + x * 3);
      rows.writeUInt8(b, row + 3 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** The signed-in admin uploads the wide logo in Settings; `card` is the Logo card's name in the page's language. */
export const uploadWideLogo = async (page: Page, card = 'Logo') => {
  await page.goto('/enterprise/settings');
  await page
    .getByRole('region', { name: card })
    .locator('input[type="file"]')
    .setInputFiles({ name: 'wide-logo.png', mimeType: 'image/png', buffer: wideLogoPng() });
  await expect(page.locator('img.top-bar__logo-img')).toHaveAttribute('src', /^\/uploads\/logo\//);
};

/** Takes the logo away again (later journeys on the same server expect Acme's wordmark). */
export const removeLogo = async (page: Page, card = 'Logo', remove = 'Remove') => {
  await page.goto('/enterprise/settings');
  await page.getByRole('region', { name: card }).getByRole('button', { name: remove }).click();
  await expect(page.locator('img.top-bar__logo-img')).toHaveCount(0);
};

/**
 * What a person would notice in the top bar at the current width, null when all is well: the logo overlapping the
 * menu button, or the account button cut off by the screen's edge.
 */
export const headerTrouble = (page: Page) =>
  page.evaluate(() => {
    const box = (selector: string) => document.querySelector(selector)?.getBoundingClientRect() ?? null;
    const logo = box('img.top-bar__logo-img');
    const menu = box('.top-bar button[aria-controls="main-menu"]');
    const account = box('.user-menu__trigger');
    const width = document.documentElement.clientWidth;
    const troubles: string[] = [];
    if (logo && menu && logo.right > menu.left + 0.5 && logo.left < menu.right - 0.5)
      troubles.push(`the logo (${Math.round(logo.left)}–${Math.round(logo.right)}) overlaps the menu button`);
    if (account && (account.right > width + 0.5 || account.left < -0.5))
      troubles.push(
        `the account button (${Math.round(account.left)}–${Math.round(account.right)}) is cut off`,
      );
    if (logo && logo.width < 24) troubles.push(`the logo is squeezed to ${Math.round(logo.width)} px`);
    return troubles.length ? troubles.join('; ') : null;
  });
