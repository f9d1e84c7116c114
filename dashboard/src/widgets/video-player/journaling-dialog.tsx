import { contentActions, type VideoJournal } from '@coach/shared/contract/content';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { TextAreaField } from '../../ui/text-field.tsx';
import { notifyContentActionError } from './content-action-error.ts';

/** The three questions of spec §4; their words are speech.json video.q1-q3. */
const QUESTIONS = [
  { field: 'learnedFromVideo', key: 'video.q1' },
  { field: 'goodOutcome', key: 'video.q2' },
  { field: 'stepsForAchievement', key: 'video.q3' },
] as const satisfies readonly { field: keyof VideoJournal; key: string }[];

type Answers = Required<VideoJournal>;

/** Whether any of the three journaling answers is still missing (spec §4). */
export const journalIncomplete = (journal: VideoJournal | null | undefined) =>
  QUESTIONS.some(({ field }) => !journal?.[field]?.trim());

/**
 * The journaling-question modal (spec §2, §4): asks learnedFromVideo, goodOutcome and stepsForAchievement
 * after a video, sends them to contentactions/submit-content-review, then closes.
 */
export const JournalingDialog = ({
  contentId,
  videoTitle,
  journal,
  onClose,
  onSaved,
}: {
  contentId: string;
  videoTitle: string;
  journal: VideoJournal | null;
  onClose: () => void;
  onSaved: (journal: VideoJournal) => void;
}) => {
  const [answers, setAnswers] = useState<Answers>({
    learnedFromVideo: journal?.learnedFromVideo ?? '',
    goodOutcome: journal?.goodOutcome ?? '',
    stepsForAchievement: journal?.stepsForAchievement ?? '',
  });
  const { t } = useTranslation('speech');
  // No server error goes under a question: a failed content action is a toast (spec §8).
  const {
    errors,
    saving: busy,
    send,
    limits,
  } = useContractForm<keyof Answers>([], contentActions.submitContentReview);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = Object.fromEntries(
      QUESTIONS.filter(({ field }) => !answers[field].trim()).map(({ field }) => [
        field,
        t('video.required'),
      ]),
    );
    const saved = await send(
      contentActions.submitContentReview,
      { contentId, ...answers },
      { errors: missing, toast: t('video.saved'), onError: notifyContentActionError },
    );
    if (!saved) return;
    onSaved({ ...answers, ...saved });
    onClose();
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('video.journalTitle')}
      description={t('video.journalDescription', { title: videoTitle })}
    >
      <form className="journaling" onSubmit={submit} noValidate>
        {QUESTIONS.map(({ field, key }) => (
          <TextAreaField
            key={field}
            label={t(key)}
            name={field}
            rows={3}
            maxLength={limits[field]?.maxLength}
            required
            value={answers[field]}
            error={errors[field]}
            onChange={(event) => setAnswers((current) => ({ ...current, [field]: event.target.value }))}
          />
        ))}
        <div className="dialog__footer">
          <Button variant="secondary" onClick={onClose}>
            {t('video.skip')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('video.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
};
