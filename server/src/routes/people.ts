import { assignablePeople } from '@coach/shared/contract/assignable-people';
import { groups } from '@coach/shared/contract/groups';
import { members } from '@coach/shared/contract/members';
import { type Registration, serve } from '../adapter.ts';
import { assignablePeople as searchAssignable } from '../services/organisation/assignable-people.ts';
import * as groupService from '../services/organisation/groups.ts';
import * as invitationService from '../services/organisation/invitations.ts';
import * as memberService from '../services/organisation/members.ts';
import { getMemberSpeechTrend } from '../services/speech/speech-trend.ts';

/** Groups and the member list; the adapter has checked the `groups` / `members` key. */
export const peopleRoutes: Registration[] = [
  // The assign pickers of the task and content libraries (task-library / content-library key).
  serve(assignablePeople.forTasks, ({ ctx, input }) => searchAssignable(ctx, input)),
  serve(assignablePeople.forContent, ({ ctx, input }) => searchAssignable(ctx, input)),
  serve(groups.list, ({ ctx, input }) => groupService.listGroups(ctx, input)),
  serve(groups.get, ({ ctx, input }) => groupService.getGroup(ctx, input)),
  serve(groups.add, ({ ctx, input }) => groupService.addGroup(ctx, input)),
  serve(groups.edit, ({ ctx, input }) => groupService.editGroup(ctx, input)),
  serve(groups.remove, ({ ctx, input }) => groupService.deleteGroup(ctx, input)),
  serve(members.list, ({ ctx, input }) => memberService.listMembers(ctx, input)),
  serve(members.update, ({ ctx, input }) => memberService.updateMember(ctx, input)),
  serve(members.changeStatus, ({ ctx, input }) => memberService.changeMemberStatus(ctx, input)),
  serve(members.remove, ({ ctx, input }) => memberService.deleteMember(ctx, input)),
  serve(members.get, ({ ctx, input }) => memberService.getMember(ctx, input)),
  serve(members.speechTrend, ({ ctx, input }) => getMemberSpeechTrend(ctx, input)),
  serve(members.invite, ({ ctx, input }) => invitationService.inviteMember(ctx, input)),
  serve(members.resendInvite, ({ ctx, input }) => invitationService.resendInvite(ctx, input)),
  serve(members.importCsv, ({ ctx, input }) => invitationService.importMembers(ctx, input)),
];
