/**
 * Records the platform demo that "Watch the demo" plays on every dashboard: a narrated
 * walkthrough of the real product. A Playwright tour drives the built product on a server of its own (fresh data
 * folder, demo seed): the admin signs in and shows the dashboard, the task library, a Pronunciation task and the
 * content library; the learner records that task word by word (the seed's recordings of a demo member play into the
 * microphone) and reads the coach's scores; the admin reads the reports and opens the learner's attempt. Each step
 * is a screenshot of the page (960x540: laid out at 1152x648, drawn at 5/6 scale, so the text stays crisp), shown
 * for as long as its narration lasts. Debian's flite speaks the narration (the voice the speech journeys use);
 * the captions are its sentences, in English and Spanish (the languages of the library's videos); ffmpeg muxes
 * a small H.264/AAC MP4 at a few frames a second with a poster.
 *
 * The outputs are committed beside the dashboard's other public files (dashboard/public/media/platform-demo.*),
 * so neither CI nor a build needs these tools; platform-demo.json gives the video's real length and captions.
 *
 * To regenerate (needs flite, sox, ffmpeg and Chromium: node scripts/ensure-speech-tools.mjs,
 * node scripts/ensure-chromium.mjs), holding the e2e lock as the journeys do:
 *   flock /tmp/coach-e2e.lock sh -c 'pnpm build && pnpm --dir scripts exec tsx media/record-demo-tour.ts'
 * The pictures follow the product: rerun it when the screens it shows change.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Locator, type Page } from '@playwright/test';

const ROOT = path.resolve(import.meta.dirname, '../..');
const OUT = path.join(ROOT, 'dashboard/public/media');
const RECORDINGS = path.join(ROOT, 'server/seed-media/recordings');
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const FONT_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const PASSWORD = 'Coach-demo-2026';
const ADMIN = 'owner@acme.example';
const LEARNER = 'learner@acme.example';
const TASK = 'Pronounce tricky workplace words';
/** What the learner says for each item: a demo member's seeded takes (she passes, with a word to work on). */
const TAKES = ['particularly', 'thoroughly', 'entrepreneur', 'hierarchy', 'schedule'].map((word) =>
  path.join(RECORDINGS, `nguyen-${word}.webm`),
);

const WIDTH = 960;
const HEIGHT = 540;
/** The page is laid out at 1152x648 CSS pixels and drawn at 960x540. */
const SCALE = WIDTH / 1152;
const FPS = 4;
const AUDIO_RATE = 22_050;
const VOICE = 'slt';
const STRETCH = 1.06;
const LEAD = 0.5;
const GAP = 0.7;
const TAIL = 1.2;
const TEAL = '0x134E4A';

type Line = { en: string; es: string };
/** A scene: its screenshots (the n-th shown from the n-th sentence on) and its narration. */
type Scene = { shots: string[]; lines: Line[] };

const run = (command: string, args: string[]) =>
  execFileSync(command, args, { stdio: ['ignore', 'pipe', 'inherit'] }).toString();
const seconds = (file: string) => Number(run('soxi', ['-D', file]).trim());
const round3 = (value: number) => Math.round(value * 1000) / 1000;

const vttTime = (value: number) => {
  const ms = Math.round(value * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

const startServer = async (port: number, dataDir: string) => {
  const child = spawn(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), path.join(ROOT, 'server/src/main.ts')],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: `http://localhost:${port}`,
        NODE_ENV: 'test',
        SITE_BUILD: '0',
        LOG_REQUESTS: '0',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  let exited: number | null = null;
  child.once('exit', (code) => {
    exited = code ?? 1;
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited !== null) throw new Error(`the server exited with code ${exited}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not answer');
    await new Promise((r) => setTimeout(r, 300));
  }
};

const stopServer = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** The sign-in code mailed to `email` after `since` (the dev outbox in the data folder). */
const readCode = async (dataDir: string, email: string, since: Set<string>) => {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const latest = (existsSync(outbox) ? readdirSync(outbox) : [])
      .filter((name) => name.endsWith('.eml') && name.includes(`-${email}-`) && !since.has(name))
      .sort()
      .at(-1);
    const code = latest ? /\b(\d{6})\b/.exec(readFileSync(path.join(outbox, latest), 'utf8'))?.[1] : null;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code mailed to ${email}`);
};
const outboxNames = (dataDir: string) => {
  const outbox = path.join(dataDir, 'outbox');
  return new Set(existsSync(outbox) ? readdirSync(outbox) : []);
};

/**
 * The learner's microphone: getUserMedia answers with a stream playing the take set in `__coachDemoTake` (base64),
 * so each item hears its own word, as a person says it.
 */
const MICROPHONE = `(() => {
  const devices = navigator.mediaDevices;
  if (!devices) return;
  const original = devices.getUserMedia.bind(devices);
  devices.getUserMedia = async (constraints) => {
    const take = window.__coachDemoTake;
    if (!take) return original(constraints);
    const bytes = Uint8Array.from(atob(take), (c) => c.charCodeAt(0));
    const context = new AudioContext();
    const buffer = await context.decodeAudioData(bytes.buffer);
    const source = context.createBufferSource();
    source.buffer = buffer;
    const destination = context.createMediaStreamDestination();
    source.connect(destination);
    source.start();
    return destination.stream;
  };
})();`;

const recordDemo = async (work: string) => {
  const port = await freePort();
  const dataDir = path.join(work, 'data');
  const shots = path.join(work, 'shots');
  mkdirSync(shots);
  const server = await startServer(port, dataDir);
  const base = `http://127.0.0.1:${port}`;
  const executablePath =
    process.env.CHROMIUM_PATH ??
    (existsSync('/usr/bin/chromium-headless-shell')
      ? '/usr/bin/chromium-headless-shell'
      : '/usr/bin/chromium');
  const browser = await chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-dev-shm-usage',
      '--autoplay-policy=no-user-gesture-required',
      '--use-fake-ui-for-media-stream',
    ],
  });
  let count = 0;
  const shoot = async (page: Page, name: string) => {
    // Settled: no spinner, fonts and images in, and no hover or focus ring left by a click.
    await page.waitForLoadState('networkidle');
    await page.mouse.move(0, HEIGHT * 2);
    await page.evaluate(async () => {
      (document.activeElement as HTMLElement | null)?.blur?.();
      await document.fonts.ready;
    });
    await page.waitForTimeout(400);
    count += 1;
    const file = path.join(shots, `${String(count).padStart(2, '0')}-${name}.png`);
    await page.screenshot({ path: file });
    return file;
  };
  /** Draws a ring around what the narration talks about (removed after the screenshot). */
  const spotlight = async (target: Locator, on: boolean) => {
    await target.scrollIntoViewIfNeeded();
    await target.evaluate((element, show) => {
      const el = element as HTMLElement;
      el.style.outline = show ? '4px solid #F59E0B' : '';
      el.style.outlineOffset = show ? '4px' : '';
      el.style.borderRadius = show ? '8px' : '';
    }, on);
  };
  const signInAs = async (page: Page, email: string, { show = false } = {}) => {
    await page.goto(`${base}/login`);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    const login = show ? await shoot(page, 'login') : null;
    const since = outboxNames(dataDir);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('radio', { name: 'Email' }).check();
    await page.getByRole('button', { name: 'Send code' }).click();
    const code = await readCode(dataDir, email, since);
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/enterprise\/dashboard/);
    return login;
  };
  const newPage = async () => {
    const context = await browser.newContext({
      viewport: { width: Math.round(WIDTH / SCALE), height: Math.round(HEIGHT / SCALE) },
      deviceScaleFactor: SCALE,
      locale: 'en-AU',
      timezoneId: 'Australia/Melbourne',
    });
    await context.addInitScript(MICROPHONE);
    return context.newPage();
  };

  const scenes: Scene[] = [];
  try {
    // The admin.
    const admin = await newPage();
    const loginShot = await signInAs(admin, ADMIN, { show: true });
    await admin.getByRole('heading', { level: 1 }).first().waitFor();
    await admin.locator('.activity-chart canvas').first().waitFor();
    const dashboardTop = await shoot(admin, 'dashboard');
    await spotlight(admin.locator('.activity-chart').first(), true);
    const dashboardChart = await shoot(admin, 'dashboard-chart');
    await spotlight(admin.locator('.activity-chart').first(), false);
    scenes.push({ shots: ['title'], lines: [] });
    scenes.push({
      shots: [loginShot ?? ''],
      lines: [
        {
          en: 'An admin signs in with an email and a password, then a code sent to them.',
          es: 'Un administrador inicia sesión con su correo y su contraseña, y después con un código que recibe.',
        },
      ],
    });
    scenes.push({
      shots: [dashboardTop, dashboardChart],
      lines: [
        {
          en: 'The dashboard shows the company at a glance: members, tasks completed, and time practised.',
          es: 'El panel muestra la empresa de un vistazo: miembros, tareas completadas y tiempo de práctica.',
        },
        {
          en: 'A chart follows the activity day by day, and finished tasks wait here for review.',
          es: 'Un gráfico sigue la actividad día a día, y las tareas terminadas esperan aquí su revisión.',
        },
      ],
    });

    await admin.goto(`${base}/enterprise/tasks-library`);
    await admin.getByRole('list', { name: 'Read tasks' }).waitFor();
    const library = await shoot(admin, 'tasks-library');
    await admin.goto(`${base}/enterprise/create-task`);
    await admin.getByRole('heading', { level: 2, name: 'What kind of task?' }).waitFor();
    const kinds = await shoot(admin, 'create-task');
    scenes.push({
      shots: [library, kinds],
      lines: [
        {
          en: 'The task library holds practice for every speaking skill.',
          es: 'La biblioteca de tareas reúne práctica para cada habilidad oral.',
        },
        {
          en: 'A new task takes a minute: choose its kind, add the words or questions, and give it to a group.',
          es: 'Crear una tarea lleva un minuto: elige el tipo, añade las palabras o preguntas y asígnala a un grupo.',
        },
      ],
    });

    await admin.goto(`${base}/enterprise/tasks-library`);
    await admin.getByRole('link', { name: TASK }).first().click();
    await admin.getByRole('heading', { level: 1, name: TASK }).waitFor();
    const taskView = await shoot(admin, 'task-view');
    scenes.push({
      shots: [taskView],
      lines: [
        {
          en: 'This pronunciation task asks for five tricky workplace words, and shows who has done it.',
          es: 'Esta tarea de pronunciación pide cinco palabras difíciles del trabajo, y muestra quién la ha hecho.',
        },
      ],
    });

    await admin.goto(`${base}/enterprise/content-library`);
    await admin.getByRole('list', { name: 'Interview Skills videos' }).waitFor();
    await admin.locator('.video-card img').first().waitFor();
    await admin.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('.video-card img')).every((img) => img.complete),
    );
    const content = await shoot(admin, 'content-library');
    scenes.push({
      shots: [content],
      lines: [
        {
          en: 'The content library adds short videos from coaches, each teaching one skill.',
          es: 'La biblioteca de contenidos añade vídeos cortos de coaches, cada uno sobre una habilidad.',
        },
      ],
    });

    // The learner.
    const learner = await newPage();
    await signInAs(learner, LEARNER);
    await learner.goto(`${base}/enterprise/my-tasks`);
    await learner.getByRole('list', { name: 'Due tasks' }).waitFor();
    const myTasks = await shoot(learner, 'my-tasks');
    scenes.push({
      shots: [myTasks],
      lines: [
        {
          en: 'Now the learner. Lee signs in and sees every task given to them, with its due date.',
          es: 'Ahora, el alumno. Lee inicia sesión y ve cada tarea que tiene asignada, con su fecha de entrega.',
        },
      ],
    });

    await learner.getByRole('link', { name: TASK }).first().click();
    await learner.getByRole('heading', { level: 1, name: TASK }).waitFor();
    const taskOpen = await shoot(learner, 'task-open');
    let recordingShot = '';
    for (const [index, take] of TAKES.entries()) {
      const item = index + 1;
      const length = Number(
        run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', take]),
      );
      await learner.evaluate((data) => {
        (window as unknown as { __coachDemoTake: string }).__coachDemoTake = data;
      }, readFileSync(take).toString('base64'));
      await learner.getByRole('button', { name: `Record item ${item}`, exact: true }).click();
      const stop = learner.getByRole('button', { name: `Stop recording item ${item}` });
      await stop.waitFor();
      await learner.waitForTimeout(length * 1000 + 300);
      if (item === 2) {
        await spotlight(stop, true);
        recordingShot = await shoot(learner, 'recording');
        await spotlight(stop, false);
      }
      await stop.click();
      await learner.getByRole('button', { name: `Record again item ${item}` }).waitFor();
    }
    const allRecorded = await shoot(learner, 'recorded');
    scenes.push({
      shots: [taskOpen, recordingShot, allRecorded],
      lines: [
        {
          en: 'Lee opens the pronunciation task.',
          es: 'Lee abre la tarea de pronunciación.',
        },
        {
          en: 'Each word is recorded right in the browser, no app to install.',
          es: 'Cada palabra se graba en el navegador, sin instalar nada.',
        },
        {
          en: 'Lee can listen back, and record a word again before submitting.',
          es: 'Lee puede escucharse y volver a grabar una palabra antes de enviar.',
        },
      ],
    });

    await learner.getByRole('button', { name: 'Submit task' }).click();
    await learner.getByText('Task completed successfully').waitFor();
    const score = learner.getByRole('region', { name: 'Pronunciation score' });
    // The speech engine hears each take in the background, after the seed's own recordings: minutes on a busy box,
    // longer than the page keeps asking, so it is opened again until the score is in.
    const deadline = Date.now() + 600_000;
    for (;;) {
      const ready = await score
        .getByText('passing score')
        .first()
        .waitFor({ timeout: 20_000 })
        .then(() => true)
        .catch(() => false);
      if (ready) break;
      if (Date.now() > deadline) throw new Error('the Pronunciation score did not come');
      await learner.reload();
    }
    await learner.waitForLoadState('networkidle');
    await score.scrollIntoViewIfNeeded();
    await learner.evaluate(() => window.scrollBy(0, -80));
    const feedback = await shoot(learner, 'feedback');
    await learner.evaluate(() => window.scrollBy(0, 240));
    const feedbackWords = await shoot(learner, 'feedback-words');
    scenes.push({
      shots: [feedback, feedbackWords],
      lines: [
        {
          en: 'Seconds later, the coach scores each word from what it heard.',
          es: 'Segundos después, el coach puntúa cada palabra según lo que ha oído.',
        },
        {
          en: 'Lee sees the score against the pass mark, and which words to practise again.',
          es: 'Lee ve su puntuación frente a la nota para aprobar, y qué palabras debe practicar de nuevo.',
        },
      ],
    });

    // The admin again.
    await admin.goto(`${base}/enterprise/reports`);
    await admin.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    await admin.locator('dl[aria-label="Key figures"]').waitFor();
    await admin.getByRole('table', { name: 'Tasks by type' }).waitFor();
    const reports = await shoot(admin, 'reports');
    await admin.getByRole('table', { name: 'Scores by task type' }).scrollIntoViewIfNeeded();
    const reportScores = await shoot(admin, 'reports-scores');
    scenes.push({
      shots: [reports, reportScores],
      lines: [
        {
          en: 'Back with the admin, reports show progress by group and by period.',
          es: 'De vuelta con el administrador, los informes muestran el progreso por grupo y por periodo.',
        },
        {
          en: 'Scores are broken down by kind of task, and every table can be downloaded.',
          es: 'Las puntuaciones se desglosan por tipo de tarea, y cada tabla se puede descargar.',
        },
      ],
    });

    await admin.goto(`${base}/enterprise/dashboard`);
    const review = admin
      .getByRole('region', { name: 'Completed tasks to review' })
      .getByRole('link', { name: `Review ${TASK} by Lee Learner` });
    await review.click();
    await admin
      .getByText(/Lee Learner’s attempt/)
      .first()
      .waitFor();
    await admin.waitForLoadState('networkidle');
    const attempt = await shoot(admin, 'review');
    scenes.push({
      shots: [attempt],
      lines: [
        {
          en: 'The admin opens the attempt, plays each recording, and leaves feedback for Lee.',
          es: 'El administrador abre el intento, escucha cada grabación y deja comentarios para Lee.',
        },
      ],
    });
    scenes.push({ shots: ['closing'], lines: [] });
    return { scenes, cover: dashboardTop };
  } catch (error) {
    for (const [i, page] of browser
      .contexts()
      .flatMap((c) => c.pages())
      .entries())
      await page.screenshot({ path: path.join(work, `failed-${i}.png`), fullPage: true }).catch(() => {});
    if (process.env.KEEP_SHOTS) run('cp', ['-r', work, `${process.env.KEEP_SHOTS}-failed`]);
    throw error;
  } finally {
    await browser.close();
    await stopServer(server);
  }
};

/** The title and closing cards: the dashboard, darkened and blurred, behind the words. */
const card = (
  work: string,
  name: string,
  cover: string,
  lines: { text: string; size: number; bold?: boolean }[],
) => {
  const out = path.join(work, `${name}.png`);
  const filters = [
    `scale=${WIDTH}:${HEIGHT}`,
    'gblur=sigma=6',
    `drawbox=x=0:y=0:w=iw:h=ih:color=${TEAL}@0.82:t=fill`,
  ];
  const total = lines.reduce((sum, line) => sum + line.size * 1.5, 0);
  let y = (HEIGHT - total) / 2;
  for (const [i, line] of lines.entries()) {
    const file = path.join(work, `${name}-${i}.txt`);
    writeFileSync(file, line.text);
    filters.push(
      `drawtext=fontfile=${line.bold ? FONT_BOLD : FONT}:textfile=${file}:fontsize=${line.size}:fontcolor=white:x=(w-text_w)/2:y=${Math.round(y)}`,
    );
    y += line.size * 1.5;
  }
  run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-i',
    cover,
    '-vf',
    filters.join(','),
    '-frames:v',
    '1',
    out,
  ]);
  return out;
};

const speak = (dir: string, name: string, text: string) => {
  const raw = path.join(dir, `${name}.flite.wav`);
  const out = path.join(dir, `${name}.wav`);
  run('flite', ['-voice', VOICE, '--setf', `duration_stretch=${STRETCH}`, '-t', text, '-o', raw]);
  const edges = ['silence', '1', '0.02', '0.5%', 'reverse', 'silence', '1', '0.02', '0.5%', 'reverse'];
  run('sox', ['-R', raw, '-r', String(AUDIO_RATE), '-c', '1', '-b', '16', out, ...edges]);
  return out;
};
const silence = (dir: string, name: string, length: number) => {
  const out = path.join(dir, `${name}.wav`);
  run('sox', ['-R', '-n', '-r', String(AUDIO_RATE), '-c', '1', '-b', '16', out, 'trim', '0', String(length)]);
  return out;
};

const TITLE_LINES: Line[] = [
  {
    en: 'Welcome to Coach, the speaking coach for your whole team.',
    es: 'Bienvenido a Coach, el entrenador de expresión oral para todo tu equipo.',
  },
  {
    en: 'In two minutes, see what an admin and a learner do with it.',
    es: 'En dos minutos, mira lo que hacen con él un administrador y un alumno.',
  },
];
const CLOSING_LINES: Line[] = [
  {
    en: 'Coach: practise speaking, hear how you did, and watch your team grow.',
    es: 'Coach: practica la expresión oral, descubre cómo lo has hecho y mira crecer a tu equipo.',
  },
];

const makeVideo = (work: string, scenes: Scene[], cover: string) => {
  const title = card(work, 'title', cover, [
    { text: 'Coach', size: 56, bold: true },
    { text: 'Your personal growth platform', size: 28 },
    { text: 'A two-minute walkthrough', size: 20 },
  ]);
  const closing = card(work, 'closing', cover, [
    { text: 'Coach', size: 56, bold: true },
    { text: 'Practise speaking. Hear how you did.', size: 28 },
    { text: 'Watch your team grow.', size: 28 },
  ]);
  const audio = path.join(work, 'audio');
  mkdirSync(audio);
  const parts = [silence(audio, 'lead', LEAD)];
  const cues: { start: number; end: number; en: string; es: string }[] = [];
  /** Each picture and how long it stays. */
  const frames: { file: string; seconds: number }[] = [];
  let at = LEAD;
  let sentence = 0;
  const all = scenes.map((scene) =>
    scene.shots[0] === 'title'
      ? { shots: [title], lines: TITLE_LINES }
      : scene.shots[0] === 'closing'
        ? { shots: [closing], lines: CLOSING_LINES }
        : scene,
  );
  for (const [sceneIndex, scene] of all.entries()) {
    const last = sceneIndex === all.length - 1;
    for (const [i, line] of scene.lines.entries()) {
      const spoken = speak(audio, `s${sentence}`, line.en);
      const length = seconds(spoken);
      const pause = last && i === scene.lines.length - 1 ? TAIL : GAP;
      cues.push({ start: round3(at), end: round3(at + length), en: line.en, es: line.es });
      parts.push(spoken, silence(audio, `gap${sentence}`, pause));
      // The lead-in belongs to the first picture.
      const shown = length + pause + (sentence === 0 ? LEAD : 0);
      const shot = scene.shots[Math.min(i, scene.shots.length - 1)] ?? title;
      const previous = frames.at(-1);
      if (previous && previous.file === shot) previous.seconds += shown;
      else frames.push({ file: shot, seconds: shown });
      at += length + pause;
      sentence += 1;
    }
  }
  const narration = path.join(work, 'narration.wav');
  run('sox', ['-R', ...parts, narration]);
  const duration = seconds(narration);
  // The concat demuxer's list: each picture for its time (the last named twice, as the demuxer wants).
  const list = path.join(work, 'frames.txt');
  const lastFrame = frames.at(-1);
  writeFileSync(
    list,
    `${frames.map((f) => `file '${f.file}'\nduration ${f.seconds.toFixed(3)}`).join('\n')}\nfile '${lastFrame?.file ?? title}'\n`,
  );
  const mp4 = path.join(OUT, 'platform-demo.mp4');
  run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    list,
    '-i',
    narration,
    '-vf',
    `scale=${WIDTH}:${HEIGHT}:flags=lanczos,fps=${FPS},format=yuv420p`,
    '-c:v',
    'libx264',
    '-preset',
    'veryslow',
    '-tune',
    'stillimage',
    '-profile:v',
    'main',
    '-crf',
    '27',
    '-g',
    String(FPS * 10),
    '-threads',
    '1',
    '-c:a',
    'aac',
    '-b:a',
    '40k',
    '-ac',
    '1',
    '-t',
    String(duration),
    '-movflags',
    '+faststart',
    '-map_metadata',
    '-1',
    '-fflags',
    '+bitexact',
    '-flags:v',
    '+bitexact',
    '-flags:a',
    '+bitexact',
    mp4,
  ]);
  // The poster: the title card.
  run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-i',
    title,
    '-q:v',
    '4',
    path.join(OUT, 'platform-demo.jpg'),
  ]);
  const webvtt = (language: 'en' | 'es') =>
    `WEBVTT\n\n${cues.map((cue, i) => `${i + 1}\n${vttTime(cue.start)} --> ${vttTime(cue.end)}\n${cue[language]}\n`).join('\n')}`;
  writeFileSync(path.join(OUT, 'platform-demo.en.vtt'), webvtt('en'));
  writeFileSync(path.join(OUT, 'platform-demo.es.vtt'), webvtt('es'));
  const probed = Number(
    run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', mp4]).trim(),
  );
  writeFileSync(
    path.join(OUT, 'platform-demo.json'),
    `${JSON.stringify({ durationSeconds: Math.round(probed), captions: ['en', 'es'] }, null, 2)}\n`,
  );
  return { duration: probed, bytes: statSync(mp4).size };
};

const missing = ['flite', 'sox', 'soxi', 'ffmpeg', 'ffprobe'].filter((tool) => {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    return false;
  } catch {
    return true;
  }
});
if (missing.length || !existsSync(FONT)) {
  console.error(
    `Needs ${[...missing, 'fonts-dejavu-core'].join(', ')}: node scripts/ensure-speech-tools.mjs`,
  );
  process.exit(1);
}
if (!existsSync(path.join(ROOT, 'dashboard/dist/index.html'))) {
  console.error('Build the dashboard first: pnpm build');
  process.exit(1);
}

const work = mkdtempSync(path.join(tmpdir(), 'demo-tour-'));
try {
  const { scenes, cover } = await recordDemo(work);
  const { duration, bytes } = makeVideo(work, scenes, cover);
  if (process.env.KEEP_SHOTS) run('cp', ['-r', path.join(work, 'shots'), process.env.KEEP_SHOTS]);
  console.log(`platform-demo.mp4: ${duration.toFixed(1)} s, ${bytes} bytes`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
