import type { TASK_TYPES } from '@coach/shared/constants/task-types';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../ui/table.tsx';
import { READ_FIELD } from '../task-report.ts';
import { Intro, Passage, type RunnerInput, StepError, stepId } from './runner-parts.tsx';

/** Read: the passage, and a box the learner ticks once they have read it. */
export const ReadRunner = ({ task, props }: RunnerInput<typeof TASK_TYPES.read>) => {
  const { t } = useTranslation('my-tasks');
  const error = props.errorFor(READ_FIELD);
  return (
    <div className="runner">
      <Intro readOnly={props.readOnly}>{t('runner.readIntro')}</Intro>
      <Passage text={task.passage} />
      <div id={stepId(READ_FIELD)} className={`step step--plain ${error ? 'step--invalid' : ''}`}>
        <Checkbox
          label={t('runner.readConfirm')}
          checked={props.report.read === true}
          disabled={props.readOnly}
          onChange={(checked) => {
            void props.update((report) => ({ ...report, read: checked }), 'now').catch(() => undefined);
          }}
        />
        <StepError message={error} />
      </div>
    </div>
  );
};
