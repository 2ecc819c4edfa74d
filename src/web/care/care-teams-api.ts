import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { careTeamTopic, myCareTeamsTopic } from '../../shared/care';
import type { CareHelperRole } from '../../shared/care';
import type { CareTeamEditInput, CareTeamStartInput } from '../../shared/care-teams';
import { queryKeyOf } from '../../shared/live-event';
import { call, client } from '../lib/api-client';
import { useFeatureMutation, type MutationCallbacks } from '../lib/feature-mutation';

// Care teams themselves (issue 27, part "teams"): my teams, a team's page, an invitation link's offer, and the
// changes to a team and who is on it. A team's queries sit under its live topic ('care-team:<id>') and my list
// under mine ('care-teams:<uid>'), so a change announced by the server refreshes every open page; after a change
// of its own the browser refreshes at once, without waiting for the event.

/** The live topics the server announces care teams' changes on (src/server/care/store.ts). */

export const myCareTeamsOptions = (uid: string) =>
  queryOptions({
    queryKey: [...queryKeyOf(myCareTeamsTopic(uid)), 'list'],
    queryFn: ({ signal }) => call(client.me['care-teams'].$get(undefined, { init: { signal } })),
  });

export const careTeamOptions = (teamId: number) =>
  queryOptions({
    queryKey: [...queryKeyOf(careTeamTopic(teamId)), 'team'],
    queryFn: ({ signal }) => call(client.care.teams[':id'].$get({ param: { id: String(teamId) } }, { init: { signal } })),
    retry: false,
  });

export const joinOfferOptions = (token: string) =>
  queryOptions({
    queryKey: ['care-join', token],
    queryFn: ({ signal }) => call(client.care.join[':token'].$get({ param: { token } }, { init: { signal } })),
    retry: false,
  });

/** Every care team query: a change to one team can change my list, and the other way round. */
const refreshCare = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['care-team'] }),
    queryClient.invalidateQueries({ queryKey: ['care-teams'] }),
    queryClient.invalidateQueries({ queryKey: ['care-join'] }),
  ]);

const id = (teamId: number) => ({ id: String(teamId) });

export function useStartCareTeam(callbacks?: MutationCallbacks<{ id: number; status: string }, CareTeamStartInput>) {
  return useFeatureMutation((input: CareTeamStartInput) => call(client.care.teams.$post({ json: input })), refreshCare, callbacks);
}

/** The family's answer to a team a point person started for it. */
export function useAnswerProposal(teamId: number, callbacks?: MutationCallbacks<unknown, boolean>) {
  return useFeatureMutation(
    (accept: boolean) =>
      call(
        accept
          ? client.care.teams[':id'].accept.$post({ param: id(teamId) })
          : client.care.teams[':id'].decline.$post({ param: id(teamId) }),
      ),
    refreshCare,
    callbacks,
  );
}

export function useEditCareTeam(teamId: number, callbacks?: MutationCallbacks<unknown, CareTeamEditInput>) {
  return useFeatureMutation(
    (input: CareTeamEditInput) => call(client.care.teams[':id'].$patch({ param: id(teamId), json: input })),
    refreshCare,
    callbacks,
  );
}

export function useEndCareTeam(teamId: number, callbacks?: MutationCallbacks<unknown, void>) {
  return useFeatureMutation(() => call(client.care.teams[':id'].end.$post({ param: id(teamId) })), refreshCare, callbacks);
}

export function useInviteMember(teamId: number, callbacks?: MutationCallbacks<unknown, { uid: string; role: CareHelperRole }>) {
  return useFeatureMutation(
    (input: { uid: string; role: CareHelperRole }) => call(client.care.teams[':id'].invitations.$post({ param: id(teamId), json: input })),
    refreshCare,
    callbacks,
  );
}

export function useCreateInviteLink(teamId: number, callbacks?: MutationCallbacks<{ url: string; expiresAt: string }, CareHelperRole>) {
  return useFeatureMutation(
    (role: CareHelperRole) => call(client.care.teams[':id']['invite-links'].$post({ param: id(teamId), json: { role } })),
    null,
    callbacks,
  );
}

export function useJoinByLink(token: string, callbacks?: MutationCallbacks<{ teamId: number }, void>) {
  return useFeatureMutation(() => call(client.care.join[':token'].$post({ param: { token } })), refreshCare, callbacks);
}

export function useAcceptInvitation(teamId: number, callbacks?: MutationCallbacks<unknown, void>) {
  return useFeatureMutation(() => call(client.care.teams[':id'].membership.accept.$post({ param: id(teamId) })), refreshCare, callbacks);
}

/** Decline an invitation, withdraw a request, or leave the team. */
export function useLeaveTeam(teamId: number, callbacks?: MutationCallbacks<unknown, void>) {
  return useFeatureMutation(() => call(client.care.teams[':id'].membership.$delete({ param: id(teamId) })), refreshCare, callbacks);
}

const member = (teamId: number, uid: string) => ({ id: String(teamId), uid: encodeURIComponent(uid) });

export function useApproveMember(teamId: number, callbacks?: MutationCallbacks<unknown, string>) {
  return useFeatureMutation(
    (uid: string) => call(client.care.teams[':id'].members[':uid'].approve.$post({ param: member(teamId, uid) })),
    refreshCare,
    callbacks,
  );
}

export function useChangeRole(teamId: number, callbacks?: MutationCallbacks<unknown, { uid: string; role: CareHelperRole }>) {
  return useFeatureMutation(
    ({ uid, role }: { uid: string; role: CareHelperRole }) =>
      call(client.care.teams[':id'].members[':uid'].$patch({ param: member(teamId, uid), json: { role } })),
    refreshCare,
    callbacks,
  );
}

export function useRemoveMember(teamId: number, callbacks?: MutationCallbacks<unknown, string>) {
  return useFeatureMutation(
    (uid: string) => call(client.care.teams[':id'].members[':uid'].$delete({ param: member(teamId, uid) })),
    refreshCare,
    callbacks,
  );
}

/** Members of the directory found by name, to invite (the directory's own search; its first page is enough). */
export const directorySearchOptions = (q: string) =>
  queryOptions({
    queryKey: ['directory', 'care-invite', q],
    queryFn: ({ signal }) => call(client.directory.$get({ query: { q } }, { init: { signal } })),
    enabled: q.length >= 2,
    staleTime: 30_000,
  });
