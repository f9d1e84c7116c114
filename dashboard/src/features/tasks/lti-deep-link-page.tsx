import { LTI_PATHS, lti } from '@coach/shared/contract/lti';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { api } from '../../lib/api.ts';
import { apiErrorText } from '../../lib/api-error-text.ts';
import { useCall } from '../../lib/use-call.ts';
import { Button } from '../../ui/button.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { FormAlert } from '../../ui/states.tsx';
import { type PickedTask, TaskPicker } from './task-picker.tsx';
import { countOf } from './task-text.ts';
import './tasks.css';

/**
 * The browser's part of LTI Deep Linking: the answer's one-time code goes to the tool's own return page (a form
 * POST, as this page may post forms to its own origin only), which posts the signed answer on to the platform.
 */
const carryToPlatform = (code: string) => {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = LTI_PATHS.deepLinkReturn;
  form.hidden = true;
  const field = document.createElement('input');
  field.type = 'hidden';
  field.name = 'code';
  field.value = code;
  form.append(field);
  document.body.append(form);
  form.submit();
};

/**
 * /enterprise/lti/deep-link/:id: an instructor adding a Coach activity in their LMS course lands here (an LTI Deep
 * Linking request), picks tasks of the library (one, when the course takes one at a time), and goes back to the
 * course with them, or with nothing on Cancel.
 */
export const LtiDeepLinkPage = () => {
  const { t } = useTranslation('tasks');
  const { id = '' } = useParams();
  const { state, reload } = useCall(lti.deepLink, { deepLinkId: id });
  const [chosen, setChosen] = useState<PickedTask[]>([]);
  const [sending, setSending] = useState<'add' | 'cancel' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const answer = async (taskIds: string[], kind: 'add' | 'cancel') => {
    setSending(kind);
    setError(null);
    try {
      const { code } = await api.call(lti.answerDeepLink, { deepLinkId: id, taskIds });
      carryToPlatform(code);
    } catch (failure) {
      setError(apiErrorText(failure));
      setSending(null);
    }
  };

  return (
    <div className="tasks">
      <PageHeader
        title={t('deepLink.title')}
        description={
          state.status === 'ready'
            ? t(state.data.acceptMultiple ? 'deepLink.description' : 'deepLink.descriptionOne', {
                platform: state.data.platformName,
              })
            : undefined
        }
      />
      <LoadStates state={state} reload={reload} what={t('deepLink.what')}>
        {({ platformName, acceptMultiple }) => (
          <>
            <form
              className="bulk-assign bulk-assign--single"
              noValidate
              onSubmit={(event: FormEvent) => {
                event.preventDefault();
                if (chosen.length === 0) {
                  setError(t('deepLink.missing'));
                  return;
                }
                void answer(
                  chosen.map((task) => task._id),
                  'add',
                );
              }}
            >
              <Card title={t('deepLink.pick')}>
                <TaskPicker
                  selected={chosen}
                  single={!acceptMultiple}
                  onChange={(next) => {
                    setError(null);
                    setChosen(next);
                  }}
                />
              </Card>
              <div className="bulk-assign__submit">
                <FormAlert message={error} />
                <p className="bulk-assign__summary" aria-live="polite">
                  {chosen.length > 0
                    ? t('deepLink.summary', {
                        tasks: countOf('tasks', chosen.length),
                        platform: platformName,
                      })
                    : t('bulk.nothing')}
                </p>
                <Button
                  type="button"
                  variant="secondary"
                  loading={sending === 'cancel'}
                  disabled={sending !== null}
                  onClick={() => void answer([], 'cancel')}
                >
                  {t('deepLink.cancel')}
                </Button>
                <Button type="submit" loading={sending === 'add'} disabled={sending !== null}>
                  {t('deepLink.add')}
                </Button>
              </div>
            </form>
          </>
        )}
      </LoadStates>
    </div>
  );
};
