import { Resolver } from 'node:dns/promises';

/**
 * Reads DNS TXT records: how an enterprise proves it owns an email domain before single sign-on takes its addresses.
 * The system's resolvers by default; SSO_DNS_SERVERS (comma-separated `host` or `host:port`)
 * names others, for a split-horizon intranet, or the test's own DNS server.
 */
export type TxtResolver = { resolveTxt: (name: string) => Promise<string[][]> };

export const dnsResolver = (servers: string[] = []): TxtResolver => {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers.length) resolver.setServers(servers);
  return { resolveTxt: (name) => resolver.resolveTxt(name) };
};

/** For the suites: the records a map holds, and "no such name" for the rest, as a resolver answers. */
export const mapResolver = (records: Map<string, string[]>): TxtResolver => ({
  resolveTxt: async (name) => {
    const found = records.get(name.toLowerCase());
    if (found) return found.map((value) => [value]);
    throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  },
});
