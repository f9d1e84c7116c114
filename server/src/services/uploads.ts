import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { EXTENSION_OF_TYPE, UPLOAD_RULES } from '@coach/shared/constants/uploads';
import { ERROR_CODES } from '@coach/shared/contract/envelope';
import type { UploadPurpose } from '@coach/shared/contract/general';
import { fileTypeFromBuffer } from 'file-type';
import type { CallContext } from '../adapter.ts';
import type { Deps } from '../deps.ts';
import { AppError, validation } from '../errors.ts';
import type { LocalStorage } from '../providers/storage.ts';

const SIGNED_FOR_SECONDS = 15 * 60;
const SNIFF_BYTES = 4100;
const nowIso = () => new Date().toISOString();

/** Who asks: an enterprise member (tenant-bound) or a platform admin. */
const ownerOf = (ctx: CallContext) => {
  const s = ctx.session;
  if (s?.audience === 'enterprise')
    return { kind: 'enterprise', id: s.user.id, enterpriseId: s.enterpriseId };
  if (s?.audience === 'admin') return { kind: 'admin', id: s.admin.id, enterpriseId: null };
  throw new AppError(401, ERROR_CODES.unauthenticated, 'Please log in again');
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
  ctx: CallContext,
  input: { purpose: UploadPurpose; fileName: string; fileType: string; fileSize: number },
) => {
  const owner = ownerOf(ctx);
  const rule = UPLOAD_RULES[input.purpose];
  if (!rule.types.includes(input.fileType)) throw validation('fileType', `Please choose ${rule.label}`);
  if (input.fileSize > rule.maxBytes) throw validation('fileSize', `Please choose ${rule.label}`);
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

/**
 * The embedded store's PUT: checks the signature, expiry, declared type and size, streams the bytes to a
 * temporary file (never more than the signed size), checks the magic numbers, then moves the file into place.
 */
export const receiveLocalUpload = async (
  deps: Pick<Deps, 'db'> & { storage: LocalStorage },
  input: {
    key: string;
    query: Record<string, string | undefined>;
    contentType: string | undefined;
    body: ReadableStream<Uint8Array> | null;
  },
) => {
  const grant = deps.storage.verifyPut(input.key, input.query);
  if (!grant.ok) throw uploadError(403, grant.reason);
  if ((input.contentType ?? '').split(';')[0]?.trim().toLowerCase() !== grant.contentType)
    throw uploadError(415, `Send the file with Content-Type ${grant.contentType}`);
  if (!input.body) throw uploadError(400, 'The file is empty');

  await mkdir(deps.storage.root, { recursive: true });
  const temp = path.join(deps.storage.root, `.incoming-${crypto.randomUUID()}`);
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
    if (size === 0) throw uploadError(400, 'The file is empty');
    const first = Buffer.concat(head).subarray(0, SNIFF_BYTES);
    if (!(await bytesMatchType(first, grant.contentType)))
      throw uploadError(415, `The file's content is not ${grant.contentType}`);
    if (!deps.storage.commit(temp, input.key)) throw uploadError(409, 'This upload address was already used');
  } catch (error) {
    out.destroy();
    await rm(temp, { force: true });
    throw error;
  }
  await deps.db
    .updateTable('uploads')
    .set({ size, received_at: nowIso() })
    .where('key', '=', input.key)
    .execute();
  return { key: input.key, size };
};

/**
 * A file address a call wants to keep (an avatar, a logo, ...): it must be one of our uploads, made by the
 * caller (or their enterprise) for this purpose, fully received, and its bytes must match its type.
 */
export const assertUploaded = async (
  ctx: CallContext,
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
    (owner.kind === 'admin' ? row.owner_id === owner.id : row.enterprise_id === owner.enterpriseId);
  if (!row || !mine || row.purpose !== purpose) throw validation(field, 'Upload the file first');
  const bytes = await ctx.storage.head(key, SNIFF_BYTES);
  if (!bytes || bytes.length === 0) throw validation(field, 'The upload has not finished');
  if (!(await bytesMatchType(bytes, row.content_type)))
    throw validation(field, `The file's content is not ${row.content_type}`);
};

const READ_TYPES = ['text/plain'] as const;
const READ_MAX_BYTES = 512 * 1024;

/**
 * api/v1/public/readTypeUpload: a text document for a Read task, sent as multipart. Stored under a name of
 * ours after the same checks as signed uploads; answers with the attachment and the text it holds.
 */
export const readTypeUpload = async (ctx: CallContext, { file }: { file: Blob }) => {
  const owner = ownerOf(ctx);
  const declared = (file.type || 'text/plain').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!(READ_TYPES as readonly string[]).includes(declared))
    throw validation('file', 'Please choose a plain text (.txt) document');
  if (file.size === 0) throw validation('file', 'The file is empty');
  if (file.size > READ_MAX_BYTES) throw validation('file', 'Please choose a document up to 512 KB');
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!(await bytesMatchType(bytes.subarray(0, SNIFF_BYTES), declared)))
    throw validation('file', `The file's content is not ${declared}`);
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
