import type { InterviewStage } from '@coach/shared/constants/task-types';

/** 'BEHAVIOURAL' -> 'Behavioural' (spec §4 interview stages). */
export const stageLabel = (stage: InterviewStage | string) =>
  `${stage.charAt(0)}${stage.slice(1).toLowerCase()}`;

/** A recording's address is only played when it is one (http(s) or a path on this server). */
export const isPlayable = (url: string | undefined | null): url is string =>
  Boolean(url && /^(https?:\/\/|\/)\S+$/.test(url));
