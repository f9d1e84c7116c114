import { type LtiCourse, type LtiPlatform, lti } from '@coach/shared/contract/lti';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { apiErrorText } from '../../lib/api-error-text.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { notify } from '../../lib/notify.ts';
import { Button } from '../../ui/button.tsx';

/**
 * The courses an LMS launched the tool from (LTI), each with the group "Sync the class" fills from the course's
 * roster (LTI Names and Role Provisioning Services) and when it last did.
 */
export const LtiCourses = ({
  courses,
  platforms,
  onSynced,
}: {
  courses: LtiCourse[];
  platforms: LtiPlatform[];
  onSynced: () => void;
}) => {
  const { t } = useTranslation('settings');
  const [syncing, setSyncing] = useState<string | null>(null);
  const nameOf = (platformId: string) => platforms.find((p) => p._id === platformId)?.name ?? '';
  const sync = async (course: LtiCourse) => {
    setSyncing(`${course.platformId}:${course.contextId}`);
    try {
      const done = await api.call(lti.syncClass, {
        platformId: course.platformId,
        contextId: course.contextId,
      });
      notify.success(t('lti.courses.done', { members: done.members, group: done.groupName }));
      onSynced();
    } catch (error) {
      notify.error(apiErrorText(error));
    } finally {
      setSyncing(null);
    }
  };

  return (
    <section className="settings__scim" aria-labelledby="lti-courses-title">
      <h3 id="lti-courses-title" className="settings__subheading">
        {t('lti.courses.title')}
      </h3>
      <p className="settings__legal-note">{t('lti.courses.note')}</p>
      {courses.length === 0 ? (
        <p className="settings__legal-note">{t('lti.courses.none')}</p>
      ) : (
        <div className="table-scroll">
          <table className="table table--stack" aria-label={t('lti.courses.title')}>
            <thead>
              <tr>
                <th scope="col">{t('lti.courses.course')}</th>
                <th scope="col">{t('lti.name')}</th>
                <th scope="col">{t('lti.courses.group')}</th>
                <th scope="col">{t('lti.courses.synced')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('lti.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {courses.map((course) => {
                const key = `${course.platformId}:${course.contextId}`;
                return (
                  <tr key={key}>
                    <td dir="auto">{course.title}</td>
                    <td data-label={t('lti.name')} dir="auto">
                      {nameOf(course.platformId)}
                    </td>
                    <td data-label={t('lti.courses.group')} dir="auto">
                      {course.groupName ?? '—'}
                    </td>
                    <td data-label={t('lti.courses.synced')}>
                      {course.syncedAt ? formatDateTime(course.syncedAt) : t('lti.courses.never')}
                    </td>
                    <td>
                      <div className="table__actions">
                        {course.canSync ? (
                          <Button
                            variant="secondary"
                            size="sm"
                            aria-label={t('lti.courses.syncLabel', { name: course.title })}
                            loading={syncing === key}
                            disabled={syncing !== null}
                            onClick={() => void sync(course)}
                          >
                            {t('lti.courses.sync')}
                          </Button>
                        ) : (
                          <span className="settings__legal-note">{t('lti.courses.noRoster')}</span>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
};
