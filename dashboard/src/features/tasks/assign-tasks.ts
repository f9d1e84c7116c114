import { i18n } from '../../i18n/index.ts';

/** The note under the people picker when assigning tasks. */
export const laterJoinersNote = () => i18n.t('tasks:laterJoiners');
