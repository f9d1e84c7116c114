import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { type Survey, surveys } from '@coach/shared/contract/surveys';
import { truncateText } from '@coach/shared/format/truncate-text';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { api } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { notify } from '../../lib/notify.ts';
import { useLoad } from '../../lib/use-load.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { FormAlert } from '../../ui/states.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { SurveyAudience } from './survey-audience.tsx';
import { SurveyForm } from './survey-form.tsx';
import { MANAGE_TABS, type ManageTab, manageSurveyPath } from './survey-paths.ts';
import { SurveyQuestionsForm, SurveyQuestionsSummary } from './survey-questions.tsx';
import { SurveyResultsView } from './survey-results.tsx';
import { SurveyStatusChip } from './survey-status.tsx';
import './surveys.css';

const TAB_LABELS: Record<ManageTab, string> = {
  questions: 'Questions',
  audience: 'Assign',
  preview: 'Preview',
  results: 'Results',
};
const isTab = (value: string | null): value is ManageTab => MANAGE_TABS.some((tab) => tab === value);

const BackLink = () => (
  <Link className="btn btn--secondary btn--md" to={paths.enterprise.surveys}>
    Back to surveys
  </Link>
);

/** What the member sees, answerable, with a submit that saves nothing. */
const SurveyPreview = ({ survey }: { survey: Survey }) => (
  <Card className="survey-preview" aria-label="Preview">
    <p className="survey-preview__note">
      This is how members see the survey. Try it: answers given here are not saved.
    </p>
    <h2 className="survey-preview__title">{survey.title}</h2>
    {survey.description ? <p className="survey-preview__description">{survey.description}</p> : null}
    {survey.questions.length === 0 ? (
      <p className="survey-preview__note">Add questions to see them here.</p>
    ) : (
      <SurveyQuestionsForm
        key={survey.updatedAt}
        questions={survey.questions}
        initial={{}}
        submitLabel="Submit answers"
        submit={async () => {
          notify.success('Preview: every required question is answered. Nothing was saved.');
        }}
      />
    )}
  </Card>
);

type Confirming = 'close' | 'delete' | null;

const statusLine = (survey: Survey) => {
  if (survey.status === 'Draft') return 'Draft: members do not see it until you publish it.';
  if (survey.status === 'Closed')
    return `Closed ${formatDateTime(survey.closedAt)}: it takes no more answers.`;
  return survey.dueAt
    ? `Active: members answer it until ${formatDateTime(survey.dueAt)}.`
    : 'Active: members answer it until you close it.';
};

/** An existing survey: its questions, who has it, the member's view and the results, by tab (issue 17). */
const ExistingSurvey = ({ id }: { id: string }) => {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: ManageTab = isTab(tabParam) ? tabParam : 'questions';
  const { state, setState, reload } = useLoad(id, () => api.call(surveys.get, { surveyId: id }));
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  const update = (survey: Survey) => setState({ status: 'ready', data: survey });
  const act = async (work: () => Promise<{ response: Survey; message: string }>) => {
    setBusy(true);
    setActionError(null);
    try {
      const { response, message } = await work();
      notify.success(message);
      update(response);
      setConfirming(null);
    } catch (error) {
      const message = error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE;
      setActionError(message.replace(/^questions: /, ''));
      setConfirming(null);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      await api.call(surveys.remove, { surveyId: id });
      notify.success('Survey deleted');
      navigate(paths.enterprise.surveys);
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE);
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
      <LoadStates state={state} reload={reload} what="the survey">
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
                    <Button
                      loading={busy}
                      onClick={() => void act(() => api.callWithMessage(surveys.publish, { surveyId: id }))}
                    >
                      Publish
                    </Button>
                  ) : null}
                  {survey.status === 'Active' ? (
                    <Button variant="secondary" onClick={() => setConfirming('close')}>
                      Close survey
                    </Button>
                  ) : null}
                  <Button variant="ghost" onClick={() => setConfirming('delete')}>
                    Delete
                  </Button>
                </>
              }
            />
            <FormAlert message={actionError ?? undefined} />
            <Tabs
              label="Survey sections"
              value={tab}
              onValueChange={chooseTab}
              tabs={MANAGE_TABS.map((value) => ({ value, label: TAB_LABELS[value] }))}
            >
              {tab === 'questions' ? (
                survey.status === 'Closed' ? (
                  <Card title="Questions">
                    <p className="survey-form__note">A closed survey stays as it was.</p>
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
            {confirming === 'close' ? (
              <ConfirmDialog
                title="Close this survey?"
                description="Members can no longer answer it or change their answers. The results stay."
                confirmLabel="Close survey"
                busy={busy}
                onConfirm={() => void act(() => api.callWithMessage(surveys.close, { surveyId: id }))}
                onCancel={() => setConfirming(null)}
              />
            ) : null}
            {confirming === 'delete' ? (
              <ConfirmDialog
                title={`Delete ${truncateText(survey.title, 60)}?`}
                description={
                  survey.responseCount > 0
                    ? `The survey and its ${survey.responseCount} response${survey.responseCount === 1 ? '' : 's'} are removed for good.`
                    : 'The survey is removed for good.'
                }
                confirmLabel="Delete survey"
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

/** /enterprise/surveys/manage/:id?: a new survey (no id), or an existing one by tab (issue 17). */
export const ManageSurveyPage = () => {
  const { id } = useParams();
  const navigate = useNavigate();
  if (id) return <ExistingSurvey key={id} id={id} />;
  return (
    <div className="surveys">
      <PageHeader
        title="New survey"
        description="Write the questions and save a draft; then assign it and publish it."
        actions={<BackLink />}
      />
      <SurveyForm
        survey={null}
        questionsLocked={false}
        onSaved={(saved) => navigate(manageSurveyPath(saved._id))}
      />
    </div>
  );
};
