import { crc32, deflateSync } from 'node:zlib';
import { courses } from '@coach/shared/contract/courses';
import { enterpriseGeneral } from '@coach/shared/contract/general';
import { type CourseCard, type Homepage, marketplace } from '@coach/shared/contract/marketplace';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app.ts';
import { variantWidths } from './image-variants.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let youStudy: string;
const ip = '10.9.19.2';

beforeAll(async () => {
  t = await createTestApp();
  youStudy = await t.fullLogin('courses@youstudy.example', 'enterprise', ip);
});
afterAll(async () => {
  await t?.close();
});

type Signed = { uploadUrl: string; headers: Record<string, string>; fileUrl: string; key: string };

/** Uploads a cover as the dashboard does: a signed address, then a PUT of the bytes. */
const uploadCover = async (bytes: Buffer, fileType: string) => {
  const res = await t.request('POST', enterpriseGeneral.putSignedRequestForUpload.path, {
    token: youStudy,
    ip,
    body: { purpose: 'course-image', fileName: 'cover', fileType, fileSize: bytes.length },
  });
  expect(res.status).toBe(200);
  const signed = res.json.response as Signed;
  const put = await t.app.request(signed.uploadUrl, { method: 'PUT', headers: signed.headers, body: bytes });
  expect(put.status).toBe(200);
  return signed.fileUrl;
};

const addCourse = (imageUrl: string | null, name = 'Speaking with Pictures') =>
  t.request('POST', courses.add.path, {
    token: youStudy,
    ip,
    body: {
      name,
      category: 'Public Speaking',
      description: 'A course with a cover.',
      priceCents: 0,
      currency: 'AUD',
      duration: '2 weeks',
      level: 'Beginner',
      imageUrl,
    },
  });

const publishedCard = async (courseId: string) => {
  await t.request('POST', courses.setPublished.path, {
    token: youStudy,
    ip,
    body: { courseId, published: true },
  });
  const detail = await t.request('POST', marketplace.getCourseDetails.path, { ip, body: { courseId } });
  return detail.json.response as CourseCard;
};

/** Each copy as the browser gets it: its Content-Type and what sharp reads in its bytes. */
const fetchVariants = async (card: CourseCard) =>
  Promise.all(
    (card.courseImgVariants?.variants ?? []).map(async (v) => {
      const res = await t.app.request(v.url);
      expect(res.status, v.url).toBe(200);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      return {
        declared: `${v.type} ${v.width}`,
        contentType: res.headers.get('content-type'),
        read: `${meta.format === 'heif' ? `avif/${meta.compression}` : meta.format} ${meta.width}x${meta.height}`,
      };
    }),
  );

/** A photo-like image (smooth gradients and noise) of the given size. */
const photo = (width: number, height: number) => {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = ((x * y) % 97) + 80;
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
};

describe('course covers in AVIF and WebP at display widths', () => {
  it('makes copies at 400, 800 and 1200 px and the original width below that, never wider', () => {
    expect(variantWidths(3000)).toEqual([400, 800, 1200]);
    expect(variantWidths(1200)).toEqual([400, 800, 1200]);
    expect(variantWidths(1000)).toEqual([400, 800, 1000]);
    expect(variantWidths(640)).toEqual([400, 640]);
    expect(variantWidths(300)).toEqual([300]);
  });

  it('the seeded covers come with AVIF and WebP copies at 400 and 640 px that the marketplace names', async () => {
    const home = (await t.request('POST', marketplace.getHomepage.path, { ip, body: {} })).json
      .response as Homepage;
    const card = home.homeCoursesData.find((c) => c.courseImgUrl);
    if (!card) throw new Error('the seed gives every course a cover');
    for (const c of home.homeCoursesData) expect(c.courseImgVariants, c.courseName).not.toBeNull();
    expect(card.courseImgVariants).toMatchObject({ width: 640, height: 360 });
    expect(await fetchVariants(card)).toEqual([
      { declared: 'image/avif 400', contentType: 'image/avif', read: 'avif/av1 400x225' },
      { declared: 'image/webp 400', contentType: 'image/webp', read: 'webp 400x225' },
      { declared: 'image/avif 640', contentType: 'image/avif', read: 'avif/av1 640x360' },
      { declared: 'image/webp 640', contentType: 'image/webp', read: 'webp 640x360' },
    ]);
  });

  it('an institution admin saves a large JPEG cover: copies at 400, 800 and 1200 px, the original kept as it was', async () => {
    const jpeg = await photo(2000, 1125).jpeg({ quality: 90 }).toBuffer();
    const imageUrl = await uploadCover(jpeg, 'image/jpeg');
    const created = await addCourse(imageUrl);
    expect(created.status).toBe(200);
    const card = await publishedCard((created.json.response as { _id: string })._id);
    expect(card.courseImgUrl).toBe(imageUrl);
    expect(card.courseImgVariants).toMatchObject({ width: 2000, height: 1125 });
    expect(await fetchVariants(card)).toEqual(
      [400, 800, 1200].flatMap((w) => {
        const h = Math.round((w * 1125) / 2000);
        return [
          { declared: `image/avif ${w}`, contentType: 'image/avif', read: `avif/av1 ${w}x${h}` },
          { declared: `image/webp ${w}`, contentType: 'image/webp', read: `webp ${w}x${h}` },
        ];
      }),
    );
    // Each copy is smaller than the original, and the original is untouched.
    const original = Buffer.from(await (await t.app.request(imageUrl)).arrayBuffer());
    expect(original.equals(jpeg)).toBe(true);
    for (const v of card.courseImgVariants?.variants ?? []) {
      const bytes = (await (await t.app.request(v.url)).arrayBuffer()).byteLength;
      expect(bytes, v.url).toBeLessThan(jpeg.length);
    }
  });

  it('a cover narrower than 800 px gets copies up to its own width only; saving the course again keeps them', async () => {
    const png = await photo(700, 400).png().toBuffer();
    const imageUrl = await uploadCover(png, 'image/png');
    const created = await addCourse(imageUrl, 'Small Cover Course');
    const course = created.json.response as { _id: string };
    const card = await publishedCard(course._id);
    expect(card.courseImgVariants?.variants.map((v) => `${v.type} ${v.width}`)).toEqual([
      'image/avif 400',
      'image/webp 400',
      'image/avif 700',
      'image/webp 700',
    ]);
    const edited = await t.request('POST', courses.edit.path, {
      token: youStudy,
      ip,
      body: {
        courseId: course._id,
        name: 'Small Cover Course, renamed',
        category: 'Public Speaking',
        description: 'A course with a cover.',
        priceCents: 0,
        currency: 'AUD',
        duration: '2 weeks',
        level: 'Beginner',
        imageUrl,
      },
    });
    expect(edited.status).toBe(200);
    const again = await t.request('POST', marketplace.getCourseDetails.path, {
      ip,
      body: { courseId: course._id },
    });
    expect((again.json.response as CourseCard).courseImgVariants).toEqual(card.courseImgVariants);
  });

  it('a damaged image is refused with a message on the cover field, and no course is made', async () => {
    const png = await photo(800, 450).png().toBuffer();
    // The PNG's signature and header are intact (the upload's type check passes), its pixels cut short.
    const damaged = png.subarray(0, Math.floor(png.length / 2));
    const imageUrl = await uploadCover(damaged, 'image/png');
    const before = await t.request('GET', courses.list.path, { token: youStudy, ip });
    const refused = await addCourse(imageUrl, 'Damaged Cover Course');
    expect(refused.status).toBe(422);
    expect(refused.json).toMatchObject({
      success: 0,
      field: 'imageUrl',
      message: 'imageUrl: This image could not be read. Please upload another PNG, JPEG or WebP image',
    });
    const after = await t.request('GET', courses.list.path, { token: youStudy, ip });
    expect((after.json.response as { totalCount: number }).totalCount).toBe(
      (before.json.response as { totalCount: number }).totalCount,
    );
  });

  it('an image of too many pixels is refused before it is decoded', async () => {
    // A PNG whose header says 10,000×8,000 pixels (80 megapixels), with no pixels after it.
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
      const out = Buffer.alloc(8 + data.length + 4);
      out.writeUInt32BE(data.length, 0);
      body.copy(out, 4);
      out.writeUInt32BE(crc32(body), 8 + data.length);
      return out;
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(10_000, 0);
    header.writeUInt32BE(8_000, 4);
    header.set([8, 2, 0, 0, 0], 8);
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.alloc(1000))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    const refused = await addCourse(await uploadCover(bomb, 'image/png'), 'Huge Cover Course');
    expect(refused.status).toBe(422);
    expect(refused.json.message).toBe(
      'imageUrl: This image is 10000×8000 pixels. Please upload one of at most 40 megapixels',
    );
  });
});
