import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { careTeamTopic, myCareTeamsTopic } from '../../shared/care';
import type { CareClaimInput, CareTaskCreateInput, CareTaskEditInput } from '../../shared/care-calendar';
import { queryKeyOf } from '../../shared/live-event';
import { call, client } from '../lib/api-client';
import { useFeatureMutation, type MutationCallbacks } from '../lib/feature-mutation';

// The care calendar's data (issue 27, part 2). A team's keys start with its live topic ('care-team:<id>'), which
// the server announces every change of its calendar on, so useLive([careTeamTopic(id)]) refetches an open
// calendar at once; a member's next tasks start with their own topic ('care-teams:<uid>').

export const careCalendarKeys = {
  team: (teamId: number) => queryKeyOf(careTeamTopic(teamId)),
  calendar: (teamId: number, from: string | null) => [...queryKeyOf(careTeamTopic(teamId)), 'calendar', from ?? 'today'] as const,
  mine: (uid: string) => [...queryKeyOf(myCareTeamsTopic(uid)), 'care-tasks'] as const,
};

/** A team's calendar from a local date (null: from today, the server's four weeks). */
export const careCalendarOptions = (teamId: number, from: string | null) =>
  queryOptions({
    queryKey: careCalendarKeys.calendar(teamId, from),
    queryFn: ({ signal }) =>
      call(client.care.teams[':id'].calendar.$get({ param: { id: String(teamId) }, query: from ? { from } : {} }, { init: { signal } })),
    retry: false,
  });

/** My sign-ups of the next two weeks, and the teams where I may ask. */
export const myCareTasksOptions = (uid: string) =>
  queryOptions({
    queryKey: careCalendarKeys.mine(uid),
    queryFn: ({ signal }) => call(client.me['care-tasks'].$get(undefined, { init: { signal } })),
  });

const refreshTeam = (teamId: number) => (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: careCalendarKeys.team(teamId) }),
    queryClient.invalidateQueries({ queryKey: queryKeyOf('care-teams') }),
  ]);

export function useCreateCareTask(
  teamId: number,
  callbacks?: MutationCallbacks<{ id: number; date: string; time: string }, CareTaskCreateInput>,
) {
  return useFeatureMutation(
    (input: CareTaskCreateInput) => call(client.care.teams[':id'].tasks.$post({ param: { id: String(teamId) }, json: input })),
    refreshTeam(teamId),
    callbacks,
  );
}

export function useEditCareTask(teamId: number, taskId: number, callbacks?: MutationCallbacks<unknown, CareTaskEditInput>) {
  return useFeatureMutation(
    (input: CareTaskEditInput) =>
      call(client.care.teams[':id'].tasks[':taskId'].$patch({ param: { id: String(teamId), taskId: String(taskId) }, json: input })),
    refreshTeam(teamId),
    callbacks,
  );
}

export function useCancelCareTask(teamId: number, callbacks?: MutationCallbacks<unknown, number>) {
  return useFeatureMutation(
    (taskId: number) => call(client.care.teams[':id'].tasks[':taskId'].$delete({ param: { id: String(teamId), taskId: String(taskId) } })),
    refreshTeam(teamId),
    callbacks,
  );
}

export function useSkipCareDate(teamId: number, callbacks?: MutationCallbacks<unknown, { taskId: number; occursOn: string }>) {
  return useFeatureMutation(
    ({ taskId, occursOn }: { taskId: number; occursOn: string }) =>
      call(
        client.care.teams[':id'].tasks[':taskId'].skips.$post({
          param: { id: String(teamId), taskId: String(taskId) },
          json: { occursOn },
        }),
      ),
    refreshTeam(teamId),
    callbacks,
  );
}

export function useClaimCareTask(teamId: number, callbacks?: MutationCallbacks<{ id: number }, { taskId: number; input: CareClaimInput }>) {
  return useFeatureMutation(
    ({ taskId, input }: { taskId: number; input: CareClaimInput }) =>
      call(client.care.teams[':id'].tasks[':taskId'].claims.$post({ param: { id: String(teamId), taskId: String(taskId) }, json: input })),
    refreshTeam(teamId),
    callbacks,
  );
}

export function useWithdrawCareClaim(teamId: number, callbacks?: MutationCallbacks<unknown, number>) {
  return useFeatureMutation(
    (claimId: number) =>
      call(client.care.teams[':id'].claims[':claimId'].$delete({ param: { id: String(teamId), claimId: String(claimId) } })),
    refreshTeam(teamId),
    callbacks,
  );
}
