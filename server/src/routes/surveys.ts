import { assignablePeople } from '@coach/shared/contract/assignable-people';
import { surveys } from '@coach/shared/contract/surveys';
import { type Registration, serve } from '../adapter.ts';
import { assignablePeople as searchAssignable } from '../services/organisation/assignable-people.ts';
import * as service from '../services/surveys/surveys.ts';

/** Surveys (issue 17): the adapter has checked the `surveys` key, or only the login for a member's own calls. */
export const surveyRoutes: Registration[] = [
  serve(surveys.list, ({ ctx, input }) => service.listSurveys(ctx, input)),
  serve(surveys.get, ({ ctx, input }) => service.getSurvey(ctx, input)),
  serve(surveys.add, ({ ctx, input }) => service.addSurvey(ctx, input)),
  serve(surveys.edit, ({ ctx, input }) => service.editSurvey(ctx, input)),
  serve(surveys.publish, ({ ctx, input }) => service.publishSurvey(ctx, input)),
  serve(surveys.close, ({ ctx, input }) => service.closeSurvey(ctx, input)),
  serve(surveys.remove, ({ ctx, input }) => service.deleteSurvey(ctx, input)),
  serve(surveys.assign, ({ ctx, input }) => service.assignSurvey(ctx, input)),
  serve(surveys.unassign, ({ ctx, input }) => service.unassignSurvey(ctx, input)),
  serve(surveys.results, ({ ctx, input }) => service.surveyResults(ctx, input)),
  serve(surveys.exportResults, ({ ctx, input }) => service.exportSurveyResults(ctx, input)),
  serve(surveys.mySurveys, ({ ctx }) => service.mySurveys(ctx)),
  serve(surveys.getMySurvey, ({ ctx, input }) => service.getMySurvey(ctx, input)),
  serve(surveys.submit, ({ ctx, input }) => service.submitSurvey(ctx, input)),
  // The audience picker's own people search, so the surveys key alone is enough to assign.
  serve(assignablePeople.forSurveys, ({ ctx, input }) => searchAssignable(ctx, input)),
];
