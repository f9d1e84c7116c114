import { promises as dns, type LookupAddress, lookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * POSTs to addresses that enterprise admins type (webhook receivers, an xAPI LRS) without letting them reach the
 * server's own network (SSRF). Only public unicast addresses are allowed: loopback, private,
 * link-local (cloud metadata at 169.254.169.254), CGNAT, multicast, unspecified, unique-local IPv6, IPv4-mapped
 * and translated IPv6 forms and every other special range are refused. The rule is checked when the address is
 * saved and again at each connection, on the address the connection really uses (DNS may answer differently
 * later), and redirects are never followed. Operators whose receivers are on their own network set
 * WEBHOOKS_ALLOW_PRIVATE=1, which also allows plain http.
 */

export type OutboundPolicy = { allowPrivateAddresses: boolean };

export class RefusedAddressError extends Error {}

/** Whether an IP address is on the public internet (ipaddr.js names every special range; only 'unicast' is). */
export const isPublicAddress = (address: string) => {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
};

/** The host of a URL as DNS and isIP know it (IPv6 literals lose their brackets). */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Checks an address before it is saved or used: http(s), no credentials in it, https unless private addresses
 * are allowed, and every address its host resolves to public. Answers the reason it is refused, or null.
 */
export const refusalOf = async (raw: string, policy: OutboundPolicy): Promise<string | null> => {
  if (!URL.canParse(raw)) return 'Must be an http(s) address';
  const url = new URL(raw);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Must be an http(s) address';
  if (url.username || url.password) return 'Must not contain a username or password';
  if (policy.allowPrivateAddresses) return null;
  if (url.protocol !== 'https:') return 'Must be an https address';
  const host = hostOf(url);
  let addresses: string[];
  try {
    addresses = isIP(host)
      ? [host]
      : (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    return `The name ${host} could not be found`;
  }
  if (addresses.length === 0) return `The name ${host} could not be found`;
  if (addresses.some((address) => !isPublicAddress(address)))
    return 'Must be a public address: private, loopback and link-local networks are refused';
  return null;
};

/**
 * A dns.lookup for http.request that answers only public addresses, so the connection itself cannot reach a
 * private one whatever DNS says between the check and the connect.
 */
export const publicLookup: typeof lookup = ((
  hostname: string,
  options: { all?: boolean },
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
) => {
  lookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
    if (error) return callback(error, options.all ? [] : '', 0);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused || addresses.length === 0)
      return callback(
        new RefusedAddressError(`Refused: ${hostname} resolves to a non-public address`),
        options.all ? [] : '',
        0,
      );
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    return callback(null, first?.address ?? '', first?.family ?? 4);
  });
}) as typeof lookup;

export type OutboundResponse = { statusCode: number; body: string };

type RawAnswer = { statusCode: number; headers: http.IncomingHttpHeaders; body: Buffer };

/**
 * One request to an outside address under the policy: the address is checked, the connection resolves only to
 * public addresses, no redirect is followed, the whole exchange is bounded by `timeoutMs`, and at most `maxBytes` of
 * the answer are kept (a larger answer rejects when `failOverMax`, else is cut).
 */
const sendOutbound = async ({
  method,
  url,
  headers,
  body,
  timeoutMs,
  policy,
  maxBytes,
  failOverMax,
}: {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | Buffer | null;
  timeoutMs: number;
  policy: OutboundPolicy;
  maxBytes: number;
  failOverMax: boolean;
}): Promise<RawAnswer> => {
  const refusal = await refusalOf(url, policy);
  if (refusal) throw new RefusedAddressError(refusal);
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<RawAnswer>((resolve, reject) => {
    const request = client.request(
      target,
      {
        method,
        headers: body === null ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        timeout: timeoutMs,
        // A fresh connection per request: a pooled socket would skip the lookup below.
        agent: false,
        ...(policy.allowPrivateAddresses ? {} : { lookup: publicLookup }),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < maxBytes) chunks.push(chunk);
          size += chunk.length;
          if (size > maxBytes && failOverMax)
            request.destroy(new Error(`The answer is larger than ${maxBytes} bytes`));
        });
        response.on('end', () => {
          clearTimeout(deadline);
          resolve({
            statusCode: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).subarray(0, maxBytes),
          });
        });
        response.on('error', reject);
      },
    );
    // The whole exchange, not only idle time, is bounded: a receiver trickling bytes cannot hold a worker.
    const deadline = setTimeout(
      () => request.destroy(new Error(`Timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
    request.on('timeout', () => request.destroy(new Error(`Timed out after ${timeoutMs} ms`)));
    request.on('error', (error) => {
      clearTimeout(deadline);
      reject(error);
    });
    request.end(body ?? undefined);
  });
};

/**
 * POSTs `body` and answers the status code and the start of the answer (4 KB, for the log). A timeout, a refused
 * address or a network error rejects. A 3xx is an answer like any other: its Location is not followed.
 */
export const postOutbound = async ({
  url,
  headers,
  body,
  timeoutMs,
  policy,
}: {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  policy: OutboundPolicy;
}): Promise<OutboundResponse> => {
  const answer = await sendOutbound({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', 'user-agent': 'Coach-Webhooks/1', ...headers },
    body,
    timeoutMs,
    policy,
    maxBytes: 4096,
    failOverMax: false,
  });
  return { statusCode: answer.statusCode, body: answer.body.toString('utf8').slice(0, 4096) };
};

/**
 * A fetch for libraries that talk to addresses an enterprise admin typed (the OpenID Connect provider of single
 * sign-on): the same policy as webhooks, answers up to 1 MB, no redirects followed.
 */
export const outboundFetch =
  (policy: OutboundPolicy, timeoutMs = 10_000) =>
  async (
    url: string,
    options: { method: string; headers: Record<string, string>; body?: unknown; signal?: AbortSignal },
  ): Promise<Response> => {
    options.signal?.throwIfAborted();
    const body =
      options.body === undefined || options.body === null
        ? null
        : options.body instanceof URLSearchParams
          ? options.body.toString()
          : typeof options.body === 'string'
            ? options.body
            : Buffer.from(options.body as ArrayBuffer);
    const answer = await sendOutbound({
      method: options.method,
      url,
      headers: { 'user-agent': 'Coach-SSO/1', ...options.headers },
      body,
      timeoutMs,
      policy,
      maxBytes: 1024 * 1024,
      failOverMax: true,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
    }
    const nullBody = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(nullBody ? null : new Uint8Array(answer.body), {
      status: answer.statusCode,
      headers,
    });
  };
