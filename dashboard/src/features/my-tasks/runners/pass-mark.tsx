import type { PronunciationRule } from '@coach/shared/contract/tasks';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../i18n/format.ts';
import { type ItemMark, itemMark } from '../item-marks.ts';
import type { RunnerProps } from './runner-parts.tsx';

/** A scored recording's score against the passing score, in words as well as colour. */
const MarkChip = ({ mark, passing }: { mark: Extract<ItemMark, { score: number }>; passing: number }) => {
  const { t } = useTranslation('my-tasks');
  const values = { score: formatNumber(mark.score), passing: formatNumber(passing) };
  return mark.state === 'passed' ? (
    <span className="chip chip--success">{t('runner.itemPassed', values)}</span>
  ) : (
    <span className="chip chip--danger">{t('runner.itemBelow', values)}</span>
  );
};

/**
 * The chip a scored recording (a Pronunciation item, a Read & Record passage) shows once the server has scored
 * it, from the analysis it counts for it; nothing while it is scored or before it is recorded.
 */
export const passMarkStatus = (
  rule: PronunciationRule | null | undefined,
  analyses: RunnerProps['analyses'],
  recordingKey: string,
) => {
  const mark = rule ? itemMark(analyses[recordingKey], rule.passingScore) : null;
  return rule && mark && mark.state !== 'scoring' ? (
    <MarkChip mark={mark} passing={rule.passingScore} />
  ) : undefined;
};

/** What the recordings are scored for: the accent, the passing score and how strictly. */
export const ScoredFor = ({ rule }: { rule: PronunciationRule | null | undefined }) => {
  const { t } = useTranslation('my-tasks');
  if (!rule) return null;
  return (
    <p className="my-task__note">
      {t('runner.scoredFor', {
        accent: t(`pronunciation:accentsInText.${rule.accent}`, { defaultValue: rule.accent }),
        score: formatNumber(rule.passingScore),
        judging: t(`pronunciation:strictness.${rule.strictness}.judging`, {
          defaultValue: rule.strictness,
        }),
      })}
    </p>
  );
};
