import { type MySurveyRow, surveys } from '@coach/shared/contract/surveys';
import { truncateText } from '@coach/shared/format/truncate-text';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { fillPath, paths } from '../../config/paths.ts';
import { formatNumber } from '../../i18n/format.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { useCall } from '../../lib/use-call.ts';

const stateOf = (t: TFunction<'my-tasks'>, row: MySurveyRow) => {
  if (!row.open) {
    const why = row.status === 'Closed' ? t('surveys.closed') : t('surveys.notAssigned');
    return row.submittedAt ? t('surveys.youAnswered', { state: why }) : why;
  }
  const state = row.submittedAt ? t('surveys.answered') : t('surveys.notAnswered');
  return row.dueAt ? t('surveys.due', { state, date: formatDateTime(row.dueAt) }) : state;
};

/**
 * The surveys assigned to the member, above their tasks: open ones first, each opening the survey to
 * answer or to read. Nothing shows for a member without surveys; a failure to load them leaves the tasks alone.
 */
export const MySurveys = () => {
  const { t } = useTranslation('my-tasks');
  const { state } = useCall(surveys.mySurveys, {});
  if (state.status !== 'ready' || state.data.length === 0) return null;
  const waiting = state.data.filter((row) => row.open && !row.submittedAt).length;
  return (
    <section className="my-surveys" aria-labelledby="my-surveys-title">
      <h2 id="my-surveys-title" className="my-surveys__title">
        {t('surveys.title')}{' '}
        {waiting > 0 ? (
          <span className="my-tasks__count">{t('surveys.toAnswer', { value: formatNumber(waiting) })}</span>
        ) : null}
      </h2>
      <ul className="my-surveys__list">
        {state.data.map((row) => (
          <li
            key={row.surveyId}
            className={`my-surveys__row ${row.open && !row.submittedAt ? 'my-surveys__row--due' : ''}`}
          >
            <Link
              className="my-surveys__link"
              to={fillPath(paths.enterprise.mySurvey, { id: row.surveyId })}
              title={row.title.length > 100 ? row.title : undefined}
            >
              {truncateText(row.title)}
            </Link>
            <span className="my-surveys__state">
              {t('surveys.row', {
                questions: t('surveys.questions', {
                  count: row.questionCount,
                  value: formatNumber(row.questionCount),
                }),
                state: stateOf(t, row),
              })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
};
