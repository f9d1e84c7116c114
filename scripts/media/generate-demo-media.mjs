// Generates the demo media of the seed into server/seed-media/ ("the demo speaks"); nothing is
// downloaded. The outputs are committed, so neither CI nor the seed needs these tools.
//
// - The twelve content-library videos: each a narrated slide show of about a minute that teaches one
//   thing. Debian's flite speaks the title and six key points of two sentences
//   each (voices taking turns); ffmpeg draws the title and the points, three to a slide, each appearing as it is
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
//   node scripts/media/generate-demo-media.mjs            (everything)
//   node scripts/media/generate-demo-media.mjs star-answers   (only the videos named)
// The seed (server/src/seed/seed-content.ts, server/src/seed/seed-recordings.ts) names the same slugs and files;
// keep the lists in step. Runs are repeatable: the same tools give the same bytes.
import { execFileSync } from 'node:child_process';
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
const GAP = 0.7;
/** Between two sentences of one point. */
const SENTENCE_GAP = 0.35;
/** Points shown together on one slide. */
const POINTS_PER_SLIDE = 3;
/** The narrator speaks a little slower than flite's default, as a coach would. */
const NARRATION_STRETCH = 1.12;
/** Learners' recordings: a little slower than flite's default too, nearer a learner's pace. */
const RECORDING_STRETCH = 1.15;
const TAIL = 0.8;

/**
 * Each video: its background, its voice, the title in Spanish, and its six key points, shown three to a slide:
 * `slide` is what the slide shows, `say` what the narrator says (one subtitle per sentence), `es` the Spanish
 * subtitles of the same sentences. About a minute each: enough to teach one thing.
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
        say: [
          'When a feeling rises, give it a name, such as frustrated or worried.',
          'Name the feeling, not the person who set it off.',
        ],
        es: [
          'Cuando surge un sentimiento, ponle nombre, como frustrado o preocupado.',
          'Nombra el sentimiento, no a la persona que lo provocó.',
        ],
      },
      {
        slide: 'Naming takes the heat out',
        say: [
          'Putting a word to it takes some of the heat out of the moment.',
          'The feeling is still there, but now you are the one looking at it.',
        ],
        es: [
          'Ponerle una palabra le quita algo de intensidad al momento.',
          'El sentimiento sigue ahí, pero ahora eres tú quien lo observa.',
        ],
      },
      {
        slide: 'Be precise',
        say: [
          'Be as precise as you can.',
          'Annoyed, disappointed and embarrassed each ask for something different.',
        ],
        es: ['Sé lo más preciso que puedas.', 'Molesto, decepcionado y avergonzado piden cosas distintas.'],
      },
      {
        slide: 'Notice where you feel it',
        say: [
          'Notice where you feel it in your body: a tight jaw, a fast heart, warm cheeks.',
          'The body often knows before the words do.',
        ],
        es: [
          'Fíjate en dónde lo sientes en el cuerpo: la mandíbula tensa, el corazón rápido, las mejillas calientes.',
          'El cuerpo suele saberlo antes que las palabras.',
        ],
      },
      {
        slide: 'Share it calmly, about yourself',
        say: [
          'If you share it, say it calmly and about yourself: I feel worried about the deadline.',
          'That starts a conversation instead of an argument.',
        ],
        es: [
          'Si lo compartes, dilo con calma y desde ti: me preocupa la fecha de entrega.',
          'Así empieza una conversación, no una discusión.',
        ],
      },
      {
        slide: 'Practise once a day',
        say: [
          'Practise once a day: note one feeling and what set it off.',
          'After a week, you will start to see your patterns.',
        ],
        es: [
          'Practica una vez al día: anota un sentimiento y qué lo provocó.',
          'Después de una semana empezarás a ver tus patrones.',
        ],
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
        say: [
          'When a meeting turns tense, take three slow breaths before you answer.',
          'Breathe out for longer than you breathe in.',
        ],
        es: [
          'Cuando una reunión se pone tensa, respira despacio tres veces antes de responder.',
          'Suelta el aire durante más tiempo del que tardas en tomarlo.',
        ],
      },
      {
        slide: 'One question: what is needed now?',
        say: [
          'Then ask yourself one question: what does this moment need from me?',
          'It moves your attention from the threat to the task.',
        ],
        es: [
          'Después hazte una pregunta: ¿qué necesita este momento de mí?',
          'Lleva tu atención de la amenaza a la tarea.',
        ],
      },
      {
        slide: 'Speak a little slower',
        say: [
          'Speak a little slower than usual.',
          'A calm voice calms the room, and gives you time to think.',
        ],
        es: [
          'Habla un poco más despacio de lo normal.',
          'Una voz tranquila calma la sala y te da tiempo para pensar.',
        ],
      },
      {
        slide: 'Ask for a moment, honestly',
        say: [
          'If you need time, say so: let me think about that for a moment.',
          'A short pause sounds confident, not weak.',
        ],
        es: [
          'Si necesitas tiempo, dilo: déjame pensarlo un momento.',
          'Una pausa breve suena segura, no débil.',
        ],
      },
      {
        slide: 'Facts first, stories later',
        say: [
          'Separate what happened from the story you are telling yourself about it.',
          'Answer the facts first.',
        ],
        es: [
          'Separa lo que ha pasado de la historia que te cuentas sobre ello.',
          'Responde primero a los hechos.',
        ],
      },
      {
        slide: 'Reset afterwards',
        say: [
          'Afterwards, take two minutes to reset: a short walk, a glass of water, one note on what worked.',
          'Calm is a habit you build.',
        ],
        es: [
          'Después, tómate dos minutos para recuperarte: un paseo corto, un vaso de agua, una nota sobre lo que funcionó.',
          'La calma es un hábito que se construye.',
        ],
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
        say: [
          'Empathy means seeing the situation from the other side.',
          'What do they know, what do they want, and what are they worried about right now?',
        ],
        es: [
          'La empatía es ver la situación desde el otro lado.',
          '¿Qué saben, qué quieren y qué les preocupa ahora mismo?',
        ],
      },
      {
        slide: 'Understanding is not agreeing',
        say: [
          'You can understand a point of view without agreeing to everything.',
          'Empathy is not giving in: it is making sure the other person feels understood.',
        ],
        es: [
          'Puedes entender un punto de vista sin aceptarlo todo.',
          'La empatía no es ceder: es lograr que la otra persona se sienta comprendida.',
        ],
      },
      {
        slide: 'Listen for the feeling',
        say: [
          'Listen for the feeling behind the words.',
          'A short reply may mean someone is busy, or worried, or hurt.',
        ],
        es: [
          'Escucha el sentimiento que hay detrás de las palabras.',
          'Una respuesta corta puede significar que alguien está ocupado, preocupado o dolido.',
        ],
      },
      {
        slide: 'Say what you heard',
        say: [
          'Say what you heard, then ask if you got it right.',
          'It sounds like the new roster is hard on you. Is that it?',
        ],
        es: [
          'Di lo que has oído y pregunta si lo has entendido bien.',
          'Parece que el nuevo horario te está costando. ¿Es eso?',
        ],
      },
      {
        slide: 'Hold off on fixing',
        say: [
          'Hold off on fixing the problem straight away.',
          'People accept help more easily once they feel heard.',
        ],
        es: [
          'No corras a resolver el problema.',
          'La gente acepta mejor la ayuda cuando se siente escuchada.',
        ],
      },
      {
        slide: 'Follow up',
        say: ['Follow up a day or two later.', 'A short message asking how it went shows that you meant it.'],
        es: [
          'Haz seguimiento uno o dos días después.',
          'Un mensaje breve preguntando cómo fue demuestra que lo decías en serio.',
        ],
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
        say: [
          'Listen to understand, not to reply.',
          'Put your own answer aside until the other person has finished.',
        ],
        es: [
          'Escucha para entender, no para responder.',
          'Deja tu respuesta a un lado hasta que la otra persona haya terminado.',
        ],
      },
      {
        slide: 'Give your full attention',
        say: [
          'Give your full attention: face the person, and put the phone away.',
          'Small nods show you are following.',
        ],
        es: [
          'Presta toda tu atención: mira a la persona y guarda el teléfono.',
          'Asentir un poco muestra que sigues la conversación.',
        ],
      },
      {
        slide: 'Summarise in your own words',
        say: [
          'When the other person pauses, summarise what they said in your own words.',
          'Keep it short: one or two sentences.',
        ],
        es: [
          'Cuando la otra persona haga una pausa, resume lo que dijo con tus palabras.',
          'Que sea breve: una o dos frases.',
        ],
      },
      {
        slide: 'Ask open questions',
        say: [
          'Ask one open question, such as what happened next, or what matters most to you here.',
          'Open questions invite more than a yes or a no.',
        ],
        es: [
          'Haz una pregunta abierta, como qué pasó después o qué es lo más importante para ti aquí.',
          'Las preguntas abiertas invitan a algo más que un sí o un no.',
        ],
      },
      {
        slide: 'Check you got it right',
        say: ['Check that you got it right before you move on.', 'Ask: did I understand you correctly?'],
        es: ['Comprueba que lo has entendido bien antes de seguir.', 'Pregunta: ¿te he entendido bien?'],
      },
      {
        slide: 'Let a silence sit',
        say: ['Let a short silence sit.', 'People often add the most important part after a pause.'],
        es: [
          'Deja que un breve silencio dure.',
          'La gente suele añadir lo más importante después de una pausa.',
        ],
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
        say: [
          'Lead with the ask, in the first line.',
          'Busy readers decide in a few seconds whether to act.',
        ],
        es: [
          'Empieza por lo que pides, en la primera línea.',
          'Quien está ocupado decide en pocos segundos si actuar.',
        ],
      },
      {
        slide: 'A subject that says it all',
        say: [
          'Write a subject line that says what you need, such as approval needed by Friday.',
          'It helps the reader find it again later.',
        ],
        es: [
          'Escribe un asunto que diga lo que necesitas, como aprobación necesaria antes del viernes.',
          'Ayuda al lector a encontrarlo más tarde.',
        ],
      },
      {
        slide: 'One topic per email',
        say: ['Keep to one topic per email, so nothing gets lost.', 'Two topics means two emails.'],
        es: ['Trata un solo tema por correo, para que nada se pierda.', 'Dos temas son dos correos.'],
      },
      {
        slide: 'Short paragraphs and lists',
        say: [
          'Use short paragraphs, and a list when there are steps or options.',
          'White space makes an email easier to read on a phone.',
        ],
        es: [
          'Usa párrafos cortos, y una lista cuando haya pasos u opciones.',
          'El espacio en blanco facilita leer un correo en el móvil.',
        ],
      },
      {
        slide: 'Make the next step obvious',
        say: ['End with the next step: who does what, and by when.', 'Name a date, not soon.'],
        es: ['Termina con el siguiente paso: quién hace qué, y para cuándo.', 'Pon una fecha, no un pronto.'],
      },
      {
        slide: 'Read it once as the reader',
        say: ['Before you send, read it once as the reader.', 'Cut any sentence they do not need.'],
        es: [
          'Antes de enviarlo, léelo una vez como si fueras el lector.',
          'Quita cualquier frase que no necesite.',
        ],
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
        slide: 'Ask first, and give it soon',
        say: [
          'Ask if now is a good time, and give feedback soon after the moment.',
          'Feedback a month late feels like an ambush.',
        ],
        es: [
          'Pregunta si es buen momento, y da tu opinión poco después de lo ocurrido.',
          'Una opinión con un mes de retraso parece una emboscada.',
        ],
      },
      {
        slide: 'Say what you saw',
        say: [
          'Say what you saw, not what you assume.',
          'You joined the call ten minutes late is clearer than you do not care.',
        ],
        es: [
          'Di lo que viste, no lo que supones.',
          'Te uniste a la llamada diez minutos tarde es más claro que no te importa.',
        ],
      },
      {
        slide: 'Explain the effect',
        say: [
          'Explain the effect it had on the team or the work.',
          'For example: the client had to repeat the whole story.',
        ],
        es: [
          'Explica el efecto que tuvo en el equipo o en el trabajo.',
          'Por ejemplo: el cliente tuvo que repetir toda la historia.',
        ],
      },
      {
        slide: 'Ask what they think',
        say: [
          'Then ask what the other person thinks, and really listen.',
          'There may be a reason you did not know.',
        ],
        es: [
          'Luego pregunta qué piensa la otra persona, y escucha de verdad.',
          'Puede haber un motivo que no conocías.',
        ],
      },
      {
        slide: 'Agree one next step',
        say: [
          'Agree on one next step together, not a list of ten.',
          'One change is easier to make, and to notice.',
        ],
        es: [
          'Acordad juntos un siguiente paso, no una lista de diez.',
          'Un solo cambio es más fácil de hacer y de notar.',
        ],
      },
      {
        slide: 'Praise the same way',
        say: [
          'Praise works the same way: say what you saw, and the effect it had.',
          'Specific praise gets repeated.',
        ],
        es: [
          'Los elogios funcionan igual: di lo que viste y el efecto que tuvo.',
          'Un elogio concreto se repite.',
        ],
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
        say: [
          'Open with something you both share, like the event or the weather.',
          'A shared moment is the easiest way in.',
        ],
        es: [
          'Empieza con algo que compartís, como el evento o el tiempo.',
          'Un momento compartido es la forma más fácil de empezar.',
        ],
      },
      {
        slide: 'Ask easy open questions',
        say: [
          'Ask easy open questions: how do you know the host, or what brings you here today?',
          'They are simple to answer, and hard to end with one word.',
        ],
        es: [
          'Haz preguntas abiertas y fáciles: ¿de qué conoces al anfitrión?, ¿qué te trae por aquí hoy?',
          'Son fáciles de responder y difíciles de contestar con una palabra.',
        ],
      },
      {
        slide: 'Follow up on their answer',
        say: [
          'Follow up on their answer with a second question.',
          'Interest in their reply matters more than a clever opener.',
        ],
        es: [
          'Sigue su respuesta con una segunda pregunta.',
          'Interesarse por su respuesta importa más que una frase ingeniosa.',
        ],
      },
      {
        slide: 'Share a little too',
        say: [
          'Share a little about yourself too, so it feels like a conversation and not an interview.',
          'Keep each turn short.',
        ],
        es: [
          'Cuenta también algo de ti, para que parezca una conversación y no una entrevista.',
          'Que cada turno sea breve.',
        ],
      },
      {
        slide: 'Remember the name',
        say: [
          'Use their name once, early on, to help you remember it.',
          'If you forget it, simply ask again.',
        ],
        es: [
          'Di su nombre una vez, al principio, para recordarlo.',
          'Si lo olvidas, pregúntalo otra vez sin más.',
        ],
      },
      {
        slide: 'Leave politely',
        say: [
          'To leave, thank them and say it was good to meet them.',
          'A clear ending is kinder than drifting away.',
        ],
        es: [
          'Para despedirte, dale las gracias y di que ha sido un placer conocerle.',
          'Un final claro es más amable que alejarse sin más.',
        ],
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
        say: [
          'Build relationships before you need them.',
          'Asking a stranger for a favour is much harder than asking a contact.',
        ],
        es: [
          'Crea relaciones antes de necesitarlas.',
          'Pedir un favor a un desconocido es mucho más difícil que pedírselo a un contacto.',
        ],
      },
      {
        slide: 'Know your short story',
        say: [
          'Know your short story: who you are, what you do, and what you are curious about.',
          'Three sentences are enough.',
        ],
        es: [
          'Ten preparada tu historia breve: quién eres, a qué te dedicas y qué te interesa.',
          'Tres frases bastan.',
        ],
      },
      {
        slide: 'Give first',
        say: ['Give first: share an article, an introduction or a tip.', 'Generosity is remembered.'],
        es: ['Da primero: comparte un artículo, un contacto o un consejo.', 'La generosidad se recuerda.'],
      },
      {
        slide: 'A few real conversations',
        say: ['Aim for two or three real conversations, not a pocket full of cards.', 'Depth beats numbers.'],
        es: [
          'Busca dos o tres conversaciones de verdad, no un bolsillo lleno de tarjetas.',
          'La profundidad gana a los números.',
        ],
      },
      {
        slide: 'Follow up within a week',
        say: [
          'Follow up within a week, while the conversation is fresh.',
          'Mention one thing you talked about.',
        ],
        es: [
          'Haz seguimiento en una semana, mientras la conversación está reciente.',
          'Menciona algo de lo que hablasteis.',
        ],
      },
      {
        slide: 'Keep in touch',
        say: [
          'Keep in touch a few times a year, with news or a thank you.',
          'A network is a garden, not a harvest.',
        ],
        es: [
          'Mantén el contacto unas cuantas veces al año, con novedades o un agradecimiento.',
          'Una red de contactos es un jardín, no una cosecha.',
        ],
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
        say: [
          'A diverse team brings different habits to one shared goal.',
          'Those differences are a strength when they are talked about.',
        ],
        es: [
          'Un equipo diverso aporta hábitos distintos a un objetivo común.',
          'Esas diferencias son una fortaleza cuando se habla de ellas.',
        ],
      },
      {
        slide: 'Agree how you work',
        say: [
          'Agree early on how the team decides, meets and shares news.',
          'Write it down where everyone can see it.',
        ],
        es: [
          'Acordad pronto cómo decide el equipo, cómo se reúne y cómo comparte novedades.',
          'Escribidlo donde todos puedan verlo.',
        ],
      },
      {
        slide: 'Say things plainly',
        say: [
          'Say things plainly, and avoid slang and in-jokes.',
          'Not everyone is working in their first language.',
        ],
        es: [
          'Di las cosas con claridad, y evita la jerga y las bromas internas.',
          'No todo el mundo trabaja en su primera lengua.',
        ],
      },
      {
        slide: 'Ask, do not assume',
        say: ['When someone works differently, ask why before you judge.', 'There is often a good reason.'],
        es: [
          'Cuando alguien trabaje de otra manera, pregunta por qué antes de juzgar.',
          'Suele haber un buen motivo.',
        ],
      },
      {
        slide: 'Check in often',
        say: [
          'Check in often, and ask the quieter voices first.',
          'The best idea in the room is not always the loudest one.',
        ],
        es: [
          'Revisad a menudo cómo vais, y preguntad primero a las voces más calladas.',
          'La mejor idea de la sala no siempre es la más ruidosa.',
        ],
      },
      {
        slide: 'Share the credit',
        say: [
          'Share the credit in public, and name who did what.',
          'People give more when their work is seen.',
        ],
        es: [
          'Reparte el mérito en público, y di quién hizo qué.',
          'La gente aporta más cuando su trabajo se ve.',
        ],
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
        say: [
          'Start with the present: your role, and what you do well.',
          'One or two sentences, with one example.',
        ],
        es: ['Empieza por el presente: tu puesto y lo que haces bien.', 'Una o dos frases, con un ejemplo.'],
      },
      {
        slide: 'Past: how you got here',
        say: [
          'Then the past: one or two steps that brought you here.',
          'Pick the steps that matter for this job.',
        ],
        es: [
          'Después el pasado: uno o dos pasos que te trajeron hasta aquí.',
          'Elige los pasos que importan para este puesto.',
        ],
      },
      {
        slide: 'One result you are proud of',
        say: [
          'Add one result you are proud of, with a number if you can.',
          'For example: I cut our response time from two days to one.',
        ],
        es: [
          'Añade un resultado del que estés orgulloso, con una cifra si puedes.',
          'Por ejemplo: reduje nuestro tiempo de respuesta de dos días a uno.',
        ],
      },
      {
        slide: 'Next: why this role',
        say: [
          'End with why this role, at this company, is your next step.',
          'Link what you do well to what they need.',
        ],
        es: [
          'Termina con por qué este puesto, en esta empresa, es tu siguiente paso.',
          'Une lo que haces bien con lo que ellos necesitan.',
        ],
      },
      {
        slide: 'Ninety seconds at most',
        say: ['Keep the whole answer to about ninety seconds.', 'It is an opening, not your life story.'],
        es: [
          'Que toda la respuesta dure unos noventa segundos.',
          'Es una introducción, no la historia de tu vida.',
        ],
      },
      {
        slide: 'Practise out loud',
        say: [
          'Practise it out loud, and record yourself.',
          'Listen back for your pace, filler words, and a clear ending.',
        ],
        es: [
          'Ensáyalo en voz alta, y grábate.',
          'Escúchate para revisar el ritmo, las muletillas y un final claro.',
        ],
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
        slide: 'Questions that want a story',
        say: [
          'Questions like tell me about a time you solved a conflict want a story.',
          'STAR gives the story a shape.',
        ],
        es: [
          'Preguntas como cuéntame una vez que resolviste un conflicto piden una historia.',
          'STAR le da forma a esa historia.',
        ],
      },
      {
        slide: 'Situation and task',
        say: [
          'Set the scene in two sentences: the situation, and your task.',
          'Just enough for the listener to follow.',
        ],
        es: [
          'Presenta la escena en dos frases: la situación y tu tarea.',
          'Lo justo para que quien escucha pueda seguirte.',
        ],
      },
      {
        slide: 'Action: what you did',
        say: [
          'Spend most of your answer on the action: what you did, and why.',
          'Say I, not we: they are hiring you.',
        ],
        es: [
          'Dedica la mayor parte de tu respuesta a la acción: qué hiciste y por qué.',
          'Di yo, no nosotros: te contratan a ti.',
        ],
      },
      {
        slide: 'Result, with a number',
        say: [
          'Finish with the result, with a number if you can.',
          'For example: complaints fell by half that month.',
        ],
        es: [
          'Termina con el resultado, con una cifra si puedes.',
          'Por ejemplo: las quejas bajaron a la mitad ese mes.',
        ],
      },
      {
        slide: 'Add what you learned',
        say: ['Add one sentence on what you learned, or would do differently.', 'It shows that you reflect.'],
        es: [
          'Añade una frase sobre lo que aprendiste o lo que harías distinto.',
          'Demuestra que reflexionas.',
        ],
      },
      {
        slide: 'Prepare five stories',
        say: [
          'Prepare five stories before the interview.',
          'Most questions can be answered with one of them.',
        ],
        es: [
          'Prepara cinco historias antes de la entrevista.',
          'La mayoría de las preguntas se pueden responder con una de ellas.',
        ],
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
        slide: 'Always have questions',
        say: [
          'When the interviewer asks if you have any questions, always say yes.',
          'Good questions show interest, and that you have prepared.',
        ],
        es: [
          'Cuando el entrevistador pregunte si tienes preguntas, di siempre que sí.',
          'Unas buenas preguntas muestran interés, y que te has preparado.',
        ],
      },
      {
        slide: 'Ask about the first months',
        say: [
          'Ask what success looks like in the first three months.',
          'The answer tells you what really matters.',
        ],
        es: [
          'Pregunta cómo se ve el éxito en los tres primeros meses.',
          'La respuesta te dice lo que de verdad importa.',
        ],
      },
      {
        slide: 'Ask about the team',
        say: [
          'Ask how the team works together, and what it is proud of.',
          'The answer tells you a lot about the culture you would join.',
        ],
        es: [
          'Pregunta cómo trabaja el equipo y de qué está orgulloso.',
          'La respuesta te dice mucho sobre la cultura a la que te unirías.',
        ],
      },
      {
        slide: 'Ask about the challenges',
        say: [
          'Ask what the biggest challenge in the role is right now.',
          'Then say briefly how you would approach it.',
        ],
        es: ['Pregunta cuál es ahora el mayor reto del puesto.', 'Luego di brevemente cómo lo abordarías.'],
      },
      {
        slide: 'Skip what the website says',
        say: ['Skip questions the website already answers.', 'And leave salary for later in the process.'],
        es: [
          'Evita preguntas que ya responde la página web.',
          'Y deja el salario para más adelante en el proceso.',
        ],
      },
      {
        slide: 'Ask about next steps',
        say: ['Close by asking about the next steps in the process.', 'Then thank them for their time.'],
        es: [
          'Termina preguntando por los siguientes pasos del proceso.',
          'Después dales las gracias por su tiempo.',
        ],
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
  // The title, then each point's sentences; `point` is the point a sentence belongs to (-1 for the title).
  const sentences = [
    { say: `${video.title}.`, es: video.titleEs, point: -1 },
    ...video.points.flatMap((point, p) => point.say.map((say, n) => ({ say, es: point.es[n], point: p }))),
  ];
  // The narration: each sentence's length measured, so slides and subtitles follow the voice. A point's sentences
  // follow each other closely; a longer pause comes before the next point.
  const parts = [silence(dir, 'lead', LEAD, AUDIO_RATE)];
  const cues = [];
  /** When each point starts being spoken. */
  const pointStarts = [];
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
    if (sentence.point >= 0 && pointStarts[sentence.point] === undefined)
      pointStarts[sentence.point] = round3(at);
    cues.push({ start: round3(at), end: round3(at + length), en: sentence.say, es: sentence.es });
    const last = i === sentences.length - 1;
    const pause = last ? TAIL : sentences[i + 1]?.point === sentence.point ? SENTENCE_GAP : GAP;
    parts.push(spoken, silence(dir, `gap${i}`, pause, AUDIO_RATE));
    at += length + pause;
  }
  const narration = path.join(dir, 'narration.wav');
  run('sox', ['-R', ...parts, narration]);
  const duration = seconds(narration);

  // The slides: the title alone while it is spoken, then the title on top and each point as it is spoken.
  const pointsStart = pointStarts[0] ?? 0;
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
  // Three points to a slide: each appears as it is spoken and stays until the next slide's first point.
  let y = 76;
  for (const [i, point] of video.points.entries()) {
    if (i % POINTS_PER_SLIDE === 0) y = 76;
    const lines = wrap(point.slide, 36);
    const file = path.join(dir, `point${i}.txt`);
    writeFileSync(file, lines.map((line, n) => `${n === 0 ? '•' : ' '} ${line}`).join('\n'));
    const from = pointStarts[i] ?? 0;
    const until = pointStarts[(Math.floor(i / POINTS_PER_SLIDE) + 1) * POINTS_PER_SLIDE];
    filters.push(
      drawText({
        file,
        font: FONT,
        size: 18,
        x: 40,
        y,
        enable: until === undefined ? `gte(t,${from})` : `between(t,${from},${until - 0.001})`,
      }),
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
  // The thumbnail shows the first slide finished: the title and its three points.
  const last = (pointStarts[POINTS_PER_SLIDE] ?? duration) - 1;
  run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-ss',
    String(last),
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
  // Slugs named on the command line: only those videos are made again (the manifest keeps the others' lengths).
  const only = process.argv.slice(2);
  const unknown = only.filter((slug) => !VIDEOS.some((video) => video.slug === slug));
  if (unknown.length) throw new Error(`No such video: ${unknown.join(', ')}`);
  const manifestFile = path.join(OUT, 'manifest.json');
  const durations = only.length ? JSON.parse(readFileSync(manifestFile, 'utf8')).videoDurationSeconds : {};
  for (const video of VIDEOS.filter((v) => !only.length || only.includes(v.slug))) {
    const { slug, durationSeconds } = makeVideo(work, video);
    durations[slug] = durationSeconds;
    const size = (ext) => statSync(path.join(OUT, `${slug}.${ext}`)).size;
    console.log(`${slug}: ${durationSeconds} s, ${size('mp4')} bytes video, ${size('jpg')} bytes thumbnail`);
  }
  // In the seed's order, whichever were made this time.
  const ordered = Object.fromEntries(VIDEOS.map((video) => [video.slug, durations[video.slug]]));
  writeFileSync(manifestFile, `${JSON.stringify({ videoDurationSeconds: ordered }, null, 2)}\n`);
  if (!only.length) {
    for (const recording of RECORDINGS_SAID) makeRecording(work, recording);
    for (const file of readdirSync(RECORDINGS).sort())
      console.log(`recordings/${file}: ${statSync(path.join(RECORDINGS, file)).size} bytes`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
