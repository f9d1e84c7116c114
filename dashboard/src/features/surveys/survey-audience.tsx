import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { type Survey, surveys } from '@coach/shared/contract/surveys';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/layout.tsx';
import { hasPeople, NO_PEOPLE, type People, PeoplePicker } from '../../ui/people-picker.tsx';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** Who has the survey (groups and members), and adding or removing them (issue 17). */
export const SurveyAudience = ({
  survey,
  onChanged,
}: {
  survey: Survey;
  onChanged: (survey: Survey) => void;
}) => {
  const [picked, setPicked] = useState<People>(NO_PEOPLE);
  const [busy, setBusy] = useState<string | null>(null);
  const closed = survey.status === 'Closed';

  const run = async (key: string, work: () => Promise<{ response: Survey; message: string }>) => {
    setBusy(key);
    try {
      const { response, message } = await work();
      notify.success(message);
      onChanged(response);
      return true;
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);
      return false;
    } finally {
      setBusy(null);
    }
  };

  const assign = async () => {
    const done = await run('assign', () =>
      api.callWithMessage(surveys.assign, {
        surveyId: survey._id,
        groupIds: picked.groups.map((g) => g._id),
        userIds: picked.members.map((m) => m._id),
      }),
    );
    if (done) setPicked(NO_PEOPLE);
  };
  const remove = (kind: 'group' | 'member', id: string) =>
    run(`${kind}-${id}`, () =>
      api.callWithMessage(surveys.unassign, {
        surveyId: survey._id,
        ...(kind === 'group' ? { groupIds: [id] } : { userIds: [id] }),
      }),
    );

  return (
    <div className="survey-audience">
      <Card title="Assigned to">
        <p className="survey-audience__summary">
          {survey.status === 'Draft'
            ? `${plural(survey.assignedCount, 'member')} will see it once you publish it.`
            : `${plural(survey.assignedCount, 'member')} ${survey.assignedCount === 1 ? 'has' : 'have'} it; ${survey.responseCount} answered.`}{' '}
          Members who join these groups later get it too.
        </p>
        {survey.groups.length === 0 && survey.members.length === 0 ? (
          <p className="survey-audience__empty">Nobody yet: choose groups or members below.</p>
        ) : (
          <ul className="survey-audience__list" aria-label="Assigned groups and members">
            {survey.groups.map((group) => (
              <li key={group._id} className="survey-audience__row">
                <span>
                  <span className="survey-audience__name">{group.name}</span>
                  <span className="survey-audience__detail">
                    Group · {plural(group.memberCount, 'member')}
                  </span>
                </span>
                {closed ? null : (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove ${group.name}`}
                    loading={busy === `group-${group._id}`}
                    onClick={() => void remove('group', group._id)}
                  >
                    Remove
                  </Button>
                )}
              </li>
            ))}
            {survey.members.map((member) => (
              <li key={member._id} className="survey-audience__row">
                <span>
                  <span className="survey-audience__name">{member.name}</span>
                  <span className="survey-audience__detail">{member.email}</span>
                </span>
                {closed ? null : (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove ${member.name}`}
                    loading={busy === `member-${member._id}`}
                    onClick={() => void remove('member', member._id)}
                  >
                    Remove
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
      {closed ? null : (
        <Card title="Assign to more people">
          <PeoplePicker
            library="surveys"
            value={picked}
            onChange={setPicked}
            note="Answers given stay in the results if you remove someone later."
          />
          <div className="survey-form__actions">
            <Button disabled={!hasPeople(picked)} loading={busy === 'assign'} onClick={() => void assign()}>
              Assign
            </Button>
          </div>
        </Card>
      )}
    </div>
  );
};
