import { assignablePeople } from '@coach/shared/contract/assignable-people';
import { surveys } from '@coach/shared/contract/surveys';
import { type Registration, serve } from '../adapter.ts';
import { assignablePeople as searchAssignable } from '../services/organisation/assignable-people.ts';
import * as mine from '../services/surveys/my-surveys.ts';
import * as audience from '../services/surveys/survey-audience.ts';
import * as editing from '../services/surveys/survey-editing.ts';
import * as results from '../services/surveys/survey-results.ts';

/** Surveys: the adapter has checked the `surveys` key, or only the login for a member's own calls. */
export const surveyRoutes: Registration[] = [
  serve(surveys.list, ({ ctx, input }) => editing.listSurveys(ctx, input)),
  serve(surveys.get, ({ ctx, input }) => editing.getSurvey(ctx, input)),
  serve(surveys.add, ({ ctx, input }) => editing.addSurvey(ctx, input)),
  serve(surveys.edit, ({ ctx, input }) => editing.editSurvey(ctx, input)),
  serve(surveys.publish, ({ ctx, input }) => editing.publishSurvey(ctx, input)),
  serve(surveys.close, ({ ctx, input }) => editing.closeSurvey(ctx, input)),
  serve(surveys.remove, ({ ctx, input }) => editing.deleteSurvey(ctx, input)),
  serve(surveys.assign, ({ ctx, input }) => audience.assignSurvey(ctx, input)),
  serve(surveys.unassign, ({ ctx, input }) => audience.unassignSurvey(ctx, input)),
  serve(surveys.results, ({ ctx, input }) => results.surveyResults(ctx, input)),
  serve(surveys.exportResults, ({ ctx, input }) => results.exportSurveyResults(ctx, input)),
  serve(surveys.mySurveys, ({ ctx }) => mine.mySurveys(ctx)),
  serve(surveys.getMySurvey, ({ ctx, input }) => mine.getMySurvey(ctx, input)),
  serve(surveys.submit, ({ ctx, input }) => mine.submitSurvey(ctx, input)),
  // The audience picker's own people search, so the surveys key alone is enough to assign.
  serve(assignablePeople.forSurveys, ({ ctx, input }) => searchAssignable(ctx, input)),
];
