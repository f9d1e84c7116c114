import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { EXPIRY_CHOICES } from '@coach/shared/constants/durations';
import { LEVEL_NAMES } from '@coach/shared/constants/levels';
import { TASK_CATEGORY_LABELS, TASK_TYPE_LABELS } from '@coach/shared/constants/task-types';
import type { Task } from '@coach/shared/contract/tasks';

export const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE;

export const typeLabel = (type: Task['type']) => TASK_TYPE_LABELS[type];
export const categoryLabel = (category: Task['category']) => TASK_CATEGORY_LABELS[category];
export const levelLabel = (level: number) =>
  LEVEL_NAMES[level as keyof typeof LEVEL_NAMES] ?? `Level ${level}`;
export const timeLabel = (minutes: number) => `${minutes} min`;
export const expiryLabel = (seconds: number) =>
  EXPIRY_CHOICES.find((choice) => choice.seconds === seconds)?.label ?? `${Math.round(seconds / 3600)} hours`;

export const plural = (count: number, noun: string, many = `${noun}s`) =>
  `${count} ${count === 1 ? noun : many}`;

/** The words of an assignment result toast: how many new assignments the server made. */
export const assignedText = (assigned: number) =>
  assigned === 0
    ? 'Everyone you chose already had these tasks: no new assignments'
    : `${plural(assigned, 'new assignment')} made`;
