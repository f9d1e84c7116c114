import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import { preparedLength } from './middleware/api-answers.ts';

export type Encoding = 'br' | 'gzip';

/** The file name a build gives each encoding's copy of a file (`app.js.br`, `app.js.gz`). */
export const ENCODED_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/**
 * Text formats worth compressing. Everything else we serve (video, images, fonts) is compressed already: it goes
 * out as it is, where HTTP Range applies.
 */
export const COMPRESSIBLE_EXTENSIONS = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.txt',
  '.xml',
  '.webmanifest',
  '.map',
  '.vtt',
  '.ico',
]);

/** Answers smaller than this go out as they are: the saving would not pay for the work (and a packet is ~1.4 KB). */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * The encoding to send for an Accept-Encoding header (q-values and `*` honoured; brotli preferred on a tie), or
 * null for identity. No header means identity (RFC 9110 §12.5.3).
 */
export const negotiateEncoding = (header: string | undefined | null): Encoding | null => {
  if (!header) return null;
  const accepts = parseAccept(header);
  const wildcard = accepts.find((a) => a.type === '*')?.q ?? 0;
  let best: { encoding: Encoding; q: number } | null = null;
  for (const encoding of ['br', 'gzip'] as const) {
    const explicit = accepts.find((a) => a.type.toLowerCase() === encoding);
    const q = explicit ? explicit.q : wildcard;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding ?? null;
};

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Below this, compressing on the request's own thread costs less than handing it to the thread pool. */
const SYNC_LIMIT = 32 * 1024;

/**
 * Compresses one answer on the fly. Brotli quality 5 is the knee for text: a 230 KB page in ~3 ms, within 12% of
 * quality 11's size, which takes 100 times longer and is kept for build-time copies.
 */
export const compressBytes = async (bytes: Uint8Array, encoding: Encoding): Promise<Buffer<ArrayBuffer>> => {
  if (encoding === 'gzip') return bytes.length < SYNC_LIMIT ? gzipSync(bytes) : gzipAsync(bytes);
  const options = {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  };
  return bytes.length < SYNC_LIMIT ? brotliCompressSync(bytes, options) : brotliAsync(bytes, options);
};

/** Adds Accept-Encoding to a Vary header value (kept once). */
export const varyOnEncoding = (headers: Headers) => {
  const current = headers.get('vary');
  if (current === '*' || (current && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(current))) return;
  headers.set('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
};

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/**
 * API answers in JSON of 1 KB or more go out compressed (brotli, else gzip) to clients that accept it; smaller
 * ones and everything else (uploads' bytes, 206 ranges) as they are.
 */
export const compressJson = (): MiddlewareHandler => async (c, next) => {
  await next();
  const res = c.res;
  // An answer the adapter built whole carries its type, length and Vary: nothing is read back from it unless it
  // is to be compressed (reading its body would turn the light answer into a web stream to pump).
  const known = preparedLength(res);
  if (known === undefined) {
    const type = res.headers.get('content-type');
    if (
      !type ||
      !/^application\/json\b/i.test(type) ||
      !res.body ||
      c.req.method === 'HEAD' ||
      res.status === 206 ||
      res.headers.has('content-encoding') ||
      NO_TRANSFORM.test(res.headers.get('cache-control') ?? '')
    )
      return;
    varyOnEncoding(res.headers);
  } else if (known < MIN_COMPRESS_BYTES || c.req.method === 'HEAD') return;
  const encoding = negotiateEncoding(c.req.header('accept-encoding'));
  if (!encoding) return;
  const declared = known ?? Number(res.headers.get('content-length') ?? Number.NaN);
  if (declared < MIN_COMPRESS_BYTES) return;
  const body = new Uint8Array(await res.arrayBuffer());
  const compressed = body.length < MIN_COMPRESS_BYTES ? null : await compressBytes(body, encoding);
  // Hono's setter copies the previous answer's headers over the new one: lengths are set after it.
  c.res = new Response(compressed ?? body, {
    status: res.status,
    statusText: res.statusText,
    headers: res.headers,
  });
  c.res.headers.set('content-length', String((compressed ?? body).length));
  if (compressed) c.res.headers.set('content-encoding', encoding);
};
