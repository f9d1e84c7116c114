import type { SurveyStatus } from '@coach/shared/contract/surveys';
import { T } from '../../ui/t.tsx';

const TONE: Record<SurveyStatus, string> = { Draft: 'chip--accent', Active: 'chip--success', Closed: '' };

/** A survey's status as a chip (the word says it; the colour only helps). */
export const SurveyStatusChip = ({ status }: { status: SurveyStatus }) => (
  <span className={`chip ${TONE[status]}`}>
    <T ns="surveys" k={`status.${status}`} />
  </span>
);
