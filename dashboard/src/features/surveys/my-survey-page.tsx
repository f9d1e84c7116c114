import { ApiError, GENERIC_ERROR_MESSAGE } from '@coach/shared/client';
import { type MySurvey, type SurveyAnswers, surveys } from '@coach/shared/contract/surveys';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { i18n } from '../../i18n/index.ts';
import { api } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { useCall } from '../../lib/use-call.ts';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { T } from '../../ui/t.tsx';
import { surveyText } from './survey-messages.ts';
import { SurveyAnswersView, SurveyQuestionsForm } from './survey-questions.tsx';
import { SurveyStatusChip } from './survey-status.tsx';
import './surveys.css';

const BackLink = () => (
  <Link className="btn btn--secondary btn--md" to={paths.enterprise.myTasks}>
    <T ns="surveys" k="answer.back" />
  </Link>
);

/** What the member is told about their submission and the survey's state. */
const statusLine = ({ survey, response }: MySurvey) => {
  const t = i18n.getFixedT(null, 'surveys', 'answer');
  const answeredOn = response ? formatDateTime(response.updatedAt) : '';
  if (!survey.open) {
    const why = survey.status === 'Closed' ? 'closed' : 'unassigned';
    return response ? t(`${why}Answered`, { date: answeredOn }) : t(`${why}Unanswered`);
  }
  const due = survey.dueAt ? formatDateTime(survey.dueAt) : null;
  if (response)
    return due ? t('answeredDue', { date: answeredOn, due }) : t('answered', { date: answeredOn });
  return due ? t('requiredDue', { due }) : t('required');
};

/** /enterprise/my-tasks/survey/:id: the member answers a survey assigned to them, or reads their answers. */
export const MySurveyPage = () => {
  const { t } = useTranslation('surveys');
  const { id = '' } = useParams();
  const { state, setState, reload } = useCall(surveys.getMySurvey, { surveyId: id });
  const [serverError, setServerError] = useState<{ questionId?: string; message: string } | null>(null);
  // The thank-you stays in the card, not in a toast: a toast sat over the page header's back link for 4 s.
  const [saved, setSaved] = useState<string | null>(null);

  const submit = async (answers: SurveyAnswers) => {
    setServerError(null);
    setSaved(null);
    try {
      const { response, message } = await api.callWithMessage(surveys.submit, { surveyId: id, answers });
      setSaved(surveyText(message));
      setState({ status: 'ready', data: response });
    } catch (error) {
      if (error instanceof ApiError && error.field?.startsWith('answers.'))
        setServerError({
          questionId: error.field.slice('answers.'.length),
          message: surveyText(error.message.replace(/^answers\.[^:]+: /, '')),
        });
      else
        setServerError({
          message: error instanceof ApiError ? surveyText(error.message) : surveyText(GENERIC_ERROR_MESSAGE),
        });
      if (error instanceof ApiError && error.status === 409) reload();
    }
  };

  return (
    <div className="my-survey">
      <LoadStates state={state} reload={reload} what={t('what.survey')}>
        {(mine) => (
          <>
            <PageHeader
              title={mine.survey.title}
              description={mine.survey.description ?? undefined}
              actions={<BackLink />}
            />
            <Card className="my-survey__card">
              <p className="my-survey__status">
                <SurveyStatusChip status={mine.survey.status} /> {statusLine(mine)}
              </p>
              {mine.survey.open ? (
                <SurveyQuestionsForm
                  // A new submission resets the form to what was saved.
                  key={mine.response?.updatedAt ?? 'new'}
                  questions={mine.survey.questions}
                  initial={mine.response?.answers ?? {}}
                  submitLabel={mine.response ? t('answer.update') : t('answer.submit')}
                  submit={submit}
                  serverError={serverError}
                />
              ) : (
                <SurveyAnswersView questions={mine.survey.questions} answers={mine.response?.answers ?? {}} />
              )}
              {/* Under the form, where the member just pressed the button. */}
              {saved && (
                <p className="alert alert--success" role="status">
                  {saved}
                </p>
              )}
            </Card>
          </>
        )}
      </LoadStates>
    </div>
  );
};
