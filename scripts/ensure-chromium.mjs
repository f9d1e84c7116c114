// The e2e tests drive Debian's Chromium (Playwright's own download cannot be reached on these machines).
// Installs it with apt when it is missing and we may; otherwise says exactly what to do.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`Chromium not found at ${chromium}. Install it with: sudo apt-get install -y chromium`);
    process.exit(1);
  }
  console.log('Installing Debian chromium for the e2e tests...');
  execSync('apt-get update -qq && apt-get install -y -qq chromium', { stdio: 'inherit' });
}
