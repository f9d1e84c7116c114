import { createHash, randomBytes } from 'node:crypto';

/**
 * Content-Security-Policy for everything this server sends (item 9). API answers and uploaded files
 * get a policy that allows nothing: they are data, never a document that should run or load anything. HTML
 * pages (the dashboard's index and the marketplace site's pages) get a strict policy built from the page itself:
 * scripts only from this origin or with the sha256 of an inline script the page carries, styles only from this
 * origin, with a hash, or with this response's nonce.
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** The hashes of what a page carries inline, each as a CSP source ('sha256-…'). */
export type InlineHashes = { scripts: string[]; styles: string[]; styleAttributes: string[] };

export type PagePolicyOptions = {
  hashes: InlineHashes;
  /** This response's nonce: react-hot-toast (goober) inserts and rewrites a <style> at run time with it. */
  nonce: string;
  /** Where the browser loads media from and PUTs uploads to besides this origin (an S3 bucket, its CDN). */
  storageOrigins?: readonly string[];
  /** The page plays videos at admin-entered addresses through hls.js, which fetches them (the dashboard). */
  fetchesMedia?: boolean;
  /**
   * The page may show images and media from any https address (admin-entered thumbnails and videos); off for a
   * page that shows only its own, such as the API reference, whose viewer would otherwise fetch its vendor's logo.
   */
  remoteMedia?: boolean;
};

/** Where the server puts the response's nonce in a page, for scripts that need it (dashboard/src/csp-nonce.ts). */
export const NONCE_META = 'csp-nonce';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

export const newNonce = () => randomBytes(16).toString('base64');

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', nbsp: '\u00a0' };

/** An attribute's value as the browser sees it, which is what a style attribute's hash is taken of. */
const decodeEntities = (value: string) =>
  value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });

const unique = (values: string[]) => [...new Set(values)];

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const STYLE = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;
const TAG = /<[a-z][^\s/>]*((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/gi;
const STYLE_ATTRIBUTE = /\sstyle\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i;

/**
 * The hashes of a page's inline scripts (the exact text between the tags, as the browser hashes it), inline
 * <style> blocks and style attributes. Scripts with a src are loaded from 'self' and need none.
 */
export const inlineHashes = (html: string): InlineHashes => {
  const scripts: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT))
    if (!/\ssrc\s*=/i.test(` ${attributes}`)) scripts.push(sha256(body));
  const styles = [...html.matchAll(STYLE)].map(([, body = '']) => sha256(body));
  // Attributes are read from the markup outside scripts and style blocks, whose text is not markup.
  const markup = html.replace(SCRIPT, '').replace(STYLE, '');
  const styleAttributes: string[] = [];
  for (const [, attributes = ''] of markup.matchAll(TAG)) {
    const found = STYLE_ATTRIBUTE.exec(attributes);
    if (found) styleAttributes.push(sha256(decodeEntities(found[1] ?? found[2] ?? found[3] ?? '')));
  }
  return { scripts: unique(scripts), styles: unique(styles), styleAttributes: unique(styleAttributes) };
};

/** The policy of one HTML page. */
export const pagePolicy = ({
  hashes,
  nonce,
  storageOrigins = [],
  fetchesMedia = false,
  remoteMedia = true,
}: PagePolicyOptions) => {
  const remote = remoteMedia ? ['https:'] : [];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...hashes.scripts]],
    ['style-src', ["'self'", `'nonce-${nonce}'`, ...hashes.styles]],
    // Server-rendered React islands carry a few style="" attributes; each is allowed by its own hash only.
    [
      'style-src-attr',
      hashes.styleAttributes.length > 0 ? ["'unsafe-hashes'", ...hashes.styleAttributes] : ["'none'"],
    ],
    // Thumbnails and videos may live at any https address an admin entered (the content editor's "Use an
    // address"), besides our uploads, data: images (the favicon, flags) and blob: previews and HLS streams.
    ['img-src', ["'self'", 'data:', 'blob:', ...remote, ...storageOrigins]],
    ['media-src', ["'self'", 'blob:', ...remote, ...storageOrigins]],
    // The dashboard's hls.js fetches an HLS playlist and its segments, which may be at an admin-entered https
    // address too; the site only calls its own API.
    ['connect-src', ["'self'", ...(fetchesMedia ? ['https:'] : []), ...storageOrigins]],
    // hls.js runs its transmuxer in a worker made from a blob: URL.
    ['worker-src', ["'self'", 'blob:']],
    ['font-src', ["'self'", 'data:']],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${unique(sources).join(' ')}`).join('; ');
};

/**
 * An HTML page ready to send: the nonce is put in a <meta> at the top of <head> (dashboard/src/csp-nonce.ts
 * and the site's toasts island hand it to goober), and the policy lists the page's own inline hashes.
 */
export const securePage = (
  html: string,
  {
    hashes = inlineHashes(html),
    ...options
  }: Omit<PagePolicyOptions, 'nonce' | 'hashes'> & { hashes?: InlineHashes } = {},
) => {
  const nonce = newNonce();
  const meta = `<meta property="${NONCE_META}" nonce="${nonce}">`;
  const withMeta = /<head\b[^>]*>/i.test(html)
    ? html.replace(/<head\b[^>]*>/i, (head) => `${head}${meta}`)
    : html;
  return { html: withMeta, policy: pagePolicy({ ...options, hashes, nonce }) };
};
