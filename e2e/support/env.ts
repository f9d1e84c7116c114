import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3310);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/**
 * A fresh data folder per run (SQLite file, uploads and the mail outbox the tests read codes from), one per port
 * so runs on different ports do not wipe each other's data.
 */
export const E2E_DATA_DIR = path.join(REPO_ROOT, 'e2e', E2E_PORT === 3310 ? '.data' : `.data-${E2E_PORT}`);
export const DEMO_PASSWORD = 'Coach-demo-2026';
