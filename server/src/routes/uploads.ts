import { adminGeneral } from '@coach/shared/contract/admin';
import { enterpriseGeneral, UPLOAD_CACHE_CONTROL } from '@coach/shared/contract/general';
import { uploads } from '@coach/shared/contract/uploads';
import type { Hono } from 'hono';
import { stream } from 'hono/streaming';
import { envelopeError, type Registration, serve } from '../adapter.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import {
  KEY_PATTERN,
  LOCAL_PUBLIC_PREFIX,
  LOCAL_PUT_PREFIX,
  parseRange,
  readLocal,
  sizeOfLocal,
} from '../providers/storage.ts';
import * as service from '../services/content/uploads.ts';
import * as profile from '../services/identity/profile.ts';
import { signTaskUpload } from '../services/tasks/my-tasks.ts';

/** Signed upload addresses and the calls that keep an uploaded file (and their task variant). */
export const uploadRoutes: Registration[] = [
  serve(enterpriseGeneral.putSignedRequestForUpload, ({ ctx, input }) => service.signUpload(ctx, input)),
  serve(adminGeneral.putSignedRequestForUpload, ({ ctx, input }) => service.signUpload(ctx, input)),
  serve(enterpriseGeneral.putSignedRequestForTaskUpload, ({ ctx, input }) => signTaskUpload(ctx, input)),
  serve(enterpriseGeneral.updateProfileImage, ({ ctx, input }) =>
    profile.updateEnterpriseProfileImage(ctx, input),
  ),
  serve(adminGeneral.updateProfileImage, ({ ctx, input }) => profile.updateAdminProfileImage(ctx, input)),
  serve(uploads.readTypeUpload, ({ ctx, input }) => service.readTypeUpload(ctx, input)),
  serve(enterpriseGeneral.storageUsage, ({ ctx }) => service.storageUsage(ctx)),
];

const CONTENT_TYPE_OF_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  pdf: 'application/pdf',
  webm: 'video/webm',
  ogg: 'audio/ogg',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  vtt: 'text/vtt; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
};

/**
 * The embedded store's two raw routes (not JSON calls, so not in the contract): the signed PUT the browser
 * sends the bytes to, and the public read of stored files, cached for 30 days as spec §7 asks.
 */
export const mountLocalUploads = (app: Hono, deps: Deps) => {
  const storage = deps.storage;
  if (storage.kind !== 'local') return;
  app.put(`${LOCAL_PUT_PREFIX}*`, async (c) => {
    try {
      const key = c.req.path.slice(LOCAL_PUT_PREFIX.length);
      const saved = await service.receiveLocalUpload(
        { db: deps.db, storage },
        {
          key,
          query: c.req.query(),
          contentType: c.req.header('content-type'),
          body: c.req.raw.body,
        },
      );
      return c.json({ success: 1, message: 'File uploaded', response: saved });
    } catch (error) {
      if (error instanceof AppError) return envelopeError(c, error);
      throw error;
    }
  });
  app.get(`${LOCAL_PUBLIC_PREFIX}*`, (c) => {
    const key = c.req.path.slice(LOCAL_PUBLIC_PREFIX.length);
    const size = KEY_PATTERN.test(key) ? sizeOfLocal(storage, key) : null;
    if (size === null) return c.json({ success: 0, message: 'Not found', code: 'NOT_FOUND' }, 404);
    c.header(
      'content-type',
      CONTENT_TYPE_OF_EXTENSION[key.split('.').pop() ?? ''] ?? 'application/octet-stream',
    );
    c.header('cache-control', UPLOAD_CACHE_CONTROL);
    c.header('x-content-type-options', 'nosniff');
    c.header('content-security-policy', "default-src 'none'; sandbox");
    c.header('accept-ranges', 'bytes');
    // Media players seek with Range requests: answer the asked part (one range; others get the whole file).
    const range = parseRange(c.req.header('range'), size);
    if (range === 'unsatisfiable') {
      c.header('content-range', `bytes */${size}`);
      return c.body(null, 416);
    }
    const file = readLocal(storage, key, range ?? undefined);
    if (!file) return c.json({ success: 0, message: 'Not found', code: 'NOT_FOUND' }, 404);
    if (range) {
      c.status(206);
      c.header('content-range', `bytes ${range.start}-${range.end}/${size}`);
      c.header('content-length', String(range.end - range.start + 1));
    } else c.header('content-length', String(size));
    return stream(c, async (out) => {
      for await (const chunk of file) await out.write(chunk as Uint8Array);
    });
  });
};
