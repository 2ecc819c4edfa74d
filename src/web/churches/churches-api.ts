import { queryOptions } from '@tanstack/react-query';
import type { ChurchLanguage, ChurchOffer, ChurchRadius } from '../../shared/churches';
import type { ContactInput } from '../../shared/contact';
import type { StateCode } from '../../shared/states';
import { call, client } from '../lib/api-client';

/** A search of the finder, as the page's address holds it. */
export type ChurchSearch =
  | { by: 'zip'; zip: string; radius: ChurchRadius; offers: ChurchOffer[]; language: ChurchLanguage | '' }
  | { by: 'state'; state: StateCode; offers: ChurchOffer[]; language: ChurchLanguage | '' };

// Under 'churches', the live topic of every change to a church: an open page refetches when one is announced.
export const churchKeys = {
  all: () => ['churches'] as const,
  search: (search: ChurchSearch) => [...churchKeys.all(), 'search', search] as const,
  page: (id: number) => [...churchKeys.all(), 'page', id] as const,
};

export function churchSearchOptions(search: ChurchSearch) {
  return queryOptions({
    queryKey: churchKeys.search(search),
    queryFn: ({ signal }) => {
      const filters = { offers: search.offers.length > 0 ? search.offers.join(',') : undefined, language: search.language || undefined };
      const query =
        search.by === 'zip' ? { zip: search.zip, radius: String(search.radius), ...filters } : { state: search.state, ...filters };
      return call(client.churches.$get({ query }, { init: { signal } }));
    },
    // A search that failed for its input (an unknown ZIP code) fails the same way again.
    retry: false,
  });
}

export function churchPageOptions(id: number) {
  return queryOptions({
    queryKey: churchKeys.page(id),
    queryFn: ({ signal }) => call(client.churches[':id'].$get({ param: { id: String(id) } }, { init: { signal } })),
    retry: false,
  });
}

/** "Contact this church": the server mails its point persons; their addresses never reach the browser. */
export function contactChurch(id: number, input: ContactInput) {
  return call(client.churches[':id'].contact.$post({ param: { id: String(id) }, json: input }));
}
