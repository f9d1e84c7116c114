// The speech engine decodes recordings with Debian's ffmpeg (at run time too), hears sounds with Debian's
// PocketSphinx (libpocketsphinx3, pocketsphinx-en-us: the phone aligner), "Hear it" says target texts with
// flite and espeak-ng, and the tests and bench synthesise speech with flite, espeak-ng, festival and sox (festival's
// two diphone voices say a learner's error in a person's recorded sounds). Installs
// them with apt when missing and we may; otherwise says exactly what to do. With --runtime (pnpm start) sox is not
// wanted, and a missing tool is a warning: the server runs, and only what needs it fails until it is installed.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

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
// The phone aligner: PocketSphinx's library and its US English acoustic model, found by their files.
const hasLibrary = (name) => {
  try {
    return execSync('ldconfig -p', { encoding: 'utf8' }).includes(name);
  } catch {
    return false;
  }
};
const aligner = {
  libpocketsphinx3: () => hasLibrary('libpocketsphinx.so.3'),
  'pocketsphinx-en-us': () => existsSync('/usr/share/pocketsphinx/model/en-us/en-us/mdef'),
};
// The tests' speakers beside flite and espeak-ng, found by their voice folders.
const FESTIVAL_VOICES = '/usr/share/festival/voices/english';
const speakers = runtime
  ? {}
  : {
      festival: () => has('festival'),
      'festvox-kallpc16k': () => existsSync(`${FESTIVAL_VOICES}/kal_diphone`),
      'festvox-kdlpc16k': () => existsSync(`${FESTIVAL_VOICES}/ked_diphone`),
    };
const missing = [
  ...Object.entries(tools)
    .filter(([command]) => !has(command))
    .map(([, pkg]) => pkg),
  ...Object.entries({ ...aligner, ...speakers })
    .filter(([, present]) => !present())
    .map(([pkg]) => pkg),
];
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
