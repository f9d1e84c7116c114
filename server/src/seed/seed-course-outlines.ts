import type { CourseCategory } from '@coach/shared/constants/marketplace';
import type { SyllabusModule } from '@coach/shared/contract/marketplace';

// What a buyer reads before enrolling in a demo course: what they will learn, the modules and
// lessons, and who teaches it. One outline per category; lesson lengths vary by course so pages differ.

type Outline = { outcomes: string[]; modules: { title: string; lessons: string[] }[] };

const OUTLINES: Record<CourseCategory, Outline> = {
  'Public Speaking': {
    outcomes: [
      'Open a talk with a hook and a clear promise to the audience',
      'Structure a five-minute talk around one message and three points',
      'Control pace, pauses and volume so every sentence lands',
      'Handle nerves with a warm-up and a plan for the first minute',
    ],
    modules: [
      {
        title: 'Finding your message',
        lessons: ['One sentence your audience keeps', 'Three points and a story'],
      },
      {
        title: 'Your voice on stage',
        lessons: ['Pace and pauses', 'Volume without shouting', 'Stress the words that matter'],
      },
      {
        title: 'In front of the room',
        lessons: ['The first minute', 'Eye contact and movement', 'Questions and endings'],
      },
      { title: 'Final talk', lessons: ['Record your talk with the AI coach', 'Feedback and a second take'] },
    ],
  },
  'Business English': {
    outcomes: [
      'Run and take part in meetings with the phrases professionals use',
      'Agree, disagree and propose politely and clearly',
      'Write emails and make calls that get a reply',
      'Negotiate terms and summarise what was agreed',
    ],
    modules: [
      {
        title: 'Meetings',
        lessons: ['Opening and the agenda', 'Giving an opinion', 'Interrupting politely'],
      },
      { title: 'Calls and emails', lessons: ['Starting a call', 'Clear requests by email'] },
      { title: 'Negotiating', lessons: ['Proposals and conditions', 'Saying no and finding a middle'] },
      {
        title: 'Putting it together',
        lessons: ['A recorded meeting role-play', 'Coach feedback and review'],
      },
    ],
  },
  'Interview Skills': {
    outcomes: [
      'Answer “Tell me about yourself” in under two minutes',
      'Tell behavioural stories with the STAR method',
      'Prepare questions that show you researched the role',
      'Come across clearly on video interviews',
    ],
    modules: [
      { title: 'Your story', lessons: ['Tell me about yourself', 'Strengths with evidence'] },
      {
        title: 'Behavioural questions',
        lessons: ['The STAR method', 'Conflict and failure questions', 'Leadership examples'],
      },
      { title: 'On camera', lessons: ['Light, sound and framing', 'Speaking to the lens'] },
      {
        title: 'Mock interviews',
        lessons: ['A full practice interview with the AI coach', 'Your feedback report'],
      },
    ],
  },
  'Academic English': {
    outcomes: [
      'Take part in seminars and tutorials with confidence',
      'Present research with clear signposting',
      'Paraphrase and cite sources when speaking',
      'Ask and answer academic questions precisely',
    ],
    modules: [
      { title: 'Seminar skills', lessons: ['Joining a discussion', 'Building on others’ points'] },
      {
        title: 'Presenting research',
        lessons: ['Signposting a talk', 'Describing data and charts', 'Limitations and next steps'],
      },
      { title: 'Questions', lessons: ['Asking precise questions', 'Answering when you are unsure'] },
      { title: 'Assessment', lessons: ['A recorded conference-style talk', 'Coach and tutor feedback'] },
    ],
  },
  'Leadership Communication': {
    outcomes: [
      'Prepare for and lead a difficult conversation',
      'Give feedback that is specific, kind and useful',
      'Explain change so your team understands the why',
      'Listen actively and check understanding',
    ],
    modules: [
      { title: 'Listening first', lessons: ['Active listening', 'Questions that open people up'] },
      { title: 'Feedback', lessons: ['The situation, behaviour, impact model', 'Receiving feedback well'] },
      {
        title: 'Hard conversations',
        lessons: ['Preparing the conversation', 'Staying calm under pressure', 'Agreeing next steps'],
      },
      {
        title: 'Leading change',
        lessons: ['The story of the change', 'A recorded team briefing with the AI coach'],
      },
    ],
  },
  Pronunciation: {
    outcomes: [
      'Produce the vowel and consonant sounds that change meaning',
      'Use word and sentence stress so you are understood first time',
      'Link words and use natural rhythm',
      'Read a passage aloud with the AI coach scoring each word',
    ],
    modules: [
      { title: 'Sounds', lessons: ['Long and short vowels', 'Consonant pairs', 'Word endings'] },
      { title: 'Stress', lessons: ['Word stress', 'Sentence stress and focus'] },
      { title: 'Rhythm and intonation', lessons: ['Linking and weak forms', 'Rising and falling tones'] },
      { title: 'Reading aloud', lessons: ['Scored reading with the AI coach', 'Your pronunciation report'] },
    ],
  },
};

const INSTRUCTORS = [
  [
    'Dr Maya Chen',
    'spent twelve years teaching speaking and presentation skills and trains teachers in feedback',
  ],
  ['James O’Connor', 'is a former recruiter and communication coach who has prepared hundreds of candidates'],
  ['Priya Raman', 'is a linguist who specialises in pronunciation and accent clarity for professionals'],
  ['Tom Alvarez', 'leads workshops on meetings, negotiation and business writing for international teams'],
  ['Sarah Whitfield', 'coaches new managers through feedback, change and difficult conversations'],
] as const;

/** The outline columns of a demo course (migration 023): deterministic for its category and number. */
export const courseOutline = (category: CourseCategory, institution: string, n: number) => {
  const outline = OUTLINES[category];
  const syllabus: SyllabusModule[] = outline.modules.map((module, m) => ({
    title: module.title,
    lessons: module.lessons.map((title, l) => ({ title, minutes: 10 + ((n + m * 3 + l * 7) % 5) * 5 })),
  }));
  const [name, bio] = INSTRUCTORS[n % INSTRUCTORS.length] ?? INSTRUCTORS[0];
  return {
    outcomes: JSON.stringify(outline.outcomes),
    syllabus: JSON.stringify(syllabus),
    instructor_name: name,
    instructor_bio: `${name} ${bio}, and teaches this course for ${institution}.`,
  };
};
