// The speech engine decodes recordings with Debian's ffmpeg (at run time too), "Hear it" says target texts with
// flite and espeak-ng (issue 37), and the tests and bench synthesise speech with flite, espeak-ng and sox. Installs
// them with apt when missing and we may; otherwise says exactly what to do. With --runtime (pnpm start) sox is not
// wanted, and a missing tool is a warning: the server runs, and only what needs it fails until it is installed.
import { execSync } from 'node:child_process';

const runtime = process.argv.includes('--runtime');
const tools = runtime
  ? { ffmpeg: 'ffmpeg', flite: 'flite', 'espeak-ng': 'espeak-ng' }
  : { ffmpeg: 'ffmpeg', flite: 'flite', sox: 'sox', 'espeak-ng': 'espeak-ng' };
const has = (command) => {
  try {
    execSync(`command -v ${command}`, { stdio: 'ignore', shell: '/bin/sh' });
    return true;
  } catch {
    return false;
  }
};
const missing = Object.entries(tools)
  .filter(([command]) => !has(command))
  .map(([, pkg]) => pkg);
if (missing.length) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const command = `apt-get install -y ${missing.join(' ')}`;
  if (!isRoot) {
    console.error(`Missing for the speech engine: ${missing.join(', ')}. Install them with: sudo ${command}`);
    process.exit(runtime ? 0 : 1);
  }
  console.log(`Installing Debian ${missing.join(', ')} for the speech engine...`);
  execSync(`apt-get update -qq && ${command} -qq`, { stdio: 'inherit' });
}
