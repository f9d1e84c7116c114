import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  DEFAULT_STORAGE_QUOTA_MB,
  EXTENSION_OF_TYPE,
  fileKindOf,
  UPLOAD_RATE,
  UPLOAD_RULES,
  uploadRefusal,
} from '@coach/shared/constants/uploads';
import { ERROR_CODES } from '@coach/shared/contract/envelope';
import type { StorageUsage, UploadPurpose } from '@coach/shared/contract/general';
import { fileSize } from '@coach/shared/format/file-size';
import { hasPermission } from '@coach/shared/permissions';
import { fileTypeFromBuffer } from 'file-type';
import { sql } from 'kysely';
import { assertNotThrottled, recordEvent } from '../../auth/throttle.ts';
import type { Db } from '../../db/connect.ts';
import type { Deps } from '../../deps.ts';
import { AppError, forbidden, validation } from '../../errors.ts';
import type { LocalStorage } from '../../providers/storage.ts';
import { nowIso } from '../common/clock.ts';
import { assertFeatureOn } from '../common/features.ts';
import type { ServiceContext } from '../context.ts';

const SIGNED_FOR_SECONDS = 15 * 60;
const SNIFF_BYTES = 4100;

/** The moment before which a signed address has expired (its reservation with it). */
const signedSince = () => new Date(Date.now() - SIGNED_FOR_SECONDS * 1000).toISOString();

/** Who asks: an enterprise member (tenant-bound) or a platform admin. */
const ownerOf = (ctx: ServiceContext) => {
  const s = ctx.session;
  if (s?.audience === 'enterprise')
    return { kind: 'enterprise', id: s.user.id, enterpriseId: s.enterpriseId };
  if (s?.audience === 'admin') return { kind: 'admin', id: s.admin.id, enterpriseId: null };
  throw new AppError(401, ERROR_CODES.unauthenticated, 'Please log in again');
};

type Owner = ReturnType<typeof ownerOf>;

/**
 * The per-user upload rate (UPLOAD_RATE: 120 requests in 10 minutes): every request counts, refused ones
 * too, so a script cannot probe sizes or purposes without end. Over it: 429 with Retry-After.
 */
const assertUploadRate = async (db: Db, owner: Owner) => {
  const key = `upload:${owner.kind}:${owner.id}`;
  try {
    await assertNotThrottled(db, key, UPLOAD_RATE.limit, UPLOAD_RATE.windowMinutes * 60_000);
  } catch (error) {
    if (!(error instanceof AppError) || !error.retryAfter) throw error;
    const minutes = Math.ceil(error.retryAfter / 60);
    throw new AppError(
      429,
      ERROR_CODES.throttled,
      `Too many uploads: at most ${UPLOAD_RATE.limit} in ${UPLOAD_RATE.windowMinutes} minutes. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      undefined,
      error.retryAfter,
    );
  }
  await recordEvent(db, key);
};

/** Who may ask for this purpose (UPLOAD_RULES[purpose].access): 403 saying why, FEATURE_DISABLED when its flag is off. */
const assertMayUpload = (ctx: ServiceContext, purpose: UploadPurpose) => {
  const s = ctx.session;
  if (s?.audience === 'admin') {
    const refusal = uploadRefusal(purpose, { audience: 'admin' });
    if (refusal) throw forbidden(refusal);
    return;
  }
  if (s?.audience !== 'enterprise') return;
  const refusal = uploadRefusal(purpose, {
    audience: 'enterprise',
    permissions: s.permissions,
    isDefaultAdmin: s.user.is_default_admin === 1,
    roleName: s.user.role_name,
  });
  if (refusal) throw forbidden(refusal);
  const feature = UPLOAD_RULES[purpose].access.feature;
  if (feature) assertFeatureOn(ctx, feature);
};

const MB = 1024 * 1024;

/** STORAGE_QUOTA_MB, read per call so a restart is all a change needs; unset or not a number: 10 GB. */
const defaultQuotaMb = () => {
  const raw = process.env.STORAGE_QUOTA_MB?.trim();
  const mb = raw ? Number(raw) : Number.NaN;
  return Number.isFinite(mb) && mb >= 0 ? mb : DEFAULT_STORAGE_QUOTA_MB;
};

/** The enterprise's quota in bytes: its own (enterprises.storage_quota_mb) or the default. */
const quotaBytesOf = async (db: Db, enterpriseId: string) => {
  const row = await db
    .selectFrom('enterprises')
    .select('storage_quota_mb')
    .where('id', '=', enterpriseId)
    .executeTakeFirst();
  return Math.round((row?.storage_quota_mb ?? defaultQuotaMb()) * MB);
};

type Store = Pick<Deps, 'db'> & { storage: Pick<Deps['storage'], 'kind'> };

/**
 * What an enterprise's uploads take: bytes received, and the signed sizes of addresses still valid whose bytes
 * have not arrived (reserved, so twenty addresses signed at once cannot each fit under the quota alone).
 * The embedded store sees every byte arrive, so an address that expired unused is free again; S3 takes the
 * bytes without us, so there an expired address counts at its signed size (which S3 holds it to).
 * `exceptKey` leaves one upload out (the one arriving, when its PUT re-checks).
 */
const usageOf = async ({ db, storage }: Store, enterpriseId: string, exceptKey?: string) => {
  const validSince = signedSince();
  const expired = storage.kind === 's3' ? sql`when created_at <= ${validSince} then max_bytes ` : sql``;
  let query = db
    .selectFrom('uploads')
    .select([
      sql<string | number | null>`sum(case when received_at is not null then size ${expired}else 0 end)`.as(
        'used',
      ),
      sql<
        string | number | null
      >`sum(case when received_at is null and created_at > ${validSince} then max_bytes else 0 end)`.as(
        'reserved',
      ),
    ])
    .where('enterprise_id', '=', enterpriseId);
  if (exceptKey) query = query.where('key', '!=', exceptKey);
  const row = await query.executeTakeFirst();
  // PostgreSQL answers a bigint sum as text.
  return { usedBytes: Number(row?.used ?? 0), reservedBytes: Number(row?.reserved ?? 0) };
};

/** general/storage-usage: the caller's enterprise against its quota (Settings). */
export const storageUsage = async (ctx: ServiceContext): Promise<StorageUsage> => {
  const owner = ownerOf(ctx);
  if (owner.enterpriseId === null) throw forbidden();
  const usage = await usageOf(ctx, owner.enterpriseId);
  return { ...usage, quotaBytes: await quotaBytesOf(ctx.db, owner.enterpriseId) };
};

const quotaMessage = (quotaBytes: number, usedBytes: number) =>
  `Your organisation's storage quota of ${fileSize(quotaBytes)} has ${fileSize(Math.max(0, quotaBytes - usedBytes))} free`;

/** A sign request that would take the enterprise past its quota: 413 naming fileSize. */
const assertQuota = async (store: Store, enterpriseId: string, bytes: number, field: string) => {
  const [{ usedBytes, reservedBytes }, quotaBytes] = await Promise.all([
    usageOf(store, enterpriseId),
    quotaBytesOf(store.db, enterpriseId),
  ]);
  if (usedBytes + reservedBytes + bytes <= quotaBytes) return;
  throw new AppError(
    413,
    ERROR_CODES.payloadTooLarge,
    `${field}: This file (${fileSize(bytes)}) does not fit. ${quotaMessage(quotaBytes, usedBytes + reservedBytes)}.`,
    field,
  );
};

/** Types that share a container: a WebM voice recording sniffs as video/webm, an M4A as video/mp4. */
const SAME_BYTES: Record<string, readonly string[]> = {
  'audio/webm': ['audio/webm', 'video/webm'],
  'audio/mp4': ['audio/mp4', 'audio/x-m4a', 'video/mp4'],
  'audio/wav': ['audio/wav', 'audio/x-wav', 'audio/vnd.wave'],
  'audio/ogg': ['audio/ogg', 'audio/opus', 'audio/x-ogg'],
  'video/mp4': ['video/mp4', 'video/quicktime', 'video/x-m4v'],
  'video/webm': ['video/webm', 'video/x-matroska'],
};

/** Do the first bytes of a file fit the type it was declared as? Text types are checked by their start. */
export const bytesMatchType = async (bytes: Uint8Array, declared: string) => {
  if (declared === 'text/vtt')
    return new TextDecoder()
      .decode(bytes.subarray(0, 16))
      .replace(/^\uFEFF/, '')
      .startsWith('WEBVTT');
  if (declared === 'text/plain' || declared === 'text/csv') {
    const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
    return !text.includes('\u0000') && !text.includes('\uFFFD');
  }
  const detected = (await fileTypeFromBuffer(bytes))?.mime;
  return detected !== undefined && (SAME_BYTES[declared] ?? [declared]).includes(detected);
};

/** general/put-signed-request-for-upload-to-s3 (enterprise and admin): a signed PUT for a fresh key. */
export const signUpload = async (
  ctx: ServiceContext,
  input: { purpose: UploadPurpose; fileName: string; fileType: string; fileSize: number },
) => {
  const owner = ownerOf(ctx);
  await assertUploadRate(ctx.db, owner);
  assertMayUpload(ctx, input.purpose);
  const rule = UPLOAD_RULES[input.purpose];
  if (!rule.types.includes(input.fileType)) throw validation('fileType', `Please choose ${rule.label}`);
  if (input.fileSize > rule.maxBytes) throw validation('fileSize', `Please choose ${rule.label}`);
  if (owner.enterpriseId) await assertQuota(ctx, owner.enterpriseId, input.fileSize, 'fileSize');
  // The stored name is ours; the user's file name is never part of it.
  const key = `${input.purpose}/${nowIso().slice(0, 7)}/${crypto.randomUUID()}.${EXTENSION_OF_TYPE[input.fileType] ?? 'bin'}`;
  await ctx.db
    .insertInto('uploads')
    .values({
      key,
      purpose: input.purpose,
      content_type: input.fileType,
      max_bytes: input.fileSize,
      owner_kind: owner.kind,
      owner_id: owner.id,
      enterprise_id: owner.enterpriseId,
      size: null,
      created_at: nowIso(),
      received_at: null,
    })
    .execute();
  const signed = await ctx.storage.signPut({
    key,
    contentType: input.fileType,
    maxBytes: input.fileSize,
    expiresInSeconds: SIGNED_FOR_SECONDS,
  });
  return {
    uploadUrl: signed.uploadUrl,
    method: 'PUT' as const,
    headers: signed.headers,
    fileUrl: ctx.storage.publicUrl(key),
    key,
    expiresInSeconds: SIGNED_FOR_SECONDS,
  };
};

const uploadError = (status: 400 | 403 | 409 | 413 | 415, message: string) =>
  new AppError(
    status,
    status === 413
      ? ERROR_CODES.payloadTooLarge
      : status === 403
        ? ERROR_CODES.forbidden
        : status === 409
          ? ERROR_CODES.conflict
          : ERROR_CODES.validation,
    message,
    'file',
  );

const ALREADY_USED = 'This upload address was already used';

/**
 * An address whose bytes the server refused is spent: its uploads row goes, so the space it held is free at once
 * (Settings stops counting it as being uploaded) and a later PUT to it is refused. A row whose file arrived stays.
 */
const endReservation = (db: Db, key: string) =>
  db.deleteFrom('uploads').where('key', '=', key).where('received_at', 'is', null).execute();

type LocalPut = {
  key: string;
  query: Record<string, string | undefined>;
  contentType: string | undefined;
  body: ReadableStream<Uint8Array> | null;
};

/**
 * The checks of a PUT to a genuine address and the bytes into `temp`: the declared type, the quota (again, before
 * any byte is written: it may have been lowered since the address was signed), the size as it streams, the magic
 * numbers. Answers the size; throws an AppError when the bytes are refused.
 */
const takeBytes = async (
  deps: Pick<Deps, 'db'> & { storage: LocalStorage },
  input: LocalPut,
  grant: { contentType: string; maxBytes: number },
  enterpriseId: string | null,
  temp: string,
) => {
  if ((input.contentType ?? '').split(';')[0]?.trim().toLowerCase() !== grant.contentType)
    throw uploadError(415, `Send the file with Content-Type ${grant.contentType}`);
  if (!input.body) throw uploadError(400, 'The file is empty');
  if (enterpriseId) {
    const [{ usedBytes, reservedBytes }, quotaBytes] = await Promise.all([
      usageOf(deps, enterpriseId, input.key),
      quotaBytesOf(deps.db, enterpriseId),
    ]);
    if (usedBytes + reservedBytes + grant.maxBytes > quotaBytes)
      throw uploadError(413, `${quotaMessage(quotaBytes, usedBytes + reservedBytes)}: the file was not kept`);
  }
  await mkdir(deps.storage.root, { recursive: true });
  const out = createWriteStream(temp);
  const head: Uint8Array[] = [];
  let headLength = 0;
  let size = 0;
  try {
    for await (const chunk of input.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.length;
      if (size > grant.maxBytes) throw uploadError(413, 'The file is larger than the size it was signed for');
      if (headLength < SNIFF_BYTES) {
        head.push(chunk);
        headLength += chunk.length;
      }
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
    await new Promise<void>((resolve, reject) =>
      out.end((err?: Error | null) => (err ? reject(err) : resolve())),
    );
  } catch (error) {
    out.destroy();
    throw error;
  }
  if (size === 0) throw uploadError(400, 'The file is empty');
  const first = Buffer.concat(head).subarray(0, SNIFF_BYTES);
  if (!(await bytesMatchType(first, grant.contentType)))
    throw uploadError(415, `The file's content is not ${fileKindOf(grant.contentType)}`);
  return size;
};

/**
 * The embedded store's PUT: checks the signature and expiry, then the declared type, quota, size and magic numbers
 * while the bytes stream to a temporary file (never more than the signed size), then moves the file into place.
 * Once the signature holds, a refusal ends the address (endReservation): one address, one try.
 */
export const receiveLocalUpload = async (
  deps: Pick<Deps, 'db'> & { storage: LocalStorage },
  input: LocalPut,
) => {
  const grant = deps.storage.verifyPut(input.key, input.query);
  if (!grant.ok) throw uploadError(403, grant.reason);
  const upload = await deps.db
    .selectFrom('uploads')
    .select(['enterprise_id', 'received_at'])
    .where('key', '=', input.key)
    .executeTakeFirst();
  // Its file is here already: refused before a byte is read, and the file stays.
  if (upload?.received_at) throw uploadError(409, ALREADY_USED);

  const temp = path.join(deps.storage.root, `.incoming-${crypto.randomUUID()}`);
  let size: number;
  try {
    size = await takeBytes(deps, input, grant, upload?.enterprise_id ?? null, temp);
  } catch (error) {
    await rm(temp, { force: true });
    if (error instanceof AppError) await endReservation(deps.db, input.key);
    throw error;
  }
  if (!deps.storage.commit(temp, input.key)) throw uploadError(409, ALREADY_USED);
  const kept = await deps.db
    .updateTable('uploads')
    .set({ size, received_at: nowIso() })
    .where('key', '=', input.key)
    .where('received_at', 'is', null)
    .executeTakeFirst();
  if (Number(kept.numUpdatedRows) === 0) {
    // No open row counts it (the address was refused or its file deleted meanwhile): the file is not kept.
    await deps.storage.remove(input.key);
    throw uploadError(409, ALREADY_USED);
  }
  return { key: input.key, size };
};

/**
 * A file address a call wants to keep (an avatar, a logo, ...): it must be one of our uploads, made by the
 * caller (or their enterprise) for this purpose, fully received, and its bytes must match its type.
 */
/**
 * Uploads that stand for one person (their picture, their spoken answer): only the person who uploaded one may
 * use it. The rest (a logo, a video, an attachment) belong to the enterprise, so a colleague may use them.
 */
const PERSONAL_PURPOSES: ReadonlySet<UploadPurpose> = new Set(['avatar', 'task-recording']);

export const assertUploaded = async (
  ctx: ServiceContext,
  field: string,
  url: string,
  purpose: UploadPurpose,
) => {
  const owner = ownerOf(ctx);
  const key = ctx.storage.keyOf(url);
  if (!key) throw validation(field, 'Upload the file first');
  const row = await ctx.db.selectFrom('uploads').selectAll().where('key', '=', key).executeTakeFirst();
  const mine =
    row &&
    row.owner_kind === owner.kind &&
    (owner.kind === 'admin' || PERSONAL_PURPOSES.has(purpose)
      ? row.owner_id === owner.id
      : row.enterprise_id === owner.enterpriseId);
  if (!row || !mine || row.purpose !== purpose) throw validation(field, 'Upload the file first');
  const bytes = await ctx.storage.head(key, SNIFF_BYTES);
  if (!bytes || bytes.length === 0) throw validation(field, 'The upload has not finished');
  if (!(await bytesMatchType(bytes, row.content_type))) {
    // Bytes that reached storage without our checks (S3 takes the PUT itself) and are refused now: while the
    // address is open, its reservation ends at once and the bytes go (kept, and counted, if they cannot be deleted).
    if (row.received_at === null && row.created_at > signedSince()) {
      try {
        await ctx.storage.remove(key);
        await endReservation(ctx.db, key);
      } catch (error) {
        console.error(`assertUploaded: the refused upload ${key} stays in storage`, error);
      }
    }
    throw validation(field, `The file's content is not ${fileKindOf(row.content_type)}`);
  }
};

const READ_TYPES = ['text/plain'] as const;
const READ_MAX_BYTES = 512 * 1024;

/**
 * api/v1/public/readTypeUpload: a text document for a Read task, sent as multipart. Stored under a name of
 * ours after the same checks as signed uploads; answers with the attachment and the text it holds.
 */
export const readTypeUpload = async (ctx: ServiceContext, { file }: { file: Blob }) => {
  const owner = ownerOf(ctx);
  await assertUploadRate(ctx.db, owner);
  // A Read task's passage: for whoever writes tasks (the learner reads it, never uploads it).
  const s = ctx.session;
  if (
    s?.audience === 'enterprise' &&
    !hasPermission({
      permissions: s.permissions,
      isDefaultAdmin: s.user.is_default_admin === 1,
      key: 'task-library',
    })
  )
    throw forbidden('Uploading Read task documents needs the Tasks Library permission');
  const declared = (file.type || 'text/plain').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!(READ_TYPES as readonly string[]).includes(declared))
    throw validation('file', 'Please choose a plain text (.txt) document');
  if (file.size === 0) throw validation('file', 'The file is empty');
  if (file.size > READ_MAX_BYTES) throw validation('file', 'Please choose a document up to 512 KB');
  if (owner.enterpriseId) await assertQuota(ctx, owner.enterpriseId, file.size, 'file');
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!(await bytesMatchType(bytes.subarray(0, SNIFF_BYTES), declared)))
    throw validation('file', `The file's content is not ${fileKindOf(declared)}`);
  const key = `read-document/${nowIso().slice(0, 7)}/${crypto.randomUUID()}.txt`;
  await ctx.storage.put(key, bytes, declared);
  await ctx.db
    .insertInto('uploads')
    .values({
      key,
      purpose: 'read-document',
      content_type: declared,
      max_bytes: bytes.length,
      owner_kind: owner.kind,
      owner_id: owner.id,
      enterprise_id: owner.enterpriseId,
      size: bytes.length,
      created_at: nowIso(),
      received_at: nowIso(),
    })
    .execute();
  const name = file instanceof File ? file.name : 'document.txt';
  ctx.setMessage('File uploaded');
  return {
    fileUrl: ctx.storage.publicUrl(key),
    // Shown to people only; the stored name is ours.
    fileName: name.replace(/[^\w .()-]/g, '_').slice(0, 120) || 'document.txt',
    fileType: declared,
    fileSize: bytes.length,
    text: new TextDecoder()
      .decode(bytes)
      .replace(/^\uFEFF/, '')
      .replace(/\r\n/g, '\n'),
  };
};
