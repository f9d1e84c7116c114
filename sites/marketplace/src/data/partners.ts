import type { PARTNER_LANDING_PATHS } from '@coach/shared/constants/institutions';

export type Partner = {
  path: (typeof PARTNER_LANDING_PATHS)[number];
  name: string;
  headline: string;
  intro: string;
  audience: string;
  focus: [string, string, string];
};

/** Our own copy for the nine partner programmes of spec §2. */
export const PARTNERS: Partner[] = [
  {
    path: '/upaep-ai-coach',
    name: 'UPAEP',
    headline: 'UPAEP AI Coach: speak English with confidence before you graduate',
    intro: 'Students of UPAEP practise interviews, presentations and everyday English with an AI coach that is available whenever they are.',
    audience: 'UPAEP undergraduate and postgraduate students',
    focus: ['Job interviews in English', 'Academic presentations', 'Pronunciation practice'],
  },
  {
    path: '/utbis-ai-coach',
    name: 'UTBIS',
    headline: 'UTBIS AI Coach: practise the English your industry speaks',
    intro: 'UTBIS students rehearse the conversations of tourism and business, with instant feedback on every answer.',
    audience: 'UTBIS students in tourism, business and languages',
    focus: ['Customer conversations', 'Business meetings', 'Interview preparation'],
  },
  {
    path: '/utp-ai-coach',
    name: 'UTP',
    headline: 'UTP AI Coach: from classroom English to workplace English',
    intro: 'A daily speaking partner for UTP students that turns what they learn in class into confident speech.',
    audience: 'UTP technical and engineering students',
    focus: ['Technical explanations', 'Team communication', 'Interview practice'],
  },
  {
    path: '/itssmt-ai-coach',
    name: 'ITSSMT',
    headline: 'ITSSMT AI Coach: speaking practice for future engineers',
    intro: 'ITSSMT students get a private space to practise English speaking tasks and track how they improve.',
    audience: 'ITSSMT engineering students',
    focus: ['Presenting projects', 'Pronunciation of technical terms', 'Interview readiness'],
  },
  {
    path: '/simplified-recruitment',
    name: 'Simplified Recruitment',
    headline: 'Simplified Recruitment: candidates who arrive interview ready',
    intro: 'Candidates prepare for interviews with role-specific practice questions and feedback before they meet employers.',
    audience: 'Job seekers working with Simplified Recruitment',
    focus: ['Behavioural questions', 'Role-specific interviews', 'Confident first impressions'],
  },
  {
    path: '/story-up',
    name: 'Story Up',
    headline: 'Story Up: tell your story so people remember it',
    intro: 'Story Up participants shape and rehearse their personal stories with a coach that listens and helps them improve.',
    audience: 'Story Up storytelling programme participants',
    focus: ['Story structure', 'Delivery and pace', 'Speaking to an audience'],
  },
  {
    path: '/you-study',
    name: 'You Study',
    headline: 'You Study AI Coach: settle in, study and work with confident English',
    intro: 'International students of You Study practise the English of lectures, part-time work and daily life in Australia.',
    audience: 'International students of You Study',
    focus: ['Tutorial participation', 'Workplace English', 'Everyday conversations'],
  },
  {
    path: '/aurora',
    name: 'Aurora',
    headline: 'Aurora AI Coach: leadership communication, practised daily',
    intro: 'Aurora participants rehearse the conversations leaders have: feedback, change and difficult moments.',
    audience: 'Aurora leadership programme participants',
    focus: ['Giving feedback', 'Leading change', 'Difficult conversations'],
  },
  {
    path: '/genu',
    name: 'GenU',
    headline: 'GenU AI Coach: confidence for the next generation',
    intro: 'GenU learners build speaking confidence step by step, with practice that adapts to their level.',
    audience: 'Young learners in GenU programmes',
    focus: ['Everyday speaking', 'Presentations at school', 'First job interviews'],
  },
];
