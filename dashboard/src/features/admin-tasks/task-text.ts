import type { PlatformTask } from '@coach/shared/contract/admin-tasks';
import { formatNumber } from '../../i18n/format.ts';
import { i18n } from '../../i18n/index.ts';

// Labels in the language on screen, by their codes in admin-tasks.json. The components calling these
// use useTranslation('admin-tasks'), so they render again when the language changes.

export const typeLabel = (type: PlatformTask['type']) => i18n.t(`admin-tasks:types.${type}`);
export const categoryLabel = (category: PlatformTask['category']) =>
  i18n.t(`admin-tasks:categories.${category}`);
export const levelLabel = (level: PlatformTask['level']) => i18n.t(`admin-tasks:levels.${level}`);
export const minutesLabel = (minutes: number) =>
  i18n.t('admin-tasks:minutes', { count: minutes, value: formatNumber(minutes) });
/** '3 enterprises' in the language on screen, each language's plural forms. */
export const enterprisesText = (count: number) =>
  i18n.t('admin-tasks:enterprises', { count, value: formatNumber(count) });
