import './choice-verdict.css';

/** How a submitted Multiple Choice question was marked (assignment.choiceResult). */
export type ChoiceVerdictKind = 'right' | 'wrong' | 'notAnswered' | 'unmarked';

const ICONS: Record<ChoiceVerdictKind, string> = { right: '✓', wrong: '✗', notAnswered: '✗', unmarked: '–' };

/**
 * A marked question's verdict, the same on the learner's screen and the reviewer's: an icon and words (`label`, in
 * the caller's own translation), not colour alone; the icon is hidden from screen readers, which read the words.
 */
export const ChoiceVerdict = ({ kind, label }: { kind: ChoiceVerdictKind; label: string }) => (
  <p className={`choice-verdict choice-verdict--${kind}`}>
    <span className="choice-verdict__icon" aria-hidden="true">
      {ICONS[kind]}
    </span>{' '}
    {label}
  </p>
);
