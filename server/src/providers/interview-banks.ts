// The built-in interviewer's knowledge: which roles and industries it recognises in what a learner
// says, the words each role is expected to use, and its questions per stage. Plain data, so adding a role or a
// question is a change here and nowhere else.

export type RoleFamily = {
  key: string;
  /** Matches the role in a job title or in what the learner said. */
  match: RegExp;
  /** Words an answer about this role is expected to use (lower case; a word matches its other forms). */
  keywords: string[];
  /** Technical questions; {job} is the job title, {industry} the industry. */
  technical: string[];
};

export type Industry = {
  key: string;
  label: string;
  match: RegExp;
  /** Getting-to-know-you questions for this industry; {job} and {industry} are filled in. */
  icebreaking: string[];
};

/** In order: when two roles match at the same place, the one listed first wins. */
export const ROLE_FAMILIES: RoleFamily[] = [
  {
    key: 'nursing',
    match: /\b(nurse|nursing|carer|caregiver|care worker|doctor|clinician|paramedic|midwife)\b/i,
    keywords: [
      'patient',
      'care',
      'safety',
      'medication',
      'assessment',
      'record',
      'handover',
      'empathy',
      'protocol',
    ],
    technical: [
      'Walk me through how you would prioritise care when three patients need you at the same time.',
      'How do you make sure a handover to the next shift leaves nothing out? Describe your routine.',
    ],
  },
  {
    key: 'teaching',
    match: /\b(teacher|teaching|tutor|lecturer|trainer|instructor|educator)\b/i,
    keywords: [
      'student',
      'lesson',
      'learning',
      'assessment',
      'feedback',
      'classroom',
      'plan',
      'progress',
      'engage',
    ],
    technical: [
      'How do you plan a lesson for a group with very different levels? Take me through one you taught.',
      'How do you check that every learner has understood, not only the ones who speak up?',
    ],
  },
  {
    key: 'data',
    match: /\b(data|analyst|analytics|scientist|statistician|business intelligence)\b/i,
    keywords: [
      'data',
      'analysis',
      'sql',
      'dashboard',
      'model',
      'insight',
      'statistics',
      'report',
      'python',
      'quality',
    ],
    technical: [
      'Describe an analysis you did from the raw data to the decision it informed. What did you check along the way?',
      'How would you explain a surprising result in the data to a manager who does not trust it?',
    ],
  },
  {
    key: 'software',
    match:
      /\b(software|developer|programmer|engineer|engineering|web|front[- ]?end|back[- ]?end|full[- ]?stack|devops|coder)\b/i,
    keywords: [
      'code',
      'test',
      'debug',
      'deploy',
      'design',
      'api',
      'database',
      'review',
      'performance',
      'security',
    ],
    technical: [
      'Tell me about a bug that took you a long time to find. How did you track it down, and how did you stop it coming back?',
      'How do you decide how to design a new feature before you write any code? Take me through a recent one.',
    ],
  },
  {
    key: 'sales',
    match: /\b(sales|salesperson|account manager|account executive|business development|seller)\b/i,
    keywords: [
      'customer',
      'client',
      'pipeline',
      'target',
      'negotiate',
      'relationship',
      'close',
      'prospect',
      'value',
    ],
    technical: [
      'How do you qualify a new lead? Take me through the questions you ask and why.',
      'Tell me how you would handle a customer who says your price is too high.',
    ],
  },
  {
    key: 'support',
    match: /\b(customer service|customer support|support|call cent(re|er)|help ?desk|service desk)\b/i,
    keywords: [
      'customer',
      'listen',
      'resolve',
      'empathy',
      'escalate',
      'ticket',
      'patience',
      'solution',
      'follow up',
    ],
    technical: [
      'A customer calls, angry that a problem is still not fixed. Take me through the call, step by step.',
      'How do you decide when to solve a problem yourself and when to escalate it?',
    ],
  },
  {
    key: 'finance',
    match: /\b(accountant|accounting|bookkeeper|auditor|financial analyst|finance|payroll)\b/i,
    keywords: [
      'budget',
      'forecast',
      'report',
      'accuracy',
      'compliance',
      'reconcile',
      'spreadsheet',
      'audit',
      'risk',
    ],
    technical: [
      'Describe how you would investigate a figure in a report that does not reconcile.',
      'How do you keep your work accurate when a deadline is close? Give me your checks.',
    ],
  },
  {
    key: 'design',
    match: /\b(designer|design|ux|ui|graphic)\b/i,
    keywords: [
      'user',
      'research',
      'prototype',
      'feedback',
      'test',
      'brand',
      'layout',
      'accessibility',
      'iteration',
    ],
    technical: [
      'Take me through a design you changed after testing it with users. What did you learn?',
      'How do you handle feedback on your design that you disagree with?',
    ],
  },
  {
    key: 'marketing',
    match: /\b(marketing|marketer|social media|content|communications|brand|public relations)\b/i,
    keywords: [
      'audience',
      'campaign',
      'brand',
      'content',
      'channel',
      'message',
      'result',
      'budget',
      'strategy',
    ],
    technical: [
      'Describe a campaign you ran from the brief to the results. How did you measure it?',
      'How would you choose the channels for a product with a small budget?',
    ],
  },
  {
    key: 'hospitality',
    match: /\b(chef|cook|waiter|waitress|barista|receptionist|host|housekeep\w*|concierge|bartender)\b/i,
    keywords: ['guest', 'service', 'team', 'clean', 'order', 'welcome', 'complaint', 'quality', 'safety'],
    technical: [
      'It is the busiest hour of the week and you are a person short. How do you keep the service going?',
      'How do you turn a guest complaint into a good experience? Give me an example.',
    ],
  },
  {
    key: 'management',
    match: /\b(manager|management|team lead|team leader|supervisor|director|head of|coordinator)\b/i,
    keywords: [
      'team',
      'goal',
      'priority',
      'feedback',
      'delegate',
      'plan',
      'stakeholder',
      'result',
      'decision',
    ],
    technical: [
      'How do you set priorities for your team when everything seems urgent? Take me through a real week.',
      'Tell me how you would give difficult feedback to someone in your team who is missing their targets.',
    ],
  },
];

/** Anyone's answers: used when no role is recognised. */
export const GENERAL_ROLE: RoleFamily = {
  key: 'general',
  match: /$^/,
  keywords: ['team', 'problem', 'plan', 'result', 'learn', 'customer', 'goal', 'communicate', 'improve'],
  technical: [
    'What skills and knowledge matter most for a {job}? Describe a problem you solved with them, step by step.',
    'Take me through the part of a {job} role you know best. What does doing it well look like?',
  ],
};

export const INDUSTRIES: Industry[] = [
  {
    key: 'healthcare',
    label: 'healthcare',
    match: /\b(health\w*|hospital|clinic|medical|medicine|pharma\w*|aged care|nursing)\b/i,
    icebreaking: [
      'What first drew you to working in healthcare, and what keeps you in it?',
      'Tell me a little about yourself, and about a moment in healthcare that made you proud of your work.',
    ],
  },
  {
    key: 'technology',
    label: 'technology',
    match:
      /\b(tech|technology|information technology|software|saas|digital|computing|internet|telecom\w*)\b/i,
    icebreaking: [
      'Tell me a little about yourself. What got you interested in technology in the first place?',
      'What is something new in technology you have learned recently, and how did you learn it?',
    ],
  },
  {
    key: 'finance',
    label: 'finance',
    match: /\b(financ\w*|bank\w*|insurance|accounting|investment|fintech)\b/i,
    icebreaking: [
      'Tell me a little about yourself and how you came to work in finance.',
      'What do you enjoy most about working with numbers, and what do you find hardest?',
    ],
  },
  {
    key: 'retail',
    label: 'retail',
    match: /\b(retail|shop|shops|store|stores|e-?commerce|fashion|supermarket)\b/i,
    icebreaking: [
      'Tell me a little about yourself. What do you enjoy about working with customers in retail?',
      'Which shop have you been into recently that served you really well, and what did they do right?',
    ],
  },
  {
    key: 'education',
    label: 'education',
    match: /\b(educat\w*|school|schools|universit\w*|college|teaching|training|learning)\b/i,
    icebreaking: [
      'Tell me a little about yourself, and about a teacher who made a difference to you.',
      'What do you enjoy about helping people learn?',
    ],
  },
  {
    key: 'hospitality',
    label: 'hospitality',
    match: /\b(hospitality|hotel|hotels|restaurant|restaurants|tourism|travel|catering|cafe)\b/i,
    icebreaking: [
      'Tell me a little about yourself. What do you enjoy about looking after guests?',
      'What is the best service you have ever had in a hotel or restaurant, and why did it stand out?',
    ],
  },
  {
    key: 'manufacturing',
    label: 'manufacturing and engineering',
    match: /\b(manufactur\w*|factory|construction|automotive|logistics|supply chain|mining|energy)\b/i,
    icebreaking: [
      'Tell me a little about yourself and what interests you about this industry.',
      'What does a good, safe working day look like to you?',
    ],
  },
  {
    key: 'public',
    label: 'the public sector',
    match: /\b(government|public sector|council|non-?profit|charity|ngo)\b/i,
    icebreaking: [
      'Tell me a little about yourself and why you want to work in public service.',
      'Which cause or community matters most to you, and why?',
    ],
  },
  {
    key: 'media',
    label: 'media and marketing',
    match: /\b(media|advertising|publishing|creative|entertainment|agency)\b/i,
    icebreaking: [
      'Tell me a little about yourself. What piece of work are you proudest of?',
      'Which campaign or story caught your attention recently, and why?',
    ],
  },
];

export const GENERAL_ICEBREAKING = [
  'Tell me a little about yourself: your background, what you enjoy about working in {industry}, and what you would bring to a team.',
  'What do you like to do outside work, and what has it taught you that you use at work?',
];

export const BEHAVIOURAL_QUESTIONS = [
  'Tell me about a time you faced a tight deadline. What was the situation, what did you do, and what was the result?',
  'Tell me about a time you disagreed with a colleague. What was the situation, what did you do, and how did it end?',
  'Describe a mistake you made at work. What happened, what did you do about it, and what did you learn?',
  'Tell me about a time you had to learn something new quickly. What was the situation, what did you do, and what was the result?',
  'Tell me about a time you went beyond what was asked of you. What was the situation, what did you do, and what changed because of it?',
];

/** The interviewer's words after the last answer, before the summing up. */
export const CLOSING_LINE = 'Thank you, that was my last question. Here is my feedback on the interview.';

/** Where `match` first (or last) matches in `text`, or -1. */
const positionOf = (match: RegExp, text: string, prefer: 'first' | 'last') => {
  let found = -1;
  for (const hit of text.matchAll(new RegExp(match.source, `${match.flags.replace('g', '')}g`))) {
    if (prefer === 'first') return hit.index;
    found = hit.index;
  }
  return found;
};

/** The entry whose pattern matches earliest (or latest) in the text; a tie goes to the one listed first. */
const earliest = <T extends { match: RegExp }>(entries: T[], text: string, prefer: 'first' | 'last') => {
  let best: { entry: T; at: number } | null = null;
  for (const entry of entries) {
    const at = positionOf(entry.match, text, prefer);
    if (at < 0) continue;
    if (!best || (prefer === 'first' ? at < best.at : at > best.at)) best = { entry, at };
  }
  return best?.entry ?? null;
};

/**
 * The role family named in the text, or none. In what a learner says the first named role is the one meant
 * ("team leader in customer service"); in a job title the last word names it ("customer service manager").
 */
export const roleIn = (text: string, prefer: 'first' | 'last' = 'first') =>
  earliest(ROLE_FAMILIES, text, prefer);

/** The industry named first in the text, or none. */
export const industryIn = (text: string) => earliest(INDUSTRIES, text, 'first');
