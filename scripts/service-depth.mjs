#!/usr/bin/env node
/**
 * The deepest runtime import chain among the server's services, counted in modules (type-only imports are not
 * chains: they vanish at run time). A chain is the path a newcomer follows to learn what one service does; the
 * services stay shallow when small helpers live in services/common or an area's internal/ modules and operations
 * do not call operations that call operations.
 *
 * `node scripts/service-depth.mjs [--max N]` prints the deepest chain and every module whose chain is longer than
 * N (default 4), and exits 1 when there is one. Measured with dependency-cruiser's JSON output.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const maxIndex = process.argv.indexOf('--max');
const max = maxIndex > 0 ? Number(process.argv[maxIndex + 1]) : 4;
const services = 'server/src/services/';

const json = execFileSync(
  'node_modules/.bin/depcruise',
  [
    '--no-config',
    '--ts-config',
    'server/tsconfig.json',
    '--output-type',
    'json',
    '--do-not-follow',
    'node_modules',
    '--exclude',
    '\\.test\\.ts$',
    services,
  ],
  { cwd: root, maxBuffer: 1 << 30 },
).toString();

const runtime = (dependency) =>
  dependency.resolved.startsWith(services) &&
  !dependency.dependencyTypes.every((type) => type.includes('type-only') || type === 'type-import');
const graph = new Map(
  JSON.parse(json)
    .modules.filter((module) => module.source.startsWith(services))
    .map((module) => [module.source, module.dependencies.filter(runtime).map((d) => d.resolved)]),
);

const deepest = new Map();
const chainFrom = (module, visiting = new Set()) => {
  if (deepest.has(module)) return deepest.get(module);
  if (visiting.has(module)) return [module];
  visiting.add(module);
  let best = [module];
  for (const next of graph.get(module) ?? []) {
    const chain = chainFrom(next, visiting);
    if (chain.length + 1 > best.length) best = [module, ...chain];
  }
  visiting.delete(module);
  deepest.set(module, best);
  return best;
};

const short = (path) => path.slice(services.length).replace(/\.ts$/, '');
const chains = [...graph.keys()].map((module) => chainFrom(module)).sort((a, b) => b.length - a.length);
const over = chains.filter((chain) => chain.length > max);
console.log(
  `service modules: ${graph.size}; deepest runtime import chain: ${chains[0]?.length ?? 0} modules (at most ${max})`,
);
console.log(`  ${(chains[0] ?? []).map(short).join(' → ')}`);
for (const chain of over) console.log(`over ${max}: ${chain.map(short).join(' → ')}`);
process.exitCode = over.length > 0 ? 1 : 0;
