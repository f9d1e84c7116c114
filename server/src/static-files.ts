import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PARTNER_LANDING_PATHS } from '@coach/shared/constants/institutions';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@coach/shared/constants/languages';
import type { Context, Hono } from 'hono';
import {
  COMPRESSIBLE_EXTENSIONS,
  compressBytes,
  ENCODED_SUFFIX,
  MIN_COMPRESS_BYTES,
  negotiateEncoding,
  varyOnEncoding,
} from './compression.ts';
import { type InlineHashes, inlineHashes, securePage } from './csp.ts';
import type { AppConfig } from './deps.ts';

/** What a visitor sees in the seconds before the first marketplace build is published. */
const PREPARING_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="5"><title>Preparing the marketplace · Coach</title><style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#f8fafc;color:#0f172a}main{text-align:center;padding:24px}p{color:#475569}</style></head><body><main><h1>The marketplace is being prepared</h1><p>It will be ready in a few seconds. This page refreshes by itself.</p></main></body></html>`;

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json',
  // The dashboard's platform demo video and its subtitles (public/media).
  '.mp4': 'video/mp4',
  '.vtt': 'text/vtt; charset=utf-8',
};

/**
 * The site's pages in spec §9's other languages live under their prefix (/es/marketplace/home, /ar/story-up):
 * the language of such a path and the path without it; English paths have no prefix.
 */
const PREFIXES = LANGUAGES.map((l) => l.code).filter((code) => code !== DEFAULT_LANGUAGE);
const splitLanguage = (urlPath: string): { prefix: string | null; path: string } => {
  const prefix = PREFIXES.find((code) => urlPath.startsWith(`/${code}/`)) ?? null;
  return prefix ? { prefix, path: urlPath.slice(prefix.length + 1) } : { prefix: null, path: urlPath };
};

/** A file inside `root` for a URL path, or null (never escapes root). */
const resolveFile = (root: string, urlPath: string): string | null => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const file = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (!file.startsWith(root + path.sep) && file !== root) return null;
  if (existsSync(file) && statSync(file).isFile()) return file;
  const index = path.join(file, 'index.html');
  if (existsSync(index) && statSync(index).isFile()) return index;
  return null;
};

/** A single `bytes=` range of a file of `size` bytes; null when absent, malformed or several (the whole file then). */
const parseRange = (
  header: string,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null => {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return null;
  const [from, to] = [match[1] ?? '', match[2] ?? ''];
  if (!from) {
    // The last N bytes.
    const length = Number(to);
    return length === 0 || size === 0
      ? 'unsatisfiable'
      : { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(from);
  const end = to ? Math.min(Number(to), size - 1) : size - 1;
  if (to && Number(to) < start) return null;
  return start >= size ? 'unsatisfiable' : { start, end };
};

/**
 * A static file. Text goes out as the build's brotli or gzip copy beside it (`.br`, `.gz`) when the client accepts
 * one (Vary: Accept-Encoding); media and fonts, compressed already, go out as they are, with HTTP Range, which
 * any identity answer honours (a range asks for the file's own bytes, so it is never encoded).
 */
const fileResponse = (file: string, req: { header: (name: string) => string | undefined }) => {
  const ext = path.extname(file);
  const hashed =
    file.includes(`${path.sep}assets${path.sep}`) || file.includes(`${path.sep}_astro${path.sep}`);
  const headers = new Headers({
    'content-type': MIME[ext] ?? 'application/octet-stream',
    'cache-control':
      ext === '.html' ? 'no-cache' : hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
  });
  const compressible = COMPRESSIBLE_EXTENSIONS.has(ext);
  if (compressible) varyOnEncoding(headers);
  const range = req.header('range');
  const { size, mtimeMs } = statSync(file);
  if (compressible && !range) {
    const encoding = negotiateEncoding(req.header('accept-encoding'));
    const copy = encoding ? `${file}${ENCODED_SUFFIX[encoding]}` : null;
    // A copy older than its file belongs to an earlier build: the file itself is the truth then.
    const copyStat = copy && existsSync(copy) ? statSync(copy) : null;
    if (encoding && copy && copyStat?.isFile() && copyStat.mtimeMs >= mtimeMs) {
      headers.set('content-encoding', encoding);
      headers.set('content-length', String(copyStat.size));
      return new Response(readFileSync(copy), { headers });
    }
  }
  headers.set('accept-ranges', 'bytes');
  // If-Range needs a validator these answers do not carry, so a conditional range gets the whole file.
  const wanted = range && !req.header('if-range') ? parseRange(range, size) : null;
  if (wanted === 'unsatisfiable') {
    headers.set('content-range', `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  if (wanted) {
    headers.set('content-range', `bytes ${wanted.start}-${wanted.end}/${size}`);
    headers.set('content-length', String(wanted.end - wanted.start + 1));
    const stream = Readable.toWeb(createReadStream(file, wanted)) as ReadableStream<Uint8Array>;
    return new Response(stream, { status: 206, headers });
  }
  headers.set('content-length', String(size));
  return new Response(readFileSync(file), { headers });
};

/**
 * One-box mode: the built dashboard as an SPA, the marketplace site under /marketplace/. Every page goes out
 * with its Content-Security-Policy (csp.ts); `storageOrigins` are the bucket addresses media and uploads use.
 */
/** A course's page in the site, in any language: its id, else null. */
const COURSE_PAGE = /^\/marketplace\/course-detail\/([^/]+?)(?:\/|\.html|\/index\.html)?$/;

export const mountStatic = (
  app: Hono,
  config: AppConfig,
  {
    storageOrigins = [],
    courseOffered,
  }: {
    storageOrigins?: readonly string[];
    /** Whether a course is on sale now: a page the site still holds for one taken off sale is not served. */
    courseOffered?: (courseId: string) => Promise<boolean>;
  } = {},
) => {
  // A built page's inline hashes, kept until the file changes (site pages are large; builds replace them).
  const hashCache = new Map<string, { stamp: string; hashes: InlineHashes }>();
  const hashesOf = (file: string, html: string) => {
    const { mtimeMs, size } = statSync(file);
    const stamp = `${mtimeMs}:${size}`;
    const known = hashCache.get(file);
    if (known?.stamp === stamp) return known.hashes;
    const hashes = inlineHashes(html);
    if (hashCache.size >= 2000) hashCache.clear();
    hashCache.set(file, { stamp, hashes });
    return hashes;
  };
  /**
   * A page with its policy. Each answer carries a fresh nonce (csp.ts), so pages cannot have build-time copies:
   * they are compressed per request, which for a 230 KB page is ~3 ms at the quality used (compression.ts).
   */
  const pageResponse = async (
    c: Context,
    html: string,
    init: {
      status?: number;
      headers?: Record<string, string>;
      hashes?: InlineHashes;
      fetchesMedia?: boolean;
    },
  ) => {
    const page = securePage(html, {
      storageOrigins,
      fetchesMedia: init.fetchesMedia ?? false,
      ...(init.hashes ? { hashes: init.hashes } : {}),
    });
    const headers = new Headers({
      'content-type': MIME['.html'] ?? '',
      ...init.headers,
      'content-security-policy': page.policy,
    });
    varyOnEncoding(headers);
    const bytes = Buffer.from(page.html);
    const encoding = negotiateEncoding(c.req.header('accept-encoding'));
    const body =
      encoding && bytes.length >= MIN_COMPRESS_BYTES ? await compressBytes(bytes, encoding) : bytes;
    if (body !== bytes && encoding) headers.set('content-encoding', encoding);
    headers.set('content-length', String(body.length));
    return new Response(body, { status: init.status ?? 200, headers });
  };
  const filePage = (c: Context, file: string, { status = 200, dashboardPage = false } = {}) => {
    const html = readFileSync(file, 'utf8');
    return pageResponse(c, html, {
      status,
      headers: status === 200 ? { 'cache-control': 'no-cache' } : {},
      hashes: hashesOf(file, html),
      fetchesMedia: dashboardPage,
    });
  };
  const dashboard =
    config.dashboardDir && existsSync(path.join(config.dashboardDir, 'index.html'))
      ? path.resolve(config.dashboardDir)
      : null;
  const fixedMarketplace =
    typeof config.marketplaceDir === 'string' && existsSync(config.marketplaceDir)
      ? path.resolve(config.marketplaceDir)
      : null;
  const published = typeof config.marketplaceDir === 'function' ? config.marketplaceDir : null;
  app.get('*', async (c, next) => {
    const urlPath = c.req.path;
    if (urlPath.startsWith('/api/')) return next();
    const marketplace = published ? published() : fixedMarketplace;
    const language = splitLanguage(urlPath);
    const inMarketplace = language.path === '/marketplace' || language.path.startsWith('/marketplace/');
    const sitePath =
      inMarketplace || PARTNER_LANDING_PATHS.some((p) => language.path === p || language.path === `${p}/`);
    if (published && !marketplace && sitePath)
      return pageResponse(c, PREPARING_HTML, {
        status: 503,
        headers: { 'retry-after': '5', 'cache-control': 'no-store' },
      });
    // The request URL carries the Host header on a real server and the given origin in tests.
    const host = new URL(c.req.url).hostname.toLowerCase();
    const onMarketplaceHost = config.marketplaceHosts.includes(host);
    // The site's pages live at their spec paths (/marketplace/*, partner landing pages at the root) and its
    // assets under /_astro/, so its dist folder is served from the root; `/` stays the dashboard's entry.
    const found = marketplace && urlPath !== '/' ? resolveFile(marketplace, urlPath) : null;
    const courseId = COURSE_PAGE.exec(language.path)?.[1];
    const siteFile =
      found && courseId && courseOffered && !(await courseOffered(decodeURIComponent(courseId)))
        ? null
        : found;
    if (siteFile) return siteFile.endsWith('.html') ? filePage(c, siteFile) : fileResponse(siteFile, c.req);
    // An unknown site address gets the site's 404 page in its language (/es/marketplace/… the Spanish one), and so
    // does spec §2's /404 itself: a visitor sent there from the marketplace sees its header, colours and search,
    // not the dashboard's unbranded page.
    const notFoundPath = language.path === '/404' || language.path === '/404/';
    if (marketplace && (inMarketplace || notFoundPath || (language.prefix && sitePath))) {
      const notFound =
        (language.prefix ? resolveFile(marketplace, `/${language.prefix}/404`) : null) ??
        resolveFile(marketplace, '/404.html');
      if (notFound) return filePage(c, notFound, { status: 404 });
    }
    if (onMarketplaceHost && (urlPath === '/' || !dashboard || !resolveFile(dashboard, urlPath)))
      return c.redirect('/marketplace/home');
    if (!dashboard) return next();
    const file = urlPath === '/' ? null : resolveFile(dashboard, urlPath);
    if (file && !file.endsWith('index.html'))
      return file.endsWith('.html') ? filePage(c, file, { dashboardPage: true }) : fileResponse(file, c.req);
    // Every SPA route (and unknown paths, which the SPA sends to /login) gets the index.
    if (urlPath.startsWith('/assets/')) return next();
    return filePage(c, path.join(dashboard, 'index.html'), { dashboardPage: true });
  });
};
