import type { PronunciationResult } from '@coach/shared/contract/tasks';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../i18n/format.ts';
import { Card } from './layout.tsx';
import { ProgressBar } from './progress-bar.tsx';

/**
 * The coach's score of a Pronunciation task: the overall score against the passing score, each item's score
 * and what the speech engine heard in each.
 */
export const PronunciationScore = ({ result, who }: { result: PronunciationResult; who: 'you' | string }) => {
  const { t } = useTranslation('widgets');
  return (
    <Card
      title={t('pronunciationScore.title')}
      className="pronunciation-score"
      aria-label={t('pronunciationScore.title')}
    >
      <p className="pronunciation-score__headline">
        <strong className="pronunciation-score__value">{formatNumber(result.score)}</strong>
        <span> {t('pronunciationScore.outOf', { passing: formatNumber(result.passingScore) })} </span>
        <span className={result.passed ? 'chip chip--success' : 'chip chip--danger'}>
          {result.passed ? t('pronunciationScore.passed') : t('pronunciationScore.notPassed')}
        </span>
      </p>
      <ProgressBar
        value={result.score}
        label={t('pronunciationScore.title')}
        tone={result.passed ? 'success' : 'accent'}
      />
      <p className="pronunciation-score__note">
        {who === 'you'
          ? t('pronunciationScore.fromYours', { accent: result.accent })
          : t('pronunciationScore.fromTheirs', { who, accent: result.accent })}
      </p>
      <table className="table pronunciation-score__items">
        <caption className="visually-hidden">{t('pronunciationScore.items')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('pronunciationScore.say')}</th>
            <th scope="col" className="table__number">
              {t('pronunciationScore.score')}
            </th>
            <th scope="col">{t('pronunciationScore.heard')}</th>
          </tr>
        </thead>
        <tbody>
          {result.items.map((item, index) => (
            <tr key={`${index}-${item.expected}`}>
              <td>{item.expected}</td>
              <td className="table__number">{formatNumber(item.score)}</td>
              <td>{item.heard ?? t('pronunciationScore.noSpeech')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
};
