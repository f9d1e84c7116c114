import { ApiError } from '@coach/shared/client';
import { type MySurvey, type SurveyAnswers, surveys } from '@coach/shared/contract/surveys';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { i18n } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { useCall } from '../../lib/use-call.ts';
import { useContractForm } from '../../lib/use-contract-form.ts';
import { Card, PageHeader } from '../../ui/layout.tsx';
import { LoadStates } from '../../ui/load-states.tsx';
import { T } from '../../ui/t.tsx';
import { surveyText } from './survey-messages.ts';
import { answerField, SurveyAnswersView, SurveyQuestionsForm } from './survey-questions.tsx';
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
  const questions = state.status === 'ready' ? state.data.survey.questions : [];
  // Each question's refusal shows at it (the server names `answers.<question id>`), any other above the form.
  const { errors, saving, send } = useContractForm(questions.map((question) => answerField(question.id)));
  // The thank-you stays in the card, not in a toast: a toast sat over the page header's back link for 4 s.
  const [saved, setSaved] = useState<string | null>(null);
  // The form is drawn afresh from what was saved, so the button pressed is gone: the focus goes to the thank-you,
  // which comes into view (it was read out but left the keyboard at the page's top, out of sight on a phone).
  const thanks = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!saved) return;
    thanks.current?.focus();
    thanks.current?.scrollIntoView?.({ block: 'nearest' });
  }, [saved]);

  const submit = async (answers: SurveyAnswers) => {
    setSaved(null);
    await send(
      surveys.submit,
      { surveyId: id, answers },
      {
        toast: false,
        text: surveyText,
        onSuccess: (response, message) => {
          setSaved(message);
          setState({ status: 'ready', data: response });
        },
        // The survey changed meanwhile (closed, unassigned, questions edited): show it as it is now.
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) reload();
        },
      },
    );
  };

  return (
    <div className="my-survey">
      <LoadStates state={state} reload={reload} what={t('what.survey')}>
        {(mine) => (
          <>
            <PageHeader
              title={mine.survey.title}
              authored
              authoredDescription
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
                  saving={saving}
                  // A refusal of the whole answer or the survey's id has no question to show at.
                  errors={{ ...errors, form: errors.form ?? errors.answers ?? errors.surveyId }}
                />
              ) : (
                <SurveyAnswersView questions={mine.survey.questions} answers={mine.response?.answers ?? {}} />
              )}
              {/* Under the form, where the member just pressed the button. */}
              {saved && (
                <p ref={thanks} className="alert alert--success" role="status" tabIndex={-1}>
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
