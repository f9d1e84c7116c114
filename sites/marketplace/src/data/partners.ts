import type { PARTNER_LANDING_PATHS } from '@coach/shared/constants/institutions';
import type { Messages } from '../i18n/messages.ts';

export type Partner = {
  path: (typeof PARTNER_LANDING_PATHS)[number];
  name: string;
  /** Its copy's section in the language files (partners.<key>: headline, intro, audience, focus1..3). */
  key: keyof Messages['partners'];
};

/** The nine partner programmes of spec §2; our own copy for each is in the language files. */
export const PARTNERS: Partner[] = [
  {
    path: '/upaep-ai-coach',
    name: 'UPAEP',
    key: 'upaep',
  },
  {
    path: '/utbis-ai-coach',
    name: 'UTBIS',
    key: 'utbis',
  },
  {
    path: '/utp-ai-coach',
    name: 'UTP',
    key: 'utp',
  },
  {
    path: '/itssmt-ai-coach',
    name: 'ITSSMT',
    key: 'itssmt',
  },
  {
    path: '/simplified-recruitment',
    name: 'Simplified Recruitment',
    key: 'simplifiedRecruitment',
  },
  {
    path: '/story-up',
    name: 'Story Up',
    key: 'storyUp',
  },
  {
    path: '/you-study',
    name: 'You Study',
    key: 'youStudy',
  },
  {
    path: '/aurora',
    name: 'Aurora',
    key: 'aurora',
  },
  {
    path: '/genu',
    name: 'GenU',
    key: 'genu',
  },
];
