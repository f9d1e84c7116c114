// The e2e tests drive Debian's Chromium (Playwright's own download cannot be reached on these machines).
// Installs it with apt when it is missing and we may; otherwise says exactly what to do.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// The journeys run in Chromium's old headless shell (lighter: e2e/support/env.ts); the benches and Lighthouse use the
// full browser. Both are Debian packages of the same version.
const browsers = [
  { path: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell', pkg: 'chromium-headless-shell' },
  { path: '/usr/bin/chromium', pkg: 'chromium' },
];
const missing = browsers.filter((b) => !existsSync(b.path)).map((b) => b.pkg);
if (missing.length) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`Chromium not found. Install it with: sudo apt-get install -y ${missing.join(' ')}`);
    process.exit(1);
  }
  console.log(`Installing Debian ${missing.join(' and ')} for the e2e tests...`);
  execSync(`apt-get update -qq && apt-get install -y -qq ${missing.join(' ')}`, { stdio: 'inherit' });
}

// Pages in Arabic, Dari, Pashto, Hindi and Chinese (spec §9) draw with the system's fonts (nothing from a font
// CDN): Debian's Noto fonts cover Arabic script, Devanagari, Simplified Chinese and the emoji (the language picker's
// globe) for the screenshots.
const hasScriptFonts = () => {
  try {
    const families = execSync('fc-list : family', { encoding: 'utf8' });
    return ['Noto Sans Arabic', 'Noto Sans Devanagari', 'Noto Sans CJK SC', 'Noto Color Emoji'].every(
      (family) => families.includes(family),
    );
  } catch {
    return false;
  }
};
if (!hasScriptFonts()) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot) {
    console.log('Installing Debian Noto fonts (Arabic, Devanagari, CJK) for the e2e screenshots...');
    execSync(
      'apt-get update -qq && apt-get install -y -qq fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji',
      {
        stdio: 'inherit',
      },
    );
  } else {
    console.warn(
      'Fonts for Arabic script, Devanagari, Chinese or emoji are missing: sudo apt-get install -y fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji',
    );
  }
}
