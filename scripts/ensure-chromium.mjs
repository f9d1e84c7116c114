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
