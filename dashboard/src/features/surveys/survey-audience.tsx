import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { type Survey, surveys } from '@coach/shared/contract/surveys';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { Button } from '../../ui/button.tsx';
import { useInviteesApart } from '../../ui/joined-count.tsx';
import { Card } from '../../ui/layout.tsx';
import { hasPeople, NO_PEOPLE, type People, PeoplePicker } from '../../widgets/people-picker.tsx';
import { surveyText } from './survey-messages.ts';

const counted = (count: number) => ({ count, value: formatNumber(count) });

/** Who has the survey (groups and members), and adding or removing them. */
export const SurveyAudience = ({
  survey,
  onChanged,
}: {
  survey: Survey;
  onChanged: (survey: Survey) => void;
}) => {
  const { t } = useTranslation('surveys');
  const inviteesApart = useInviteesApart();
  const [picked, setPicked] = useState<People>(NO_PEOPLE);
  const [busy, setBusy] = useState<string | null>(null);
  const closed = survey.status === 'Closed';

  const run = async (key: string, work: () => Promise<{ response: Survey; message: string }>) => {
    setBusy(key);
    try {
      const { response, message } = await work();
      notify.success(surveyText(message));
      onChanged(response);
      return true;
    } catch (error) {
      notify.error(error instanceof ApiError ? surveyText(error.message) : GENERIC_ERROR_MESSAGE);
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
      <Card title={t('audience.assignedTo')}>
        <p className="survey-audience__summary">
          {survey.status === 'Draft'
            ? t('audience.draft', counted(survey.assignedCount))
            : t('audience.active', {
                ...counted(survey.assignedCount),
                answered: formatNumber(survey.responseCount),
              })}
          {/* Only a group brings in members who join later: said when one is chosen. */}
          {survey.groups.length > 0 ? ` ${t('audience.later')}` : null}
          {/* Invited is not joined: the invitees who will have it are counted apart. */}
          {survey.invitedCount > 0 ? (
            <span className="survey-audience__aside">{inviteesApart(survey.invitedCount)}</span>
          ) : null}
        </p>
        {survey.groups.length === 0 && survey.members.length === 0 ? (
          <p className="survey-audience__empty">{t('audience.nobody')}</p>
        ) : (
          <ul className="survey-audience__list" aria-label={t('audience.list')}>
            {survey.groups.map((group) => (
              <li key={group._id} className="survey-audience__row">
                <span>
                  <span className="survey-audience__name">{group.name}</span>
                  <span className="survey-audience__detail">
                    {t('audience.groupMembers', counted(group.memberCount))}
                    {group.invitedCount > 0 ? ` · ${inviteesApart(group.invitedCount)}` : null}
                  </span>
                </span>
                {closed ? null : (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t('audience.removeName', { name: group.name })}
                    loading={busy === `group-${group._id}`}
                    onClick={() => void remove('group', group._id)}
                  >
                    {t('audience.remove')}
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
                    aria-label={t('audience.removeName', { name: member.name })}
                    loading={busy === `member-${member._id}`}
                    onClick={() => void remove('member', member._id)}
                  >
                    {t('audience.remove')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
      {closed ? null : (
        <Card title={t('audience.more')}>
          <PeoplePicker library="surveys" value={picked} onChange={setPicked} note={t('audience.note')} />
          <div className="survey-form__actions">
            <Button disabled={!hasPeople(picked)} loading={busy === 'assign'} onClick={() => void assign()}>
              {t('audience.assign')}
            </Button>
          </div>
        </Card>
      )}
    </div>
  );
};
