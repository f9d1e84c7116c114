import type { InterviewStage } from '@coach/shared/constants/task-types';
import { i18n } from '../../i18n/index.ts';

/** 'BEHAVIOURAL' -> 'Behavioural' (spec §4 interview stages), in the language on screen. */
export const stageLabel = (stage: InterviewStage | string) =>
  i18n.exists(`task-review:stages.${stage}`)
    ? i18n.t(`task-review:stages.${stage}`)
    : `${stage.charAt(0)}${stage.slice(1).toLowerCase()}`;

/** A recording's address is only played when it is one (http(s) or a path on this server). */
export const isPlayable = (url: string | undefined | null): url is string =>
  Boolean(url && /^(https?:\/\/|\/)\S+$/.test(url));
