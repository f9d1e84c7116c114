import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { type Survey, surveys } from '@coach/shared/contract/surveys';
import { truncateText } from '@coach/shared/format/truncate-text';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { formatNumber } from '../../i18n/format.ts';
import { i18n } from '../../i18n/index.ts';
import { api } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { notify } from '../../lib/notify.ts';
import { useCall } from '../../lib/use-call.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { FormAlert } from '../../ui/states.tsx';
import { T } from '../../ui/t.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { PublishSurveyDialog } from './publish-survey-dialog.tsx';
import { SurveyAudience } from './survey-audience.tsx';
import { SurveyForm } from './survey-form.tsx';
import { surveyText } from './survey-messages.ts';
import { MANAGE_TABS, type ManageTab, manageSurveyPath } from './survey-paths.ts';
import { SurveyQuestionsForm, SurveyQuestionsSummary } from './survey-questions.tsx';
import { SurveyResultsView } from './survey-results.tsx';
import { SurveyStatusChip } from './survey-status.tsx';
import './surveys.css';

const isTab = (value: string | null): value is ManageTab => MANAGE_TABS.some((tab) => tab === value);

const BackLink = () => (
  <Link className="btn btn--secondary btn--md" to={paths.enterprise.surveys}>
    <T ns="surveys" k="manage.back" />
  </Link>
);

/** What the member sees, answerable, with a submit that saves nothing. */
const SurveyPreview = ({ survey }: { survey: Survey }) => {
  const { t } = useTranslation('surveys');
  return (
    <Card className="survey-preview" aria-label={t('preview.label')}>
      <p className="survey-preview__note">{t('preview.note')}</p>
      <h2 className="survey-preview__title">{survey.title}</h2>
      {survey.description ? <p className="survey-preview__description">{survey.description}</p> : null}
      {survey.questions.length === 0 ? (
        <p className="survey-preview__note">{t('preview.empty')}</p>
      ) : (
        <SurveyQuestionsForm
          key={survey.updatedAt}
          questions={survey.questions}
          initial={{}}
          submitLabel={t('preview.submit')}
          submit={async () => {
            notify.success(t('preview.done'));
          }}
        />
      )}
    </Card>
  );
};

type Confirming = 'publish' | 'close' | 'delete' | null;

const statusLine = (survey: Survey) => {
  const t = i18n.getFixedT(null, 'surveys', 'manage');
  if (survey.status === 'Draft') return t('statusDraft');
  if (survey.status === 'Closed') return t('statusClosed', { date: formatDateTime(survey.closedAt) });
  return survey.dueAt ? t('statusActiveDue', { date: formatDateTime(survey.dueAt) }) : t('statusActive');
};

/** An existing survey: its questions, who has it, the member's view and the results, by tab. */
const ExistingSurvey = ({ id }: { id: string }) => {
  const { t } = useTranslation('surveys');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: ManageTab = isTab(tabParam) ? tabParam : 'questions';
  const { state, setState, reload } = useCall(surveys.get, { surveyId: id });
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  const update = (survey: Survey) => setState({ status: 'ready', data: survey });
  const act = async (work: () => Promise<{ response: Survey; message: string }>) => {
    setBusy(true);
    setActionError(null);
    try {
      const { response, message } = await work();
      notify.success(surveyText(message));
      update(response);
      setConfirming(null);
    } catch (error) {
      const message = error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE;
      setActionError(surveyText(message.replace(/^questions: /, '')));
      setConfirming(null);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      await api.call(surveys.remove, { surveyId: id });
      notify.success(t('delete.done'));
      navigate(paths.enterprise.surveys);
    } catch (error) {
      notify.error(error instanceof ApiError ? surveyText(error.message) : GENERIC_ERROR_MESSAGE);
      setConfirming(null);
    } finally {
      setBusy(false);
    }
  };
  const chooseTab = (next: ManageTab) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        if (next === 'questions') out.delete('tab');
        else out.set('tab', next);
        return out;
      },
      { replace: true },
    );

  return (
    <div className="surveys">
      <LoadStates state={state} reload={reload} what={t('what.survey')}>
        {(survey) => (
          <>
            <PageHeader
              title={truncateText(survey.title)}
              description={
                <>
                  <SurveyStatusChip status={survey.status} /> {statusLine(survey)}
                </>
              }
              actions={
                <>
                  <BackLink />
                  {survey.status === 'Draft' ? (
                    <Button onClick={() => setConfirming('publish')}>{t('manage.publish')}</Button>
                  ) : null}
                  {survey.status === 'Active' ? (
                    <Button variant="secondary" onClick={() => setConfirming('close')}>
                      {t('manage.close')}
                    </Button>
                  ) : null}
                  <Button variant="ghost" onClick={() => setConfirming('delete')}>
                    {t('manage.delete')}
                  </Button>
                </>
              }
            />
            <FormAlert message={actionError ?? undefined} />
            <Tabs
              label={t('manage.sections')}
              value={tab}
              onValueChange={chooseTab}
              tabs={MANAGE_TABS.map((value) => ({ value, label: t(`manage.tabs.${value}`) }))}
            >
              {tab === 'questions' ? (
                survey.status === 'Closed' ? (
                  <Card title={t('manage.questions')}>
                    <p className="survey-form__note">{t('manage.closedNote')}</p>
                    <SurveyQuestionsSummary questions={survey.questions} />
                  </Card>
                ) : (
                  <SurveyForm
                    key={survey.updatedAt}
                    survey={survey}
                    questionsLocked={survey.status === 'Active' && survey.responseCount > 0}
                    onSaved={update}
                  />
                )
              ) : null}
              {tab === 'audience' ? <SurveyAudience survey={survey} onChanged={update} /> : null}
              {tab === 'preview' ? <SurveyPreview survey={survey} /> : null}
              {tab === 'results' ? <SurveyResultsView survey={survey} /> : null}
            </Tabs>
            {confirming === 'publish' ? (
              <PublishSurveyDialog
                survey={survey}
                busy={busy}
                onPublish={() => void act(() => api.callWithMessage(surveys.publish, { surveyId: id }))}
                onAssignFirst={() => {
                  setConfirming(null);
                  chooseTab('audience');
                }}
                onCancel={() => setConfirming(null)}
              />
            ) : null}
            {confirming === 'close' ? (
              <ConfirmDialog
                title={t('manage.closeTitle')}
                description={t('manage.closeText')}
                confirmLabel={t('manage.close')}
                busy={busy}
                onConfirm={() => void act(() => api.callWithMessage(surveys.close, { surveyId: id }))}
                onCancel={() => setConfirming(null)}
              />
            ) : null}
            {confirming === 'delete' ? (
              <ConfirmDialog
                title={t('delete.title', { title: truncateText(survey.title, 60) })}
                description={
                  survey.responseCount > 0
                    ? t('delete.withResponses', {
                        count: survey.responseCount,
                        value: formatNumber(survey.responseCount),
                      })
                    : t('delete.noResponses')
                }
                confirmLabel={t('delete.confirm')}
                busy={busy}
                onConfirm={() => void remove()}
                onCancel={() => setConfirming(null)}
              />
            ) : null}
          </>
        )}
      </LoadStates>
    </div>
  );
};

/** /enterprise/surveys/manage/:id?: a new survey (no id), or an existing one by tab. */
export const ManageSurveyPage = () => {
  const { t } = useTranslation('surveys');
  const { id } = useParams();
  const navigate = useNavigate();
  if (id) return <ExistingSurvey key={id} id={id} />;
  return (
    <div className="surveys">
      <PageHeader title={t('manage.newTitle')} description={t('manage.newText')} actions={<BackLink />} />
      <SurveyForm
        survey={null}
        questionsLocked={false}
        onSaved={(saved) => navigate(manageSurveyPath(saved._id))}
      />
    </div>
  );
};
