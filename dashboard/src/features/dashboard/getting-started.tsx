import type { EnterpriseUser } from '@coach/shared/contract/auth';
import { enterpriseGeneral, type SetupSteps } from '@coach/shared/contract/general';
import { groups } from '@coach/shared/contract/groups';
import { members } from '@coach/shared/contract/members';
import { tasks } from '@coach/shared/contract/tasks';
import { type AccessRule, canCall, memberSubject } from '@coach/shared/permissions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { fillPath, paths } from '../../config/paths.ts';
import { formatNumber, withNumbers } from '../../i18n/format.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/layout.tsx';
import { ProgressBar } from '../../ui/progress-bar.tsx';
import '../../ui/table.css';

type StepId = keyof SetupSteps;

/**
 * The first steps of a new company, in the order to take them: each with the call that does it (the step shows only
 * to whoever may make it, the server's own rule) and the screen where it is done.
 */
const STEPS: { id: StepId; call: AccessRule; to: string }[] = [
  { id: 'people', call: members.invite, to: paths.enterprise.members },
  { id: 'group', call: groups.add, to: fillPath(paths.enterprise.manageGroup) },
  { id: 'taskAssigned', call: tasks.assignTaskUsers, to: paths.enterprise.tasksLibrary },
  { id: 'branded', call: enterpriseGeneral.updateThemeSettings, to: paths.enterprise.settings },
];

/**
 * Where the browser remembers that this person hid the card for good (per person: another admin of the company
 * still sees it). Kept in localStorage: the server has no per-person setting for it.
 */
export const gettingStartedDismissedKey = (userId: string) =>
  `coach.dashboard.gettingStarted.dismissed.${userId}`;

const readDismissed = (userId: string) => {
  try {
    return localStorage.getItem(gettingStartedDismissedKey(userId)) === '1';
  } catch {
    return false;
  }
};

/** The steps this person may take (their role's permissions and the admin role rule), in order. */
export const stepsFor = (user: EnterpriseUser) => {
  const subject = memberSubject(user, { secondFactorDone: true });
  return STEPS.filter((step) => canCall(step.call, subject).allowed);
};

/**
 * The dashboard's Getting started checklist for whoever sets the company up: invite people, make a group, assign a
 * task, set the logo and colours. Each step is ticked from the company's data (my-dashboard's `setup`) and links to
 * the screen that does it; the next step to take stands out. The card is gone once every step shown is done, or
 * for good once the person hides it (`onDismissed` then moves the focus on).
 */
export const GettingStarted = ({
  user,
  setup,
  onDismissed,
}: {
  user: EnterpriseUser;
  setup: SetupSteps;
  onDismissed?: () => void;
}) => {
  const { t } = useTranslation('dashboard');
  const [dismissed, setDismissed] = useState(() => readDismissed(user._id));
  const steps = stepsFor(user);
  const done = steps.filter((step) => setup[step.id]).length;
  if (dismissed || steps.length === 0 || done === steps.length) return null;
  const next = steps.find((step) => !setup[step.id]);

  const dismiss = () => {
    try {
      localStorage.setItem(gettingStartedDismissedKey(user._id), '1');
    } catch {
      // Private browsing without storage: hidden for this visit only.
    }
    setDismissed(true);
    onDismissed?.();
  };

  return (
    <Card className="getting-started" aria-labelledby="getting-started-title">
      <div className="getting-started__head">
        <div className="getting-started__intro">
          <h2 id="getting-started-title" className="card__title getting-started__title">
            {t('setup.title')}
          </h2>
          <p className="getting-started__text">{t('setup.description')}</p>
        </div>
        <Button variant="ghost" size="sm" onClick={dismiss}>
          {t('setup.dismiss')}
        </Button>
      </div>
      <div className="getting-started__progress">
        <span className="getting-started__count">
          {t('setup.progress', withNumbers({ done, total: steps.length }))}
        </span>
        <ProgressBar
          value={(done / steps.length) * 100}
          label={t('setup.progressName')}
          showValue={false}
          tone={done === 0 ? 'accent' : 'success'}
        />
      </div>
      <ol className="getting-started__steps">
        {steps.map((step, index) => {
          const isDone = setup[step.id];
          const isNext = step === next;
          return (
            <li
              key={step.id}
              className={`getting-started__step${isDone ? ' getting-started__step--done' : ''}${
                isNext ? ' getting-started__step--next' : ''
              }`}
            >
              <span className="getting-started__mark" aria-hidden="true">
                {isDone ? '✓' : formatNumber(index + 1)}
              </span>
              <span className="getting-started__body">
                <span className="getting-started__step-title">
                  <span className="visually-hidden">
                    {isDone ? t('setup.doneState') : t('setup.todoState')}{' '}
                  </span>
                  {t(`setup.steps.${step.id}.title`)}
                </span>
                <span className="getting-started__step-text">{t(`setup.steps.${step.id}.text`)}</span>
              </span>
              {isDone ? (
                // The step's state is read out before its title: the chip is for the eye.
                <span className="chip chip--success getting-started__done" aria-hidden="true">
                  {t('setup.done')}
                </span>
              ) : (
                <Link
                  className={`btn btn--sm ${isNext ? 'btn--primary' : 'btn--secondary'} getting-started__action`}
                  to={step.to}
                >
                  {t(`setup.steps.${step.id}.action`)}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </Card>
  );
};
