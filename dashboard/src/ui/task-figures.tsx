import type { TaskFigures as Figures } from '@coach/shared/contract/general';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../i18n/format.ts';

/** The task figures of a member or a group, as a definition list in the facts style. */
export const TaskFigures = ({ figures }: { figures: Figures }) => {
  const { t } = useTranslation('common');
  return (
    <dl className="facts" aria-label={t('ui.figures.label')}>
      <dt>{t('ui.figures.assigned')}</dt>
      <dd>{formatNumber(figures.assigned)}</dd>
      <dt>{t('ui.figures.inProgress')}</dt>
      <dd>{formatNumber(figures.inProgress)}</dd>
      <dt>{t('ui.figures.completed')}</dt>
      <dd>{formatNumber(figures.completed)}</dd>
      <dt>{t('ui.figures.overdue')}</dt>
      <dd>{formatNumber(figures.overdue)}</dd>
      <dt>{t('ui.figures.waitingReview')}</dt>
      <dd>{formatNumber(figures.pendingReview)}</dd>
    </dl>
  );
};
