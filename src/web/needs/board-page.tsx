import { Alert, Button, Group, NativeSelect, Text, TextInput, Title } from '@mantine/core';
import { useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { NEED_KIND_CODES, NEED_KINDS, NEED_URGENCIES, NEED_URGENCY_CODES, type NeedListing } from '../../shared/needs';
import { NEED_BOARD_DEFAULT_RADIUS, NEED_BOARD_RADII, type NeedBoard, type NeedBoardRadius } from '../../shared/needs-board';
import { STATE_CODES, US_STATES, type StateCode } from '../../shared/states';
import { LanguageFilter, languageParam, useWrittenLang } from '../app/content-language';
import { AppLink } from '../app/navigation';
import { Page } from '../app/page';
import { Pager } from '../app/pager';
import { isApiRequestError } from '../lib/api';
import { useMe } from '../lib/me-query';
import { useLive } from '../live';
import { NeedBadges, NeedProgress } from './need-progress';
import { boardQueryOf, needBoardOptions, type NeedSearch } from './needs-api';
import { dollars } from './need-words';
import classes from './needs.module.css';
import { SimpleGrid } from '../app/simple-grid';
import { EmptyIllustration } from '../illustrations';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : '';

/** The search the address holds (shareable: the map's state panel links to /needs?state=XX). */
function searchOf(params: URLSearchParams): NeedSearch {
  const radius = Number(params.get('radius'));
  const page = Number(params.get('page'));
  return {
    show: params.get('show') === 'closed' ? 'closed' : 'open',
    zip: params.get('zip')?.trim() ?? '',
    radius: (NEED_BOARD_RADII as readonly number[]).includes(radius) ? (radius as NeedBoardRadius) : NEED_BOARD_DEFAULT_RADIUS,
    sort: params.get('sort') === 'newest' ? 'newest' : 'nearest',
    kind: oneOf(NEED_KIND_CODES, params.get('kind')),
    state: oneOf(STATE_CODES, params.get('state')?.toUpperCase() ?? null),
    urgency: oneOf(NEED_URGENCY_CODES, params.get('urgency')),
    q: params.get('q')?.trim() ?? '',
    language: languageParam(params.get('language')),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** What the search found, in one sentence: how many, and near where; or, when none, what to try. */
function foundLine(i18n: I18n, search: NeedSearch, found: NeedBoard): string {
  const o = found.origin;
  const near = o ? { radius: found.radius ?? 0, zip: o.zip, place: `${o.city}, ${o.state}` } : null;
  if (found.total > 0) {
    const count = found.total;
    return near
      ? i18n._('{count, plural, one {# need} other {# needs}} within {radius} miles of {zip} ({place}).', {
          count,
          radius: near.radius,
          zip: near.zip,
          place: near.place,
        })
      : i18n._('{count, plural, one {# need} other {# needs}}.', { count });
  }
  const none =
    search.show === 'open'
      ? near
        ? i18n._('No open needs within {radius} miles of {zip} ({place}) match.', near)
        : i18n._('No open needs match.')
      : near
        ? i18n._('No closed needs within {radius} miles of {zip} ({place}) match.', near)
        : i18n._('No closed needs match.');
  const hint = search.zip && search.radius < 100 ? i18n._('Try a larger distance, or fewer filters.') : i18n._('Try fewer filters.');
  return `${none} ${hint}`;
}

/** /needs (product.md §13): open needs, nearest a ZIP code or newest first, filtered; live as needs change. */
export default function BoardPage() {
  const { i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const search = searchOf(params);
  const me = useMe();
  useLive(['needs']);
  const found = useQuery(needBoardOptions(search));
  const fieldErrors = isApiRequestError(found.error) ? found.error.fieldErrors : undefined;
  const go = (s: NeedSearch) => setParams(boardQueryOf(s));

  return (
    <Page title={i18n._('Needs of foster families')} documentTitle={i18n._('Needs')} size="lg">
      <Text mb="sm" maw="65ch">
        {i18n._(
          "Concrete needs of foster families near you, each approved by the network's team or an agency supervisor: a bed, a week of meals, rides, a night of respite. Commit to what you can give, and the family is told at once.",
        )}
      </Text>
      <Group mb="lg" gap="sm">
        <AppLink to={me ? '/needs/new' : '/signin'}>{me ? i18n._('Ask for a need') : i18n._('Sign in to ask for a need')}</AppLink>
        {me ? <AppLink to="/needs/mine">{i18n._('Your requests')}</AppLink> : null}
      </Group>
      <SearchForm key={params.toString()} search={search} errors={fieldErrors} onSearch={go} />
      <section aria-labelledby="results-title" className={classes.results}>
        <Title order={2} id="results-title" size="h3" mb="sm">
          {search.show === 'open' ? i18n._('Open needs') : i18n._('Closed needs')}
        </Title>
        {found.isPending ? (
          <Text role="status">{i18n._('Searching…')}</Text>
        ) : found.isError ? (
          fieldErrors ? (
            <Text c="dimmed">{i18n._('Check the search above.')}</Text>
          ) : (
            <Alert color="red" variant="light">
              {isApiRequestError(found.error) && found.error.status < 500
                ? found.error.message
                : i18n._('The search failed. Please try again.')}
            </Alert>
          )
        ) : (
          <>
            {found.data.needs.length === 0 ? <EmptyIllustration /> : null}
            <Text role="status" mb="md">
              {foundLine(i18n, search, found.data)}
            </Text>
            <ul className={classes.list}>
              {found.data.needs.map((n) => (
                <li key={n.id}>
                  <NeedCard need={n} />
                </li>
              ))}
            </ul>
            <Pager
              page={found.data.page}
              pages={Math.ceil(found.data.total / found.data.pageSize)}
              onPage={(page) => go({ ...search, page })}
            />
          </>
        )}
      </section>
    </Page>
  );
}

type SearchFormProps = { search: NeedSearch; errors: Record<string, string> | undefined; onSearch: (search: NeedSearch) => void };

function SearchForm({ search, errors, onSearch }: SearchFormProps) {
  const { i18n } = useLingui();
  const [s, setS] = useState<NeedSearch>(search);
  const set = <K extends keyof NeedSearch>(key: K, value: NeedSearch[K]) => setS((old) => ({ ...old, [key]: value }));
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch({ ...s, zip: s.zip.trim(), q: s.q.trim(), page: 1 });
  }
  return (
    <form onSubmit={onSubmit} aria-label={i18n._('Search needs')} className={classes.search}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <TextInput
          label={i18n._('ZIP code')}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          value={s.zip}
          onChange={(e) => set('zip', e.currentTarget.value)}
          error={errors?.zip}
        />
        <NativeSelect
          label={i18n._('Within')}
          value={String(s.radius)}
          onChange={(e) => set('radius', Number(e.currentTarget.value) as NeedBoardRadius)}
          data={NEED_BOARD_RADII.map((r) => ({ value: String(r), label: i18n._('{miles} miles', { miles: r }) }))}
          error={errors?.radius}
        />
        <NativeSelect
          label={i18n._('Order')}
          value={s.sort}
          onChange={(e) => set('sort', e.currentTarget.value as NeedSearch['sort'])}
          data={[
            { value: 'nearest', label: i18n._('Nearest first (with a ZIP code)') },
            { value: 'newest', label: i18n._('Newest first') },
          ]}
        />
        <TextInput
          label={i18n._('Keyword')}
          maxLength={100}
          value={s.q}
          onChange={(e) => set('q', e.currentTarget.value)}
          error={errors?.q}
        />
        <NativeSelect
          label={i18n._('Kind')}
          value={s.kind}
          onChange={(e) => set('kind', e.currentTarget.value as NeedSearch['kind'])}
          data={[{ value: '', label: i18n._('Any kind') }, ...NEED_KINDS.map((k) => ({ value: k.code, label: i18n._(k.label) }))]}
        />
        <NativeSelect
          label={i18n._('State')}
          value={s.state}
          onChange={(e) => set('state', e.currentTarget.value as StateCode | '')}
          data={[{ value: '', label: i18n._('Any state') }, ...US_STATES.map((st) => ({ value: st.code, label: i18n._(st.name) }))]}
        />
        <NativeSelect
          label={i18n._('How soon')}
          value={s.urgency}
          onChange={(e) => set('urgency', e.currentTarget.value as NeedSearch['urgency'])}
          data={[{ value: '', label: i18n._('Any time') }, ...NEED_URGENCIES.map((u) => ({ value: u.code, label: i18n._(u.label) }))]}
        />
        <LanguageFilter
          label={i18n._('Language')}
          allLabel={i18n._('All languages')}
          value={s.language}
          onChange={(value) => set('language', value)}
        />
        <NativeSelect
          label={i18n._('Show')}
          value={s.show}
          onChange={(e) => set('show', e.currentTarget.value as NeedSearch['show'])}
          data={[
            { value: 'open', label: i18n._('Open needs') },
            { value: 'closed', label: i18n._('Closed needs') },
          ]}
        />
      </SimpleGrid>
      <Group mt="md">
        <Button type="submit">{i18n._('Search')}</Button>
      </Group>
    </form>
  );
}

function NeedCard({ need }: { need: NeedListing }) {
  const { i18n } = useLingui();
  const writtenLang = useWrittenLang();
  const place = { city: need.city, state: need.state, value: dollars(i18n, need.totalValue) };
  return (
    <article className={classes.card} aria-labelledby={`need-${need.id}`}>
      <NeedBadges need={need} />
      <Title order={3} size="h4" id={`need-${need.id}`} lang={writtenLang(need.language)}>
        <AppLink to={`/needs/${need.id}`} className={classes.name}>
          {need.title}
        </AppLink>
      </Title>
      <Text size="sm">
        {need.distanceMiles !== null ? (
          <strong>
            {i18n._('{miles} miles', { miles: i18n.number(need.distanceMiles, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) })}{' '}
            ·{' '}
          </strong>
        ) : null}
        {/* Time given (tutoring, a visit) is asked with no money value: no "about $0". */}
        {need.totalValue > 0 ? i18n._('{city}, {state} · about {value}', place) : i18n._('{city}, {state}', place)}
      </Text>
      <NeedProgress committed={need.committedUnits} total={need.totalUnits} label={i18n._('Committed to {title}', { title: need.title })} />
    </article>
  );
}
