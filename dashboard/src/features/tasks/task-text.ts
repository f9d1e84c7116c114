import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import type { Task } from '@coach/shared/contract/tasks';
import { formatNumber } from '../../i18n/format.ts';
import { i18n } from '../../i18n/index.ts';

// Labels in the language on screen: types, categories and levels by their codes in tasks.json. The
// components calling these use useTranslation('tasks'), so they render again when the language changes.

export const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE;

export const typeLabel = (type: Task['type']) => i18n.t(`tasks:types.${type}`);
export const categoryLabel = (category: Task['category']) => i18n.t(`tasks:categories.${category}`);
export const levelLabel = (level: number) =>
  i18n.exists(`tasks:levels.${level}`)
    ? i18n.t(`tasks:levels.${level}`)
    : i18n.t('tasks:text.level', { level: formatNumber(level) });
export const timeLabel = (minutes: number) => i18n.t('tasks:text.minutes', { value: formatNumber(minutes) });
/** '1 Hour', '7 Days' (the spec's expiry choices) in the language on screen: days when whole days, else hours. */
export const expiryLabel = (seconds: number) => {
  const days = seconds / 86_400;
  if (Number.isInteger(days) && days >= 1)
    return i18n.t('tasks:expiry.days', { count: days, value: formatNumber(days) });
  const hours = Math.round(seconds / 3600);
  return i18n.t('tasks:expiry.hours', { count: hours, value: formatNumber(hours) });
};

export const plural = (count: number, noun: string, many = `${noun}s`) =>
  `${count} ${count === 1 ? noun : many}`;

/** '3 tasks', '1 member', '2 groups' in the language on screen, each language's plural forms. */
export const countOf = (kind: 'tasks' | 'members' | 'groups', count: number) =>
  i18n.t(`tasks:count.${kind}`, { count, value: formatNumber(count) });

/**
 * The words of an assignment result toast: how many new assignments the server made. None made is either because
 * nobody was reached (only empty groups chosen, such as a course's buyers' group before a sale) or because everyone
 * reached already had the tasks.
 */
export const assignedText = ({ assigned, reached }: { assigned: number; reached: number }) => {
  if (assigned > 0) return i18n.t('tasks:assigned.made', { count: assigned, value: formatNumber(assigned) });
  return reached === 0 ? i18n.t('tasks:assigned.nobody') : i18n.t('tasks:assigned.none');
};
