import { promises as dns, type LookupAddress, lookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * POSTs to addresses that enterprise admins type (webhook receivers, an xAPI LRS) without letting them reach the
 * server's own network (SSRF, issue 20 item 4). Only public unicast addresses are allowed: loopback, private,
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
  const refusal = await refusalOf(url, policy);
  if (refusal) throw new RefusedAddressError(refusal);
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<OutboundResponse>((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Coach-Webhooks/1',
          ...headers,
          'content-length': String(Buffer.byteLength(body)),
        },
        timeout: timeoutMs,
        // A fresh connection per delivery: a pooled socket would skip the lookup below.
        agent: false,
        ...(policy.allowPrivateAddresses ? {} : { lookup: publicLookup }),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < 4096) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () => {
          clearTimeout(deadline);
          resolve({
            statusCode: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8').slice(0, 4096),
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
    request.end(body);
  });
};
