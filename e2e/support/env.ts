import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Journeys run in E2E_WORKERS workers at once (default 2), each against a server of its own on its own port and
 * data folder, so one worker's journeys never see another's data. E2E_PORT is the first server's port.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const FIRST_PORT = Number(process.env.E2E_PORT ?? 3310);

/**
 * The server of worker slot `index`: its port, address and a fresh data folder (SQLite file, uploads and the mail
 * outbox the tests read codes from), one per port so runs on different ports do not wipe each other's data.
 */
export const e2eServer = (index: number) => {
  const port = FIRST_PORT + index;
  return {
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    /**
     * The same server by name: its PUBLIC_URL, so passkeys work there (WebAuthn takes a domain name as the relying
     * party's id, never an IP address). The passkey journeys visit it; the others keep the address.
     */
    namedUrl: `http://localhost:${port}`,
    dataDir: path.join(REPO_ROOT, 'e2e', port === 3310 ? '.data' : `.data-${port}`),
  };
};

/** This worker's server: Playwright numbers its running workers 0…workers-1 in TEST_PARALLEL_INDEX. */
const mine = e2eServer(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
export const E2E_PORT = mine.port;
export const E2E_BASE_URL = mine.baseUrl;
export const E2E_NAMED_URL = mine.namedUrl;
export const E2E_DATA_DIR = mine.dataDir;
export const DEMO_PASSWORD = 'Coach-demo-2026';

/**
 * The browser the journeys drive: Debian's old headless shell (package chromium-headless-shell), the build Playwright
 * itself uses for headless runs. It draws the same pages as the full browser with less work, and the whole
 * journey suite took 13.6 min with it against 16.0 with /usr/bin/chromium on this 2-core machine. CHROMIUM_PATH
 * picks another.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/**
 * Chromium's flags for every journey: no sandbox or GPU here, no background calls out of this closed network, a
 * fake microphone that needs no permission prompt (recorded tasks), and no optimising JavaScript compiler.
 */
export const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-dev-shm-usage',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  // V8 compiles the pages' scripts to baseline code only (Sparkplug), not the optimised tiers: a journey's page
  // lives seconds, too short to repay optimising on two busy cores. Same JavaScript, same results; five spec files
  // took 291 CPU-s against 309-333 (2.8 min against 3.0-3.1) in runs side by side, the English enterprise axe walk
  // 201 against 213.
  '--js-flags=--max-opt=1',
];
