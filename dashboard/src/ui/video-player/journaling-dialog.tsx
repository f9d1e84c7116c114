import { contentActions, type VideoJournal } from '@coach/shared/contract/content';
import { type FormEvent, useState } from 'react';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { Button } from '../button.tsx';
import { Dialog } from '../dialog.tsx';
import { TextAreaField } from '../text-field.tsx';
import { notifyContentActionError } from './content-action-error.ts';

const QUESTIONS = [
  { field: 'learnedFromVideo', label: 'What did you learn from the video?' },
  { field: 'goodOutcome', label: 'What would a good outcome look like for you?' },
  { field: 'stepsForAchievement', label: 'What steps will you take to achieve it?' },
] as const satisfies readonly { field: keyof VideoJournal; label: string }[];

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
  const [errors, setErrors] = useState<Partial<Record<keyof Answers, string>>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = Object.fromEntries(
      QUESTIONS.filter(({ field }) => !answers[field].trim()).map(({ field }) => [
        field,
        'Please write an answer.',
      ]),
    );
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    try {
      const saved = await api.call(contentActions.submitContentReview, { contentId, ...answers });
      notify.success('Thank you, your answers are saved.');
      onSaved({ ...answers, ...saved });
      onClose();
    } catch (error) {
      notifyContentActionError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Reflect on the video"
      description={`A few questions about “${videoTitle}”.`}
    >
      <form className="journaling" onSubmit={submit} noValidate>
        {QUESTIONS.map(({ field, label }) => (
          <TextAreaField
            key={field}
            label={label}
            name={field}
            rows={3}
            maxLength={5000}
            required
            value={answers[field]}
            error={errors[field]}
            onChange={(event) => setAnswers((current) => ({ ...current, [field]: event.target.value }))}
          />
        ))}
        <div className="dialog__footer">
          <Button variant="secondary" onClick={onClose}>
            Skip
          </Button>
          <Button type="submit" loading={busy}>
            Submit
          </Button>
        </div>
      </form>
    </Dialog>
  );
};
