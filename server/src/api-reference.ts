import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Hono } from 'hono';
import { compressBytes, type Encoding, negotiateEncoding, varyOnEncoding } from './compression.ts';
import { securePage } from './csp.ts';
import { jsonAnswer } from './middleware/api-answers.ts';
import { API_REFERENCE_PATH, OPENAPI_PATH, openApiDocument } from './openapi.ts';

/** Redoc's standalone bundle, served from this origin (nothing from a CDN). */
const REDOC_SCRIPT_PATH = `${API_REFERENCE_PATH}/redoc.standalone.js`;

/**
 * The reference page: Redoc reads the document from this server, with its telemetry off. No inline script, so the
 * page's policy (csp.ts) allows scripts from this origin only; Redoc's styles carry the page's nonce, which it reads
 * from the <meta property="csp-nonce"> that securePage adds.
 */
const PAGE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Coach API reference</title></head><body><redoc spec-url="${OPENAPI_PATH}" disable-telemetry="true" hide-download-button="false"></redoc><script type="module" src="${REDOC_SCRIPT_PATH}"></script></body></html>`;

/**
 * GET /api/v1/openapi.json (the OpenAPI 3.1 document of the contract, public, built on the first request and kept)
 * and the API reference page that renders it at /api-reference.
 */
export const mountApiReference = (app: Hono) => {
  let document: ReturnType<typeof openApiDocument> | null = null;
  app.get(OPENAPI_PATH, () => {
    document ??= openApiDocument();
    const res = jsonAnswer(document);
    res.headers.set('cache-control', 'public, max-age=3600');
    // Tools and other origins' reference viewers may read the document.
    res.headers.set('access-control-allow-origin', '*');
    return res;
  });

  app.get(API_REFERENCE_PATH, () => {
    const page = securePage(PAGE_HTML, { remoteMedia: false });
    return new Response(page.html, {
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-cache',
        'content-security-policy': page.policy,
      },
    });
  });

  // 2.3 MB of script: read once, and compressed once per encoding when first asked for.
  let script: Buffer | null = null;
  const compressed = new Map<Encoding, Promise<Buffer>>();
  app.get(REDOC_SCRIPT_PATH, async (c) => {
    script ??= readFileSync(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'));
    const headers = new Headers({
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=86400',
    });
    varyOnEncoding(headers);
    const encoding = negotiateEncoding(c.req.header('accept-encoding'));
    let body: Buffer = script;
    if (encoding) {
      const bytes = script;
      if (!compressed.has(encoding)) compressed.set(encoding, compressBytes(bytes, encoding));
      body = (await compressed.get(encoding)) ?? script;
      headers.set('content-encoding', encoding);
    }
    headers.set('content-length', String(body.length));
    return new Response(new Uint8Array(body), { headers });
  });
};
