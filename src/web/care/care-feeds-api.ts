import { queryOptions } from '@tanstack/react-query';
import type { AnniversaryAnswer, AnniversaryState, CalendarFeedCreated, CalendarFeedStatus } from '../../shared/care-feeds';
import { queryKeyOf } from '../../shared/live-event';
import { call, client } from '../lib/api-client';
import { useFeatureMutation, type AfterSuccess, type MutationCallbacks } from '../lib/feature-mutation';

// Care teams' calendar feed and the anniversary question (issue 27). The question's key starts with the team's
// live topic ('care-team:<id>'), so the team page's useLive refreshes it when the job asks or the family answers.

export const careFeedKeys = {
  feed: () => ['calendar-feed', 'mine'] as const,
  anniversary: (teamId: number) => [...queryKeyOf(`care-team:${teamId}`), 'anniversary'] as const,
};

export const calendarFeedOptions = queryOptions({
  queryKey: careFeedKeys.feed(),
  queryFn: ({ signal }) => call(client.me['calendar-feed'].$get(undefined, { init: { signal } })),
});

/** The feed's state after a change: written into the cache (the new address is the mutation's own answer). */
const keepStatus: AfterSuccess<CalendarFeedCreated | CalendarFeedStatus, unknown> = (queryClient, now) =>
  queryClient.setQueryData<CalendarFeedStatus>(careFeedKeys.feed(), 'url' in now ? { active: true, createdAt: now.createdAt } : now);

export function useRenewCalendarFeed(callbacks?: MutationCallbacks<CalendarFeedCreated, void>) {
  return useFeatureMutation(() => call(client.me['calendar-feed'].$post()), keepStatus, callbacks);
}

export function useStopCalendarFeed(callbacks?: MutationCallbacks<CalendarFeedStatus, void>) {
  return useFeatureMutation(() => call(client.me['calendar-feed'].$delete()), keepStatus, callbacks);
}

export function anniversaryOptions(teamId: number) {
  return queryOptions({
    queryKey: careFeedKeys.anniversary(teamId),
    queryFn: ({ signal }) => call(client.care.teams[':id'].anniversary.$get({ param: { id: String(teamId) } }, { init: { signal } })),
    retry: false,
  });
}

export function useAnswerAnniversary(teamId: number, callbacks?: MutationCallbacks<AnniversaryState, AnniversaryAnswer>) {
  return useFeatureMutation(
    (answer: AnniversaryAnswer) => call(client.care.teams[':id'].anniversary.$post({ param: { id: String(teamId) }, json: answer })),
    (queryClient, now) => queryClient.setQueryData(careFeedKeys.anniversary(teamId), now),
    callbacks,
  );
}
