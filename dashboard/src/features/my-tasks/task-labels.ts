import type { Task } from '@coach/shared/contract/tasks';
import { formatNumber } from '../../i18n/format.ts';
import { i18n } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/dates.ts';

// Labels read in the language on screen: the shared English labels' codes index tasks.json, so every
// task screen names types, levels and statuses alike. The components calling these use useTranslation, so they
// render again when the language changes.

export const typeLabel = (type: Task['type']) => i18n.t(`tasks:types.${type}`);

export const levelName = (level: number) =>
  i18n.exists(`tasks:levels.${level}`)
    ? i18n.t(`tasks:levels.${level}`)
    : i18n.t('my-tasks:labels.level', { level: formatNumber(level) });

export const timeLabel = (minutes: number) =>
  i18n.t('my-tasks:labels.minutes', { value: formatNumber(minutes) });

/** 'Due 3 May 2026, 14:00', or 'Overdue since ...' when it has passed and the task is not done. */
export const dueLabel = ({ dueAt, overdue }: { dueAt: string; overdue: boolean }) =>
  overdue
    ? i18n.t('my-tasks:labels.overdue', { date: formatDateTime(dueAt) })
    : i18n.t('my-tasks:labels.due', { date: formatDateTime(dueAt) });

/** The learner's words for a taskStatus (spec §3: 0 not started, 1 in progress, 2 completed). */
export const statusLabel = (status: 0 | 1 | 2) => i18n.t(`tasks:statuses.${status}`);
