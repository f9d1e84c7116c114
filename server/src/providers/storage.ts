import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { open, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { UPLOAD_CACHE_CONTROL } from '@coach/shared/contract/general';

/** One object to be PUT by the browser: its key, declared type and the most bytes it may have. */
export type PutGrant = { key: string; contentType: string; maxBytes: number; expiresInSeconds: number };

type StorageCommon = {
  /** A signed address the browser PUTs the bytes to, and the headers it must send. */
  signPut: (grant: PutGrant) => Promise<{ uploadUrl: string; headers: Record<string, string> }>;
  /** The public address of a stored object. */
  publicUrl: (key: string) => string;
  /** The key behind one of our public addresses, or null for any other address. */
  keyOf: (url: string) => string | null;
  /** The first `bytes` bytes of a stored object (to check its type), or null when it is not there. */
  head: (key: string, bytes: number) => Promise<Uint8Array | null>;
  /** Stores bytes the server received itself (multipart uploads such as readTypeUpload). */
  put: (key: string, bytes: Uint8Array, contentType: string) => Promise<void>;
  /** A whole stored object (an image the server makes smaller copies of), or null when it is not there. */
  read: (key: string) => Promise<Uint8Array | null>;
  /** Deletes a stored object the server made itself and can make again (a "hear it" render); gone already is fine. */
  remove: (key: string) => Promise<void>;
  /** The keys stored under one purpose (`hear-it`), in pages; only keys of the storage's own shape. */
  list: (purpose: string) => AsyncIterable<string[]>;
  /** Other origins the browser PUTs to and loads objects from (the pages' Content-Security-Policy lists them). */
  browserOrigins?: readonly string[];
};

/** Keys are made by the server: `<purpose>/<yyyy-mm>/<uuid>.<ext>`; nothing else is accepted. */
export const KEY_PATTERN = /^[a-z-]+\/\d{4}-\d{2}\/[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;
/** A key's first segment: what its objects are for. */
const PURPOSE_PATTERN = /^[a-z-]+$/;
/** Keys per page of `list` (S3's most per ListObjectsV2 answer). */
const LIST_PAGE = 1000;

// ---------------------------------------------------------------------------------------------
// Embedded storage: files under DATA_DIR/uploads, PUT through our own signed route
// ---------------------------------------------------------------------------------------------

export const LOCAL_PUT_PREFIX = '/api/v1/uploads/';
export const LOCAL_PUBLIC_PREFIX = '/uploads/';

const signature = (secret: string, parts: (string | number)[]) =>
  createHmac('sha256', secret).update(parts.join('\n')).digest('base64url');

export type LocalStorage = StorageCommon & {
  kind: 'local';
  root: string;
  /** Checks a PUT's signature and expiry; returns the signed grant or why it is refused. */
  verifyPut: (
    key: string,
    query: Record<string, string | undefined>,
  ) => { ok: true; contentType: string; maxBytes: number } | { ok: false; reason: string };
  /** Moves a fully received temp file into place; false when the key already holds a file. */
  commit: (tempFile: string, key: string) => boolean;
  fileOf: (key: string) => string;
};

export const localStorage = ({ dataDir, secret }: { dataDir: string; secret: string }): LocalStorage => {
  const root = path.join(dataDir, 'uploads');
  const fileOf = (key: string) => path.join(root, ...key.split('/'));
  return {
    kind: 'local',
    root,
    fileOf,
    signPut: async ({ key, contentType, maxBytes, expiresInSeconds }) => {
      const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
      const query = new URLSearchParams({
        type: contentType,
        max: String(maxBytes),
        exp: String(exp),
        sig: signature(secret, [key, contentType, maxBytes, exp]),
      });
      return {
        uploadUrl: `${LOCAL_PUT_PREFIX}${key}?${query}`,
        headers: {
          'Content-Type': contentType,
          'Cache-Control': UPLOAD_CACHE_CONTROL,
          'x-amz-acl': 'public-read',
        },
      };
    },
    verifyPut: (key, { type, max, exp, sig }) => {
      if (!KEY_PATTERN.test(key) || !type || !max || !exp || !sig)
        return { ok: false, reason: 'This upload address is not valid' };
      const expected = Buffer.from(signature(secret, [key, type, Number(max), Number(exp)]));
      const given = Buffer.from(sig);
      if (expected.length !== given.length || !timingSafeEqual(expected, given))
        return { ok: false, reason: 'This upload address is not valid' };
      if (Number(exp) < Date.now() / 1000) return { ok: false, reason: 'This upload address has expired' };
      return { ok: true, contentType: type, maxBytes: Number(max) };
    },
    commit: (tempFile, key) => {
      const target = fileOf(key);
      if (existsSync(target)) {
        rmSync(tempFile, { force: true });
        return false;
      }
      mkdirSync(path.dirname(target), { recursive: true });
      renameSync(tempFile, target);
      return true;
    },
    put: async (key, bytes) => {
      const target = fileOf(key);
      mkdirSync(path.dirname(target), { recursive: true });
      await writeFile(target, bytes, { flag: 'wx' });
    },
    read: async (key) => {
      const file = fileOf(key);
      return existsSync(file) ? new Uint8Array(await readFile(file)) : null;
    },
    remove: async (key) => {
      if (KEY_PATTERN.test(key)) await rm(fileOf(key), { force: true });
    },
    list: async function* (purpose) {
      if (!PURPOSE_PATTERN.test(purpose)) return;
      const months = await readdir(path.join(root, purpose)).catch(() => []);
      for (const month of months.sort()) {
        const names = await readdir(path.join(root, purpose, month)).catch(() => []);
        const keys = names
          .map((name) => `${purpose}/${month}/${name}`)
          .filter((key) => KEY_PATTERN.test(key));
        for (let start = 0; start < keys.length; start += LIST_PAGE)
          yield keys.slice(start, start + LIST_PAGE);
      }
    },
    publicUrl: (key) => `${LOCAL_PUBLIC_PREFIX}${key}`,
    keyOf: (url) => {
      const key = url.startsWith(LOCAL_PUBLIC_PREFIX) ? url.slice(LOCAL_PUBLIC_PREFIX.length) : null;
      return key && KEY_PATTERN.test(key) ? key : null;
    },
    head: async (key, bytes) => {
      const file = fileOf(key);
      if (!existsSync(file)) return null;
      const handle = await open(file, 'r');
      try {
        const buffer = Buffer.alloc(bytes);
        const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
  };
};

/** A read stream of a stored local file (served at /uploads/...). */
export const readLocal = (storage: LocalStorage, key: string, range?: { start: number; end: number }) => {
  const file = storage.fileOf(key);
  return existsSync(file) ? createReadStream(file, range) : null;
};

/** The size of a stored file in bytes, or null when there is none. */
export const sizeOfLocal = (storage: LocalStorage, key: string) => {
  const file = storage.fileOf(key);
  return existsSync(file) ? statSync(file).size : null;
};

/**
 * A single `bytes=` range of a file of `size` bytes (inclusive ends, as HTTP counts them): null when there is no
 * usable Range header (serve the whole file), 'unsatisfiable' when it starts past the end.
 */
export const parseRange = (header: string | undefined, size: number) => {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable' as const;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable' as const;
  return { start, end };
};

// ---------------------------------------------------------------------------------------------
// S3-compatible storage: the browser PUTs straight to the bucket through a presigned address
// ---------------------------------------------------------------------------------------------

export type S3Settings = {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, ...); path-style addressing is used with it. */
  endpoint?: string | undefined;
  /** Public base address of the bucket's objects (a CDN, say); default the bucket's own address. */
  publicBaseUrl?: string | undefined;
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
};

export type S3Storage = StorageCommon & { kind: 's3' };
export type StorageProvider = LocalStorage | S3Storage;

export const s3Storage = (settings: S3Settings): S3Storage => {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
  });
  const base = (
    settings.publicBaseUrl ??
    (settings.endpoint
      ? `${settings.endpoint.replace(/\/$/, '')}/${settings.bucket}`
      : `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`)
  ).replace(/\/$/, '');
  return {
    kind: 's3',
    signPut: async ({ key, contentType, maxBytes, expiresInSeconds }) => {
      const command = new PutObjectCommand({
        Bucket: settings.bucket,
        Key: key,
        ContentType: contentType,
        CacheControl: UPLOAD_CACHE_CONTROL,
        ACL: 'public-read',
        // Signed, so S3 takes exactly the declared size (the browser sends the body's length itself): the size
        // caps and the storage quota hold on S3 too, where the bytes never pass through us.
        ContentLength: maxBytes,
      });
      const uploadUrl = await getSignedUrl(client, command, {
        expiresIn: expiresInSeconds,
        // The browser must send exactly these, so the bucket stores the type, cache, ACL and size we signed.
        signableHeaders: new Set(['content-type', 'cache-control', 'x-amz-acl', 'content-length']),
        unhoistableHeaders: new Set(['x-amz-acl']),
      });
      return {
        uploadUrl,
        headers: {
          'Content-Type': contentType,
          'Cache-Control': UPLOAD_CACHE_CONTROL,
          'x-amz-acl': 'public-read',
        },
      };
    },
    put: async (key, bytes, contentType) => {
      await client.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          CacheControl: UPLOAD_CACHE_CONTROL,
          ACL: 'public-read',
        }),
      );
    },
    read: async (key) => {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key }));
        return answer.Body ? await answer.Body.transformToByteArray() : null;
      } catch {
        return null;
      }
    },
    // S3 answers a delete of a missing key as done.
    remove: async (key) => {
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key }));
    },
    list: async function* (purpose) {
      if (!PURPOSE_PATTERN.test(purpose)) return;
      const pages = paginateListObjectsV2(
        { client, pageSize: LIST_PAGE },
        { Bucket: settings.bucket, Prefix: `${purpose}/` },
      );
      for await (const page of pages) {
        const keys = (page.Contents ?? []).flatMap(({ Key }) => (Key && KEY_PATTERN.test(Key) ? [Key] : []));
        if (keys.length) yield keys;
      }
    },
    publicUrl: (key) => `${base}/${key}`,
    // Objects are read from the public base and PUT to the endpoint, or to the bucket's host on AWS (whose
    // presigned addresses are path-style when the bucket's name has a dot).
    browserOrigins: [
      ...new Set([
        new URL(base).origin,
        settings.endpoint
          ? new URL(settings.endpoint).origin
          : settings.bucket.includes('.')
            ? `https://s3.${settings.region}.amazonaws.com`
            : `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`,
      ]),
    ],
    keyOf: (url) => {
      const key = url.startsWith(`${base}/`) ? url.slice(base.length + 1) : null;
      return key && KEY_PATTERN.test(key) ? key : null;
    },
    head: async (key, bytes) => {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: settings.bucket, Key: key, Range: `bytes=0-${bytes - 1}` }),
        );
        return answer.Body ? await answer.Body.transformToByteArray() : null;
      } catch {
        return null;
      }
    },
  };
};

/** S3 when S3_BUCKET is set (credentials from the AWS SDK's usual sources), else the embedded store. */
export const createStorage = ({
  env,
  dataDir,
  secret,
}: {
  env: Record<string, string | undefined>;
  dataDir: string;
  secret: string;
}): StorageProvider =>
  env.S3_BUCKET
    ? s3Storage({
        bucket: env.S3_BUCKET,
        region: env.S3_REGION ?? 'us-east-1',
        endpoint: env.S3_ENDPOINT,
        publicBaseUrl: env.S3_PUBLIC_URL,
      })
    : localStorage({ dataDir, secret });
