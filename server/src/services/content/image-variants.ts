import type { UploadPurpose } from '@coach/shared/contract/general';
import {
  IMAGE_VARIANT_TYPES,
  type ImageVariants,
  type ImageVariantType,
} from '@coach/shared/contract/marketplace';
import { sql } from 'kysely';
import sharp, { type Sharp } from 'sharp';
import type { Db } from '../../db/connect.ts';
import { validation } from '../../errors.ts';
import type { StorageProvider } from '../../providers/storage.ts';
import { nowIso } from '../common/clock.ts';
import type { ServiceContext } from '../context.ts';

// Course covers at their display size in AVIF and WebP. The copies are made once, when a cover is
// saved with a course (add-course, edit-course) or drawn by the seed, not when the marketplace is built:
// - the original is never touched: the copies are new objects beside it and it stays the <img> fallback;
// - it works alike on S3, where the browser PUTs the original straight to the bucket: the server reads it back
//   once and PUTs the copies beside it, where a build would read every cover from the bucket again each time;
// - the site build does no image work, so it stays as fast as it is;
// - every API answer can name the copies, which the build alone could not: the grid's later pages, its filters
//   and the search are rendered in the browser from get-all-courses-home, not from the built pages.

/** The copies' widths: each one below the original's width, and the original's own when it is narrower than the last. */
export const VARIANT_WIDTHS = [400, 800, 1200] as const;
const LARGEST = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1] ?? 1200;

/** A cover of 5 MB (UPLOAD_RULES) can still unpack to a huge bitmap; past this many pixels it is refused. */
const MAX_PIXELS = 40_000_000;

/**
 * Encoder settings for illustrations and photos alike. AVIF at effort 2, not sharp's default 4: on a 2,000 px photo
 * the 1,200 px copy took 0.5 s instead of 10 s on a busy machine, and came out no larger (15.4 KB against 18.2).
 */
const ENCODE = {
  'image/avif': (image: Sharp) => image.avif({ quality: 50, effort: 2 }),
  'image/webp': (image: Sharp) => image.webp({ quality: 75, effort: 4 }),
} satisfies Record<ImageVariantType, (image: Sharp) => Sharp>;
const EXTENSION: Record<ImageVariantType, string> = { 'image/avif': 'avif', 'image/webp': 'webp' };

/** The widths to make for an original `width` pixels wide: never wider than it (no upscaling). */
export const variantWidths = (width: number) => [
  ...VARIANT_WIDTHS.filter((w) => w < width),
  ...(width <= LARGEST ? [width] : []),
];

type Stored = { key: string; type: ImageVariantType; width: number };
type Deps = { db: Db; storage: StorageProvider };

const UNREADABLE = 'This image could not be read. Please upload another PNG, JPEG or WebP image';

/**
 * Makes the AVIF and WebP copies of a stored image at variantWidths (upright, metadata stripped), stores them beside
 * it and records them; an image that already has them is left as it is. `bytes` are the original's when the
 * caller has them (the seed), else they are read from storage. An image that cannot be decoded or is too large
 * answers 422 on `field`, so a damaged upload is refused with a message instead of failing the call.
 */
export const makeImageVariants = async (
  { db, storage }: Deps,
  { key, field, bytes }: { key: string; field: string; bytes?: Uint8Array },
) => {
  const known = await db
    .selectFrom('image_variants')
    .select('original_key')
    .where('original_key', '=', key)
    .executeTakeFirst();
  if (known) return;
  const original = bytes ?? (await storage.read(key));
  if (!original) throw validation(field, 'The upload has not finished');
  const decode = () => sharp(original, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).autoOrient();
  let size: { width: number; height: number };
  try {
    const { autoOrient } = await sharp(original, { limitInputPixels: false }).metadata();
    size = autoOrient;
  } catch {
    throw validation(field, UNREADABLE);
  }
  if (size.width * size.height > MAX_PIXELS)
    throw validation(
      field,
      `This image is ${size.width}×${size.height} pixels. Please upload one of at most ${MAX_PIXELS / 1_000_000} megapixels`,
    );
  const folder = key.slice(0, key.lastIndexOf('/'));
  const made: (Stored & { bytes: Buffer })[] = [];
  try {
    for (const width of variantWidths(size.width)) {
      const resized = decode().resize({ width });
      for (const type of IMAGE_VARIANT_TYPES)
        made.push({
          key: `${folder}/${crypto.randomUUID()}.${EXTENSION[type]}`,
          type,
          width,
          bytes: await ENCODE[type](resized.clone()).toBuffer(),
        });
    }
  } catch {
    // The header was fine but the pixels are not (a truncated or damaged file).
    throw validation(field, UNREADABLE);
  }
  for (const variant of made) await storage.put(variant.key, variant.bytes, variant.type);
  const now = nowIso();
  // The copies count towards the enterprise's storage as the original does (same owner and purpose).
  const upload = await db
    .selectFrom('uploads')
    .select(['purpose', 'owner_kind', 'owner_id', 'enterprise_id'])
    .where('key', '=', key)
    .executeTakeFirst();
  if (upload)
    await db
      .insertInto('uploads')
      .values(
        made.map((v) => ({
          ...upload,
          key: v.key,
          content_type: v.type,
          max_bytes: v.bytes.length,
          size: v.bytes.length,
          created_at: now,
          received_at: now,
        })),
      )
      .execute();
  await db
    .insertInto('image_variants')
    .values({
      original_key: key,
      width: size.width,
      height: size.height,
      variants: JSON.stringify(made.map(({ key: k, type, width }) => ({ key: k, type, width }))),
      created_at: now,
    })
    // Two saves of the same new cover at once: the first record stands (the other's copies are unused).
    .onConflict((oc) => oc.column('original_key').doNothing())
    .execute();
};

/** The recorded copies of the images at these public addresses, by address (addresses not ours or without copies are left out). */
export const imageVariantsOf = async (
  { db, storage }: Deps,
  urls: readonly (string | null)[],
): Promise<Map<string, ImageVariants>> => {
  const keyOf = new Map<string, string>();
  for (const url of urls) {
    const key = url ? storage.keyOf(url) : null;
    if (url && key) keyOf.set(key, url);
  }
  if (keyOf.size === 0) return new Map();
  const rows = await db
    .selectFrom('image_variants')
    .select(['original_key', 'width', 'height', 'variants'])
    .where('original_key', 'in', [...keyOf.keys()])
    .execute();
  return new Map(
    rows.map((row) => [
      keyOf.get(row.original_key) ?? '',
      {
        width: Number(row.width),
        height: Number(row.height),
        variants: (JSON.parse(row.variants) as Stored[]).map(({ key, type, width }) => ({
          url: storage.publicUrl(key),
          type,
          width,
        })),
      },
    ]),
  );
};

/**
 * Deletes a stored image nothing uses any more (the caller has checked) with its AVIF/WebP copies: each object from
 * storage, then the uploads rows of those gone (they no longer count towards the enterprise's storage) and, once all
 * are gone, the record of its copies. An object the storage fails to delete keeps its row, and is named in the
 * error thrown once the others are done.
 */
export const removeStoredImage = async ({ db, storage }: Deps, key: string) => {
  const record = await db
    .selectFrom('image_variants')
    .select('variants')
    .where('original_key', '=', key)
    .executeTakeFirst();
  const keys = [...(record ? (JSON.parse(record.variants) as Stored[]).map((v) => v.key) : []), key];
  const removed: string[] = [];
  const failures: unknown[] = [];
  for (const each of keys) {
    try {
      await storage.remove(each);
      removed.push(each);
    } catch (error) {
      failures.push(error);
    }
  }
  if (removed.length) await db.deleteFrom('uploads').where('key', 'in', removed).execute();
  if (record && failures.length === 0)
    await db.deleteFrom('image_variants').where('original_key', '=', key).execute();
  const [first] = failures;
  if (first !== undefined) {
    const why = first instanceof Error ? first.message : String(first);
    throw new AggregateError(
      failures,
      `${failures.length} of ${keys.length} stored file(s) of ${key} were not deleted: ${why}`,
    );
  }
};

// A file a row has let go of (a course's cover, the enterprise's logo, a profile picture, replaced or taken off, or
// its row deleted) leaves storage once nothing names it any more, or it would stay there, and keep counting against
// the enterprise's storage, for good.

/**
 * A LIKE pattern for a column naming the stored file `key`, whatever public address a row saved it under (the
 * embedded store's /uploads/... or a bucket's https://...). Keys have no LIKE wildcards (KEY_PATTERN).
 */
export const namingKey = (key: string) => `%/${key}`;

/**
 * Deletes the file at `url` from storage, with its AVIF/WebP copies (a file without copies, such as a video, goes
 * alone) and their uploads rows (removeStoredImage), when `stillUsed(key)` says no row names it any more: a colleague
 * may have saved the same upload elsewhere, and the seed shares some files. Only a file of ours stored for `purpose`
 * is deleted (an address elsewhere, or a file stored for another purpose, is not this row's). Run it after the change
 * has committed; a failure is logged under `call` and the call succeeds all the same (the file is only left over).
 */
export const removeIfUnused = async (
  ctx: ServiceContext,
  url: string | null | undefined,
  {
    purpose,
    stillUsed,
    call,
    what,
  }: {
    purpose: UploadPurpose;
    /** Whether a row still names the file (namingKey on each column that can). */
    stillUsed: (key: string) => Promise<boolean>;
    /** The call that let it go, for the log. */
    call: string;
    /** What the file was, for the log ("cover", "logo"...). */
    what: string;
  },
) => {
  const key = url ? ctx.storage.keyOf(url) : null;
  if (!key?.startsWith(`${purpose}/`)) return;
  try {
    if (!(await stillUsed(key))) await removeStoredImage(ctx, key);
  } catch (error) {
    console.error(`${call}: the ${what} ${key}, which nothing uses any more, stays in storage`, error);
  }
};

/** The columns that name stored files of ours, by table. */
type NamingColumn =
  | ['courses', 'image_url']
  | ['enterprises', 'logo']
  | ['users', 'avatar_url']
  | ['admins', 'avatar_url']
  | ['content', 'video_url']
  | ['content', 'thumbnail_url']
  | ['content', 'subtitles'];

/**
 * Columns holding a JSON list of files (a video's subtitle tracks, [{ label, srcLang, url }]): an address there is
 * followed by its closing quote, not by the end of the column, so namingKey alone would never match it.
 */
const JSON_COLUMNS: ReadonlySet<string> = new Set(['content.subtitles']);

/** Whether a row still names the stored file `key` in any of these columns (namingKey): removeIfUnused's stillUsed. */
export const anyRowNames =
  (db: Db, columns: NamingColumn[]) =>
  async (key: string): Promise<boolean> => {
    for (const [table, column] of columns) {
      const pattern = JSON_COLUMNS.has(`${table}.${column}`) ? `${namingKey(key)}"%` : namingKey(key);
      const row = await db
        .selectFrom(table)
        .select(sql.ref<string>(column).as('named'))
        .where(sql.ref(column), 'like', pattern)
        .limit(1)
        .executeTakeFirst();
      if (row) return true;
    }
    return false;
  };

/**
 * A profile picture its owner replaced or took off, or whose member was deleted, goes from storage once no member or
 * platform admin names it (removeIfUnused); the screens showing it read it afresh.
 */
export const removeAvatar = (ctx: ServiceContext, avatarUrl: string | null, call: string) =>
  removeIfUnused(ctx, avatarUrl, {
    purpose: 'avatar',
    call,
    what: 'profile picture',
    stillUsed: anyRowNames(ctx.db, [
      ['users', 'avatar_url'],
      ['admins', 'avatar_url'],
    ]),
  });
