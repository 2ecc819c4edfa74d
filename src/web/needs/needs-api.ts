import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { queryKeyOf } from '../../shared/live-event';
import type { NeedInput, NeedKind, NeedUrgency } from '../../shared/needs';
import type { MyNeed, NeedBoardRadius, NeedEditInput } from '../../shared/needs-board';
import type { StateCode } from '../../shared/states';
import { call, client } from '../lib/api-client';
import { useFeatureMutation, type MutationCallbacks } from '../lib/feature-mutation';
import type { Locale } from '../../shared/i18n/locale';

// The needs board's data (issue 26). Every key starts with 'needs', the live topic the server announces each
// change of a need, its items and its commitments on: useLive(['needs']) refetches every open page at once.

/** A search of the board, as the page's address holds it. */
export type NeedSearch = {
  show: 'open' | 'closed';
  zip: string;
  radius: NeedBoardRadius;
  sort: 'nearest' | 'newest';
  kind: NeedKind | '';
  state: StateCode | '';
  urgency: NeedUrgency | '';
  q: string;
  language: Locale | '';
  page: number;
};

const NEEDS = 'needs';
export const needKeys = {
  all: () => queryKeyOf(NEEDS),
  board: (search: NeedSearch) => [...queryKeyOf(NEEDS), 'board', search] as const,
  page: (id: number) => [...queryKeyOf(NEEDS), 'page', id] as const,
  fields: (id: number) => [...queryKeyOf(NEEDS), 'fields', id] as const,
  mine: () => [...queryKeyOf(NEEDS), 'mine'] as const,
};

/** The board's query parameters: only what is chosen, a distance only with a ZIP code. */
export function boardQueryOf(search: NeedSearch): Record<string, string> {
  const query: Record<string, string> = {};
  if (search.show !== 'open') query.show = search.show;
  if (search.zip) {
    query.zip = search.zip;
    query.radius = String(search.radius);
    if (search.sort === 'newest') query.sort = 'newest';
  }
  if (search.kind) query.kind = search.kind;
  if (search.state) query.state = search.state;
  if (search.urgency) query.urgency = search.urgency;
  if (search.q) query.q = search.q;
  if (search.language) query.language = search.language;
  if (search.page > 1) query.page = String(search.page);
  return query;
}

export function needBoardOptions(search: NeedSearch) {
  return queryOptions({
    queryKey: needKeys.board(search),
    queryFn: ({ signal }) => call(client.needs.$get({ query: boardQueryOf(search) }, { init: { signal } })),
    // A search refused for its input (an unknown ZIP code) is refused again.
    retry: false,
  });
}

export function needPageOptions(id: number) {
  return queryOptions({
    queryKey: needKeys.page(id),
    queryFn: ({ signal }) => call(client.needs[':id'].$get({ param: { id: String(id) } }, { init: { signal } })),
    retry: false,
  });
}

export function needFieldsOptions(id: number) {
  return queryOptions({
    queryKey: needKeys.fields(id),
    queryFn: ({ signal }) => call(client.needs[':id'].edit.$get({ param: { id: String(id) } }, { init: { signal } })),
    retry: false,
    staleTime: 0,
  });
}

export const myNeedsOptions = queryOptions({
  queryKey: needKeys.mine(),
  queryFn: ({ signal }) => call(client.me.needs.$get(undefined, { init: { signal } })),
  staleTime: 0,
});

const refreshNeeds = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: needKeys.all() });

export function useAskNeed(callbacks?: MutationCallbacks<MyNeed, NeedInput>) {
  return useFeatureMutation((input: NeedInput) => call(client.needs.$post({ json: input })), refreshNeeds, callbacks);
}

type Edit = { id: number; input: NeedEditInput };
export function useEditNeed(callbacks?: MutationCallbacks<Awaited<ReturnType<typeof editNeed>>, Edit>) {
  return useFeatureMutation(editNeed, refreshNeeds, callbacks);
}
function editNeed({ id, input }: Edit) {
  return call(client.needs[':id'].$patch({ param: { id: String(id) }, json: input }));
}

/** The churches the member keeps (GET /api/me/church), for "Asking for"; under 'churches', refreshed with them. */
export const keptChurchesOptions = queryOptions({
  queryKey: ['churches', 'me'],
  queryFn: ({ signal }) => call(client.me.church.$get(undefined, { init: { signal } })),
  staleTime: 0,
});
