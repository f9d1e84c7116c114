import type { Survey } from '@coach/shared/contract/surveys';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';

const count = (n: number) => ({ count: n, value: formatNumber(n) });

/** Who publishing reaches: nobody assigned, groups without members yet, or this many members. */
const audienceOf = ({ groups, members, assignedCount, invitedCount }: Survey) => {
  if (groups.length === 0 && members.length === 0) return 'nobody';
  return assignedCount === 0 && invitedCount === 0 ? 'emptyGroups' : 'reached';
};

/**
 * Asks before a draft goes live, saying whom it goes to; with nobody assigned yet it says so plainly and offers
 * to assign it first (publishing still works: the survey reaches whoever is assigned later).
 */
export const PublishSurveyDialog = ({
  survey,
  busy,
  onPublish,
  onAssignFirst,
  onCancel,
}: {
  survey: Survey;
  busy: boolean;
  onPublish: () => void;
  onAssignFirst: () => void;
  onCancel: () => void;
}) => {
  const { t } = useTranslation('surveys');
  const audience = audienceOf(survey);
  const groups = survey.groups.length;
  const members = survey.members.length;
  const assigned =
    groups && members
      ? t('messages.assignedBoth', {
          groups: t('messages.groups', count(groups)),
          members: t('messages.members', count(members)),
        })
      : groups
        ? t('messages.assignedGroups', count(groups))
        : t('messages.assignedMembers', count(members));
  const description =
    audience === 'nobody'
      ? t('publish.nobody')
      : audience === 'emptyGroups'
        ? t('publish.emptyGroups', { assigned })
        : // Invited is not joined: an invitee answers once they accept their invitation, said apart.
          [
            t('publish.reached', { assigned, ...count(survey.assignedCount) }),
            ...(survey.invitedCount > 0 ? [t('publish.invited', count(survey.invitedCount))] : []),
          ].join(' ');
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={audience === 'nobody' ? t('publish.titleNobody') : t('publish.title')}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('common:ui.cancel')}
          </Button>
          {audience === 'nobody' ? (
            <>
              <Button variant="secondary" onClick={onAssignFirst}>
                {t('publish.assignFirst')}
              </Button>
              <Button loading={busy} onClick={onPublish}>
                {t('publish.anyway')}
              </Button>
            </>
          ) : (
            <Button loading={busy} onClick={onPublish}>
              {t('manage.publish')}
            </Button>
          )}
        </>
      }
    />
  );
};
