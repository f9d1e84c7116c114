import type { PronunciationResult } from '@coach/shared/contract/tasks';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../i18n/format.ts';
import { Card } from './layout.tsx';
import { ProgressBar } from './progress-bar.tsx';

/**
 * The coach's score of a Pronunciation task: the overall score against the passing score, each item's score
 * and what the speech engine heard in each.
 */
/**
 * An accent inside a sentence: its name in the reader's language ("Australian English", not the code en-AU an
 * Arabic page showed), isolated from the sentence's direction; an accent without a name keeps its code, with a
 * hyphen that does not break ("en-AU" was split over two lines at 390 px).
 */
const accentName = (t: (key: string, options: { defaultValue: string }) => string, accent: string) =>
  `\u2068${t(`pronunciation:accentsInText.${accent}`, { defaultValue: accent.replace('-', '\u2011') })}\u2069`;

export const PronunciationScore = ({ result, who }: { result: PronunciationResult; who: 'you' | string }) => {
  const { t } = useTranslation(['widgets', 'pronunciation']);
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
          ? t('pronunciationScore.fromYours', { accent: accentName(t, result.accent) })
          : t('pronunciationScore.fromTheirs', { who, accent: accentName(t, result.accent) })}
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
              {/* English words in a right-to-left page: isolated, so their full stop stays at their end. */}
              <td>
                <bdi>{item.expected}</bdi>
              </td>
              {/* Each item against the passing score, beside the total (the items' mean) that may pass anyway. */}
              <td className="table__number">
                {formatNumber(item.score)}{' '}
                <span
                  className={item.score >= result.passingScore ? 'chip chip--success' : 'chip chip--danger'}
                >
                  {item.score >= result.passingScore
                    ? t('pronunciationScore.passed')
                    : t('pronunciationScore.itemBelow', { passing: formatNumber(result.passingScore) })}
                </span>
              </td>
              <td>{item.heard ? <bdi>{item.heard}</bdi> : t('pronunciationScore.noSpeech')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
};
