// Generates the demo media of the seed into server/seed-media/ (issue 16 item 5, "the demo speaks"); nothing is
// downloaded. The outputs are committed, so neither CI nor the seed needs these tools.
//
// - The twelve content-library videos (issue 6): each a narrated slide show. Debian's flite speaks the title and
//   two or three key points (voices taking turns); ffmpeg draws the title and the points, each appearing as it is
//   spoken, on a calm background tinted per video, and encodes a small H.264/AAC MP4 (480x270, 10 fps) with a
//   JPEG thumbnail. The English WebVTT subtitles are the narration sentence by sentence, timed from each
//   sentence's synthesised length (sox); the Spanish ones translate the same sentences on the same cues.
//   manifest.json gives each video's real length, which the seed stores.
// - The learners' recordings (recordings/*.webm): what four demo members said for the demo Pronunciation,
//   Read & Record, Question and Answer and Get Interview Ready tasks, as a browser records it (Opus in WebM), one
//   read right and others with words missed or said wrongly, so the review screens show the speech engine's
//   contrast at once, and four interview answers, so the interview reads as a conversation.
//
// To regenerate (the tools are the speech engine's: `node scripts/ensure-speech-tools.mjs` installs them):
//   node scripts/media/generate-demo-media.mjs
// The seed (server/src/seed/seed-content.ts, server/src/seed/seed-recordings.ts) names the same slugs and files;
// keep the lists in step. Runs are repeatable: the same tools give the same bytes.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const OUT = path.join(ROOT, 'server/seed-media');
const RECORDINGS = path.join(OUT, 'recordings');
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const FONT_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const WIDTH = 480;
const HEIGHT = 270;
const FPS = 10;
const AUDIO_RATE = 22_050;
/** Silence before the first sentence, between sentences and after the last, in seconds. */
const LEAD = 0.4;
const GAP = 0.6;
/** The narrator speaks a little slower than flite's default, as a coach would. */
const NARRATION_STRETCH = 1.12;
/** Learners' recordings: a little slower than flite's default too, nearer a learner's pace. */
const RECORDING_STRETCH = 1.15;
const TAIL = 0.8;

/**
 * Each video: its background, its voice, the title in Spanish, and its key points: `slide` is what the slide
 * shows, `say` what the narrator says (and the English subtitle), `es` its Spanish subtitle.
 */
const VIDEOS = [
  {
    slug: 'naming-your-emotions',
    title: 'Naming your emotions',
    titleEs: 'Nombrar tus emociones',
    colour: '0x34426A',
    voice: 'slt',
    points: [
      {
        slide: 'Name the feeling, not the person',
        say: 'When a feeling rises, give it a name, such as frustrated or worried.',
        es: 'Cuando surge un sentimiento, ponle nombre, como frustrado o preocupado.',
      },
      {
        slide: 'Naming takes the heat out',
        say: 'Putting a word to it takes some of the heat out of the moment.',
        es: 'Ponerle una palabra le quita algo de intensidad al momento.',
      },
      {
        slide: 'Practise once a day',
        say: 'Practise once a day: note one feeling and what set it off.',
        es: 'Practica una vez al día: anota un sentimiento y qué lo provocó.',
      },
    ],
  },
  {
    slug: 'staying-calm-under-pressure',
    title: 'Staying calm under pressure',
    titleEs: 'Mantener la calma bajo presión',
    colour: '0x2A5A57',
    voice: 'rms',
    points: [
      {
        slide: 'Three slow breaths',
        say: 'When a meeting turns tense, take three slow breaths before you answer.',
        es: 'Cuando una reunión se pone tensa, respira despacio tres veces antes de responder.',
      },
      {
        slide: 'One question: what is needed now?',
        say: 'Then ask yourself one question: what does this moment need from me?',
        es: 'Después hazte una pregunta: ¿qué necesita este momento de mí?',
      },
      {
        slide: 'Speak a little slower',
        say: 'Speak a little slower than usual. A calm voice calms the room.',
        es: 'Habla un poco más despacio de lo normal. Una voz tranquila calma la sala.',
      },
    ],
  },
  {
    slug: 'empathy-at-work',
    title: 'Empathy at work',
    titleEs: 'Empatía en el trabajo',
    colour: '0x533F66',
    voice: 'awb',
    points: [
      {
        slide: 'See it from their side',
        say: 'Empathy means seeing the situation from the other side.',
        es: 'La empatía es ver la situación desde el otro lado.',
      },
      {
        slide: 'Understanding is not agreeing',
        say: 'You can understand a point of view without agreeing to everything.',
        es: 'Puedes entender un punto de vista sin aceptarlo todo.',
      },
      {
        slide: 'Say what you heard',
        say: 'Say what you heard, then ask if you got it right.',
        es: 'Di lo que has oído y pregunta si lo has entendido bien.',
      },
    ],
  },
  {
    slug: 'active-listening',
    title: 'Active listening',
    titleEs: 'Escucha activa',
    colour: '0x2C5A4C',
    voice: 'slt',
    points: [
      {
        slide: 'Listen to understand',
        say: 'Listen to understand, not to reply.',
        es: 'Escucha para entender, no para responder.',
      },
      {
        slide: 'Summarise in your own words',
        say: 'When the other person pauses, summarise what they said in your own words.',
        es: 'Cuando la otra persona haga una pausa, resume lo que dijo con tus palabras.',
      },
      {
        slide: 'Ask, and check you got it right',
        say: 'Ask one open question, and check that you got it right.',
        es: 'Haz una pregunta abierta y comprueba que lo has entendido bien.',
      },
    ],
  },
  {
    slug: 'clear-emails',
    title: 'Writing clear emails',
    titleEs: 'Escribir correos claros',
    colour: '0x304C68',
    voice: 'rms',
    points: [
      {
        slide: 'Lead with the ask',
        say: 'Lead with the ask, in the first line.',
        es: 'Empieza por lo que pides, en la primera línea.',
      },
      {
        slide: 'One topic per email',
        say: 'Keep to one topic per email, so nothing gets lost.',
        es: 'Trata un solo tema por correo, para que nada se pierda.',
      },
      {
        slide: 'Make the next step obvious',
        say: 'End with the next step: who does what, and by when.',
        es: 'Termina con el siguiente paso: quién hace qué, y para cuándo.',
      },
    ],
  },
  {
    slug: 'giving-feedback',
    title: 'Giving feedback that lands',
    titleEs: 'Dar opiniones que llegan',
    colour: '0x62473A',
    voice: 'awb',
    points: [
      {
        slide: 'Say what you saw',
        say: 'Say what you saw, not what you assume.',
        es: 'Di lo que viste, no lo que supones.',
      },
      {
        slide: 'Explain the effect',
        say: 'Explain the effect it had on the team or the work.',
        es: 'Explica el efecto que tuvo en el equipo o en el trabajo.',
      },
      {
        slide: 'Ask what they think',
        say: 'Then ask what the other person thinks, and agree on one next step.',
        es: 'Luego pregunta qué piensa la otra persona y acordad un siguiente paso.',
      },
    ],
  },
  {
    slug: 'small-talk',
    title: 'Small talk with confidence',
    titleEs: 'Conversar con confianza',
    colour: '0x573F58',
    voice: 'slt',
    points: [
      {
        slide: 'Open with what you share',
        say: 'Open with something you both share, like the event or the weather.',
        es: 'Empieza con algo que compartís, como el evento o el tiempo.',
      },
      {
        slide: 'Follow up on their answer',
        say: 'Follow up on their answer with a second question.',
        es: 'Sigue su respuesta con una segunda pregunta.',
      },
      {
        slide: 'Leave politely',
        say: 'To leave, thank them and say it was good to meet them.',
        es: 'Para despedirte, dale las gracias y di que ha sido un placer conocerle.',
      },
    ],
  },
  {
    slug: 'networking-basics',
    title: 'Networking basics',
    titleEs: 'Bases del networking',
    colour: '0x355466',
    voice: 'rms',
    points: [
      {
        slide: 'Build before you need',
        say: 'Build relationships before you need them.',
        es: 'Crea relaciones antes de necesitarlas.',
      },
      {
        slide: 'Give first',
        say: 'Give first: share an article, an introduction or a tip.',
        es: 'Da primero: comparte un artículo, un contacto o un consejo.',
      },
      {
        slide: 'Follow up within a week',
        say: 'Follow up within a week, while the conversation is fresh.',
        es: 'Haz seguimiento en una semana, mientras la conversación está reciente.',
      },
    ],
  },
  {
    slug: 'working-in-teams',
    title: 'Working in diverse teams',
    titleEs: 'Trabajar en equipos diversos',
    colour: '0x45573A',
    voice: 'awb',
    points: [
      {
        slide: 'Different habits, one goal',
        say: 'A diverse team brings different habits to one shared goal.',
        es: 'Un equipo diverso aporta hábitos distintos a un objetivo común.',
      },
      {
        slide: 'Agree how you work',
        say: 'Agree early on how the team decides, meets and shares news.',
        es: 'Acordad pronto cómo decide el equipo, cómo se reúne y cómo comparte novedades.',
      },
      {
        slide: 'Check in often',
        say: 'Check in often, and ask the quieter voices first.',
        es: 'Revisad a menudo cómo vais, y preguntad primero a las voces más calladas.',
      },
    ],
  },
  {
    slug: 'tell-me-about-yourself',
    title: 'Tell me about yourself',
    titleEs: 'Háblame de ti',
    colour: '0x584434',
    voice: 'slt',
    points: [
      {
        slide: 'Present: your role now',
        say: 'Start with the present: your role and what you do well.',
        es: 'Empieza por el presente: tu puesto y lo que haces bien.',
      },
      {
        slide: 'Past: how you got here',
        say: 'Then the past: one or two steps that brought you here.',
        es: 'Después el pasado: uno o dos pasos que te trajeron hasta aquí.',
      },
      {
        slide: 'Next: why this role',
        say: 'End with why this role is your next step. Keep it to ninety seconds.',
        es: 'Termina con por qué este puesto es tu siguiente paso. No pases de noventa segundos.',
      },
    ],
  },
  {
    slug: 'star-answers',
    title: 'Answering with STAR',
    titleEs: 'Responder con STAR',
    colour: '0x354A6B',
    voice: 'rms',
    points: [
      {
        slide: 'Situation and task',
        say: 'Set the scene in two sentences: the situation, and your task.',
        es: 'Presenta la escena en dos frases: la situación y tu tarea.',
      },
      {
        slide: 'Action: what you did',
        say: 'Spend most of your answer on the action: what you did, and why.',
        es: 'Dedica la mayor parte de tu respuesta a la acción: qué hiciste y por qué.',
      },
      {
        slide: 'Result, with a number',
        say: 'Finish with the result, with a number if you can.',
        es: 'Termina con el resultado, con una cifra si puedes.',
      },
    ],
  },
  {
    slug: 'questions-to-ask',
    title: 'Questions to ask the interviewer',
    titleEs: 'Preguntas para el entrevistador',
    colour: '0x45505E',
    voice: 'awb',
    points: [
      {
        slide: 'Ask about the first months',
        say: 'Ask what success looks like in the first three months.',
        es: 'Pregunta cómo se ve el éxito en los tres primeros meses.',
      },
      {
        slide: 'Ask about the team',
        say: 'Ask how the team works together, and what it is proud of.',
        es: 'Pregunta cómo trabaja el equipo y de qué está orgulloso.',
      },
      {
        slide: 'Ask about next steps',
        say: 'Close by asking about the next steps in the process.',
        es: 'Termina preguntando por los siguientes pasos del proceso.',
      },
    ],
  },
];

/**
 * The demo members' recordings (server/src/seed/seed-recordings.ts uses them). Each is what a learner said for one
 * item, passage or question of a demo task, passed to flite as written; `stretch` above 1 speaks more slowly
 * (default RECORDING_STRETCH). The transcripts noted are what the embedded engine hears in the committed files.
 */
const RECORDINGS_SAID = [
  // Pronunciation (type 2), Ava Nguyen: four words heard as written, "thoroughly" not (flite's own reading of it
  // is heard as "certainly"): she passes, with one word to work on.
  { file: 'nguyen-particularly', voice: 'slt', say: 'particularly' },
  { file: 'nguyen-thoroughly', voice: 'slt', say: 'thoroughly' },
  { file: 'nguyen-entrepreneur', voice: 'slt', say: 'entrepreneur' },
  // flite's lexicon stresses "hierarchy" oddly; spelt as it sounds, it is heard as written.
  { file: 'nguyen-hierarchy', voice: 'slt', say: 'hire arky', stretch: 1.1 },
  { file: 'nguyen-schedule', voice: 'slt', say: 'schedule' },
  // Pronunciation, Zoe Smith: words cut short or said as other words: she does not pass.
  { file: 'smith-particularly', voice: 'rms', say: 'particular' },
  { file: 'smith-thoroughly', voice: 'rms', say: 'thoroughly' },
  { file: 'smith-entrepreneur', voice: 'rms', say: 'enter a pen' },
  { file: 'smith-hierarchy', voice: 'rms', say: 'higher key' },
  { file: 'smith-schedule', voice: 'rms', say: 'schedule' },
  // Read & Record (type 5): Ava Nguyen reads the whole script, Zoe Smith skips half of it.
  {
    file: 'nguyen-passage',
    voice: 'slt',
    say: 'Good morning, thank you for calling Acme Learning, my name is Sam. I can see you have been waiting a little while, so thank you for your patience. How can I help you today?',
    stretch: 1,
  },
  {
    file: 'smith-passage',
    voice: 'rms',
    say: 'Good morning, thanks for calling, my name is Sam. How can I help?',
  },
  // Question and Answer (type 4), Ava Patel: free answers, with a filler or two.
  {
    file: 'patel-answer-1',
    voice: 'slt',
    say: 'Hello, my name is Ava, and I look after customer onboarding in the sales team.',
  },
  {
    file: 'patel-answer-2',
    voice: 'slt',
    say: 'So, um, this month I am rewriting our welcome call script, and training two new starters.',
  },
  {
    file: 'patel-answer-3',
    voice: 'slt',
    say: 'A quick message in the team chat is best, or, uh, an email for anything that needs a decision.',
  },
  // Get Interview Ready (type 6), Zoe Williams: the four answers of the team leader interview, in awb's voice
  // (no other demo member speaks with it). The opening names the job title, the industry and Melbourne, the
  // technical answer uses the management words, the behavioural one tells a situation-task-action-result story.
  // The opening avoids "it" and "customer service", which the interviewer's rules would hear as the technology
  // industry and a support role. The engine hears them nearly as written (in the story, "calls" as "balls").
  {
    file: 'williams-position',
    voice: 'awb',
    say: 'Good morning, I am Zoe. I am applying for the team leader job with your customer care team in Melbourne. I enjoy helping people fix their problems, and I want to lead a team that does that well.',
  },
  {
    file: 'williams-icebreaking',
    voice: 'awb',
    say: 'I started answering calls at an energy company six years ago, and I love fixing a problem for someone who called in upset. On Saturdays I coach a junior netball team, so I know how to keep people positive.',
  },
  {
    file: 'williams-technical',
    voice: 'awb',
    say: 'First, I look at what matters most to our customers that day, and I agree on three priorities with the team each morning. I delegate the rest and check the plan at lunch. When someone misses their targets, I give feedback in private, with examples, and we set a goal for the next week.',
  },
  {
    file: 'williams-behavioural',
    voice: 'awb',
    say: 'Last year our phone system went down for a day, and two hundred customers were left waiting for a call back before the weekend. My task was to get every customer a reply by Friday. So I split the list across the team, wrote a short script, and took the hardest calls myself. As a result, we called everyone back on time, and complaints fell by half that month.',
  },
];

const run = (command, args) =>
  execFileSync(command, args, { stdio: ['ignore', 'pipe', 'inherit'] }).toString();
const seconds = (file) => Number(run('soxi', ['-D', file]).trim());
const round3 = (value) => Math.round(value * 1000) / 1000;

/** A WebVTT time: 00:00:03.250. */
const vttTime = (value) => {
  const ms = Math.round(value * 1000);
  const pad = (n, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};

/** Breaks a line of text into lines of at most `width` characters, at spaces. */
const wrap = (text, width) => {
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
};

/**
 * Speaks `text` with a flite voice into a mono WAV at `rate`; `stretch` above 1 speaks more slowly. With `trim`,
 * flite's own silence at either end is cut, so the file's length is the sentence's.
 */
const speak = ({ dir, name, voice, text, rate, stretch = 1, trim = false }) => {
  const raw = path.join(dir, `${name}.flite.wav`);
  const out = path.join(dir, `${name}.wav`);
  run('flite', ['-voice', voice, '--setf', `duration_stretch=${stretch}`, '-t', text, '-o', raw]);
  const edges = ['silence', '1', '0.02', '0.5%', 'reverse', 'silence', '1', '0.02', '0.5%', 'reverse'];
  run('sox', ['-R', raw, '-r', String(rate), '-c', '1', '-b', '16', out, ...(trim ? edges : [])]);
  return out;
};

const silence = (dir, name, length, rate) => {
  const out = path.join(dir, `${name}.wav`);
  run('sox', ['-R', '-n', '-r', String(rate), '-c', '1', '-b', '16', out, 'trim', '0', String(length)]);
  return out;
};

/** A drawtext filter for a text file (files keep quotes, colons and commas out of the filter's escaping). */
const drawText = ({ file, font, size, x, y, enable, colour = 'white' }) =>
  `drawtext=fontfile=${font}:textfile=${file}:fontsize=${size}:fontcolor=${colour}:line_spacing=6:x=${x}:y=${y}:enable='${enable}'`;

const webvtt = (cues) =>
  `WEBVTT\n\n${cues.map((cue, i) => `${i + 1}\n${vttTime(cue.start)} --> ${vttTime(cue.end)}\n${cue.text}\n`).join('\n')}`;

const makeVideo = (work, video) => {
  const dir = path.join(work, video.slug);
  mkdirSync(dir);
  const sentences = [
    { say: `${video.title}.`, es: video.titleEs },
    ...video.points.map((point) => ({ say: point.say, es: point.es })),
  ];
  // The narration: each sentence's length measured, so slides and subtitles follow the voice.
  const parts = [silence(dir, 'lead', LEAD, AUDIO_RATE)];
  const cues = [];
  let at = LEAD;
  for (const [i, sentence] of sentences.entries()) {
    const spoken = speak({
      dir,
      name: `s${i}`,
      voice: video.voice,
      text: sentence.say,
      rate: AUDIO_RATE,
      stretch: NARRATION_STRETCH,
      trim: true,
    });
    const length = seconds(spoken);
    cues.push({ start: round3(at), end: round3(at + length), en: sentence.say, es: sentence.es });
    parts.push(spoken, silence(dir, `gap${i}`, i === sentences.length - 1 ? TAIL : GAP, AUDIO_RATE));
    at += length + (i === sentences.length - 1 ? TAIL : GAP);
  }
  const narration = path.join(dir, 'narration.wav');
  run('sox', ['-R', ...parts, narration]);
  const duration = seconds(narration);

  // The slides: the title alone while it is spoken, then the title on top and each point as it is spoken.
  const pointsStart = cues[1]?.start ?? 0;
  const titleLines = wrap(video.title, 24);
  const titleSmall = path.join(dir, 'title-small.txt');
  writeFileSync(titleSmall, video.title);
  const filters = [
    `drawbox=x=0:y=0:w=iw:h=ih:color=white@0.04:t=fill`,
    `drawbox=x=32:y=${HEIGHT - 40}:w=${WIDTH - 64}:h=2:color=white@0.35:t=fill`,
    // Each line of the big title centred on its own.
    ...titleLines.map((line, i) => {
      const file = path.join(dir, `title-big${i}.txt`);
      writeFileSync(file, line);
      return drawText({
        file,
        font: FONT_BOLD,
        size: 28,
        x: '(w-text_w)/2',
        y: `${Math.round((HEIGHT - titleLines.length * 38) / 2 - 10 + i * 38)}`,
        enable: `lt(t,${pointsStart})`,
      });
    }),
    `drawbox=x=0:y=0:w=iw:h=56:color=black@0.22:t=fill:enable='gte(t,${pointsStart})'`,
    drawText({ file: titleSmall, font: FONT_BOLD, size: 20, x: 32, y: 19, enable: `gte(t,${pointsStart})` }),
  ];
  let y = 76;
  for (const [i, point] of video.points.entries()) {
    const lines = wrap(point.slide, 36);
    const file = path.join(dir, `point${i}.txt`);
    writeFileSync(file, lines.map((line, n) => `${n === 0 ? '•' : ' '} ${line}`).join('\n'));
    filters.push(
      drawText({ file, font: FONT, size: 18, x: 40, y, enable: `gte(t,${cues[i + 1]?.start ?? 0})` }),
    );
    y += lines.length * 24 + 16;
  }
  const mp4 = path.join(OUT, `${video.slug}.mp4`);
  run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=${video.colour}:s=${WIDTH}x${HEIGHT}:r=${FPS}:d=${duration}`,
    '-i',
    narration,
    '-vf',
    filters.join(','),
    '-c:v',
    'libx264',
    '-preset',
    'veryslow',
    '-tune',
    'stillimage',
    '-profile:v',
    'main',
    '-pix_fmt',
    'yuv420p',
    '-crf',
    '26',
    '-g',
    String(FPS * 4),
    '-threads',
    '1',
    '-c:a',
    'aac',
    '-b:a',
    '32k',
    '-ac',
    '1',
    '-shortest',
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
  // The thumbnail shows the finished slide: the title and every point.
  const last = cues[cues.length - 1]?.start ?? 0;
  run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-ss',
    String(last + 0.5),
    '-i',
    mp4,
    '-frames:v',
    '1',
    '-q:v',
    '5',
    '-fflags',
    '+bitexact',
    path.join(OUT, `${video.slug}.jpg`),
  ]);
  writeFileSync(
    path.join(OUT, `${video.slug}.en.vtt`),
    webvtt(cues.map((cue) => ({ ...cue, text: cue.en }))),
  );
  writeFileSync(
    path.join(OUT, `${video.slug}.es.vtt`),
    webvtt(cues.map((cue) => ({ ...cue, text: cue.es }))),
  );
  const probed = Number(
    run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', mp4]).trim(),
  );
  return { slug: video.slug, durationSeconds: Math.round(probed) };
};

/** A recording as a browser makes it: Opus in WebM, mono, with a breath of silence either side. */
const makeRecording = (work, { file, voice, say, stretch = RECORDING_STRETCH }) => {
  const dir = path.join(work, 'recordings');
  mkdirSync(dir, { recursive: true });
  const rate = 16_000;
  const spoken = speak({ dir, name: file, voice, text: say, rate, stretch });
  const padded = path.join(dir, `${file}.padded.wav`);
  run('sox', ['-R', spoken, padded, 'pad', '0.5', '0.6']);
  const webm = path.join(RECORDINGS, `${file}.webm`);
  run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-i',
    padded,
    '-c:a',
    'libopus',
    '-b:a',
    '24k',
    '-application',
    'voip',
    '-map_metadata',
    '-1',
    '-fflags',
    '+bitexact',
    '-flags:a',
    '+bitexact',
    webm,
  ]);
};

const missing = ['flite', 'sox', 'soxi', 'ffmpeg', 'ffprobe'].filter((tool) => {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    return false;
  } catch {
    return true;
  }
});
if (missing.length || !existsSync(FONT) || !existsSync(FONT_BOLD)) {
  console.error(
    `Needs ${[...missing, 'fonts-dejavu-core'].join(', ')}: run node scripts/ensure-speech-tools.mjs and apt-get install -y fonts-dejavu-core`,
  );
  process.exit(1);
}

const work = mkdtempSync(path.join(tmpdir(), 'demo-media-'));
try {
  mkdirSync(RECORDINGS, { recursive: true });
  const durations = {};
  for (const video of VIDEOS) {
    const { slug, durationSeconds } = makeVideo(work, video);
    durations[slug] = durationSeconds;
    const size = (ext) => statSync(path.join(OUT, `${slug}.${ext}`)).size;
    console.log(`${slug}: ${durationSeconds} s, ${size('mp4')} bytes video, ${size('jpg')} bytes thumbnail`);
  }
  writeFileSync(
    path.join(OUT, 'manifest.json'),
    `${JSON.stringify({ videoDurationSeconds: durations }, null, 2)}\n`,
  );
  for (const recording of RECORDINGS_SAID) makeRecording(work, recording);
  for (const file of readdirSync(RECORDINGS).sort())
    console.log(`recordings/${file}: ${statSync(path.join(RECORDINGS, file)).size} bytes`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
