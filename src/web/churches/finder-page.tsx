import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import { useLingui } from '@lingui/react';
import { Alert, Button, Checkbox, Group, NativeSelect, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  CHURCH_DEFAULT_RADIUS,
  CHURCH_LANGUAGE_CODES,
  CHURCH_LANGUAGES,
  CHURCH_OFFER_CODES,
  CHURCH_OFFERS,
  CHURCH_RADII,
  languageLabel,
  type ChurchLanguage,
  type ChurchListing,
  type ChurchOffer,
  type ChurchRadius,
} from '../../shared/churches';
import { STATE_CODES, stateName, type StateCode } from '../../shared/states';
import { AppLink } from '../app/navigation';
import { Page } from '../app/page';
import { isApiRequestError } from '../lib/api';
import { useLive } from '../live';
import { churchSearchOptions, type ChurchSearch } from './churches-api';
import { OfferBadges } from './offer-badges';
import { useStateOptions } from './state-options';
import classes from './churches.module.css';
import { EmptyIllustration } from '../illustrations';

/** The search the address holds (shareable), or null when it holds none yet. */
function searchOf(params: URLSearchParams): ChurchSearch | null {
  const offers = (params.get('offers') ?? '')
    .split(',')
    .filter((o): o is ChurchOffer => (CHURCH_OFFER_CODES as readonly string[]).includes(o));
  const lang = params.get('language') ?? '';
  const language = (CHURCH_LANGUAGE_CODES as readonly string[]).includes(lang) ? (lang as ChurchLanguage) : '';
  const zip = params.get('zip')?.trim();
  if (zip) {
    const radius = Number(params.get('radius'));
    return {
      by: 'zip',
      zip,
      radius: (CHURCH_RADII as readonly number[]).includes(radius) ? (radius as ChurchRadius) : CHURCH_DEFAULT_RADIUS,
      offers,
      language,
    };
  }
  const state = params.get('state')?.toUpperCase();
  if (state && (STATE_CODES as readonly string[]).includes(state)) return { by: 'state', state: state as StateCode, offers, language };
  return null;
}

function paramsOf(search: ChurchSearch): Record<string, string> {
  const filters = {
    ...(search.offers.length ? { offers: search.offers.join(',') } : {}),
    ...(search.language ? { language: search.language } : {}),
  };
  return search.by === 'zip' ? { zip: search.zip, radius: String(search.radius), ...filters } : { state: search.state, ...filters };
}

/** /churches (product.md §12): near a ZIP code within a radius, or in a state; filtered by offers and language. */
export default function FinderPage() {
  const { i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const search = searchOf(params);
  useLive(['churches']);
  const found = useQuery({ ...churchSearchOptions(search!), enabled: search !== null });
  const fieldErrors = isApiRequestError(found.error) ? found.error.fieldErrors : undefined;

  return (
    <Page title={i18n._('Find a church')} size="md">
      <Text mb="lg" maw="62ch">
        {i18n._(
          'Churches of the network that care for children in foster care and the families who open their homes. Search near a ZIP code or in a state, and choose what you are looking for.',
        )}
      </Text>
      {/* Each new address starts the form from it (a search shared as a link, the landing page's box). */}
      <SearchForm key={params.toString()} search={search} zipError={fieldErrors?.zip} onSearch={(s) => setParams(paramsOf(s))} />
      <section aria-labelledby="results-title" className={classes.results}>
        <Title order={2} id="results-title" size="h3" mb="sm">
          {i18n._('Churches found')}
        </Title>
        {search === null ? (
          <Text c="dimmed">{i18n._('Enter a ZIP code or choose a state to see churches.')}</Text>
        ) : found.isPending ? (
          <Text role="status">{i18n._('Searching…')}</Text>
        ) : found.isError ? (
          fieldErrors?.zip ? (
            <Text c="dimmed">{i18n._('Check the ZIP code above.')}</Text>
          ) : (
            <Alert color="red" variant="light">
              {isApiRequestError(found.error) && found.error.status < 500
                ? found.error.message
                : i18n._('The search failed. Please try again.')}
            </Alert>
          )
        ) : (
          <Results search={search} churches={found.data.churches} total={found.data.total} origin={found.data.origin} />
        )}
      </section>
    </Page>
  );
}

type SearchFormProps = { search: ChurchSearch | null; zipError: string | undefined; onSearch: (search: ChurchSearch) => void };

function SearchForm({ search, zipError, onSearch }: SearchFormProps) {
  const { i18n } = useLingui();
  const stateOptions = useStateOptions();
  const [by, setBy] = useState<'zip' | 'state'>(search?.by ?? 'zip');
  const [zip, setZip] = useState(search?.by === 'zip' ? search.zip : '');
  const [radius, setRadius] = useState<ChurchRadius>(search?.by === 'zip' ? search.radius : CHURCH_DEFAULT_RADIUS);
  const [state, setState] = useState<StateCode | ''>(search?.by === 'state' ? search.state : '');
  const [offers, setOffers] = useState<ChurchOffer[]>(search?.offers ?? []);
  const [language, setLanguage] = useState<ChurchLanguage | ''>(search?.language ?? '');
  const [missing, setMissing] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (by === 'zip' && !zip.trim()) return setMissing(i18n._('Enter a ZIP code'));
    if (by === 'state' && !state) return setMissing(i18n._('Choose a state'));
    setMissing(null);
    onSearch(by === 'zip' ? { by, zip: zip.trim(), radius, offers, language } : { by, state: state as StateCode, offers, language });
  }

  return (
    <form onSubmit={onSubmit} aria-label={i18n._('Search churches')} className={classes.form}>
      <Stack gap="md">
        <Radio.Group
          label={i18n._('Search')}
          value={by}
          onChange={(v) => {
            setBy(v);
            setMissing(null);
          }}
        >
          <Group mt={6}>
            <Radio value="zip" label={i18n._('Near a ZIP code')} />
            <Radio value="state" label={i18n._('In a state')} />
          </Group>
        </Radio.Group>
        {by === 'zip' ? (
          <Group align="flex-start" grow preventGrowOverflow={false}>
            <TextInput
              label={i18n._('ZIP code')}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={10}
              value={zip}
              onChange={(e) => setZip(e.currentTarget.value)}
              error={(missing && by === 'zip' ? missing : null) ?? zipError}
            />
            <NativeSelect
              label={i18n._('Within')}
              value={String(radius)}
              onChange={(e) => setRadius(Number(e.currentTarget.value) as ChurchRadius)}
              data={CHURCH_RADII.map((r) => ({ value: String(r), label: i18n._('{miles} miles', { miles: i18n.number(r) }) }))}
            />
          </Group>
        ) : (
          <NativeSelect
            label={i18n._('State')}
            value={state}
            onChange={(e) => setState(e.currentTarget.value as StateCode)}
            error={missing && by === 'state' ? missing : null}
            data={stateOptions}
          />
        )}
        <Checkbox.Group
          label={i18n._('What the church offers')}
          description={i18n._('Churches that offer every one you check')}
          value={offers}
          onChange={(v) => setOffers(v)}
        >
          <div className={classes.offers}>
            {CHURCH_OFFERS.map((o) => (
              <Checkbox key={o.code} value={o.code} label={i18n._(o.label)} />
            ))}
          </div>
        </Checkbox.Group>
        <NativeSelect
          label={i18n._('Language of services')}
          value={language}
          onChange={(e) => setLanguage(e.currentTarget.value as ChurchLanguage | '')}
          data={[{ value: '', label: i18n._('Any language') }, ...CHURCH_LANGUAGES.map((l) => ({ value: l.code, label: i18n._(l.label) }))]}
        />
        <Group>
          <Button type="submit">{i18n._('Search')}</Button>
        </Group>
      </Stack>
    </form>
  );
}

type ResultsProps = {
  search: ChurchSearch;
  churches: ChurchListing[];
  total: number;
  origin: { zip: string; city: string; state: StateCode } | null;
};

/** Whole sentences for each kind of search (word order differs between languages), counts in the page's language. */
function Results({ search, churches, total, origin }: ResultsProps) {
  const { i18n } = useLingui();
  const isFiltered = search.offers.length > 0 || search.language !== '';
  const cut = total > churches.length;
  const byZip =
    search.by === 'zip' && origin ? { radius: i18n.number(search.radius), zip: origin.zip, city: origin.city, state: origin.state } : null;
  const inState = { state: i18n._(stateName(search.by === 'state' ? search.state : '') ?? '') };
  if (churches.length === 0) {
    const none = byZip
      ? isFiltered
        ? i18n._('No churches of the network within {radius} miles of {zip} ({city}, {state}) with what you chose yet.', byZip)
        : i18n._('No churches of the network within {radius} miles of {zip} ({city}, {state}) yet.', byZip)
      : isFiltered
        ? i18n._('No churches of the network in {state} with what you chose yet.', inState)
        : i18n._('No churches of the network in {state} yet.', inState);
    const tip =
      search.by === 'zip' && search.radius < 100 ? i18n._('Try a larger distance, or fewer choices.') : i18n._('Try fewer choices.');
    return (
      <>
        <EmptyIllustration />
        <Text role="status">
          {none} {tip}
        </Text>
      </>
    );
  }
  const counted = { total, shown: i18n.number(churches.length) };
  const nearZip = { ...byZip, ...counted };
  const ofState = { ...inState, ...counted };
  const found = byZip
    ? cut
      ? i18n._(
          '{total, plural, one {# church} other {# churches}} within {radius} miles of {zip} ({city}, {state}); the nearest {shown} are shown.',
          nearZip,
        )
      : i18n._('{total, plural, one {# church} other {# churches}} within {radius} miles of {zip} ({city}, {state}).', nearZip)
    : cut
      ? i18n._('{total, plural, one {# church} other {# churches}} in {state}; the first {shown} are shown.', ofState)
      : i18n._('{total, plural, one {# church} other {# churches}} in {state}.', ofState);
  return (
    <>
      <Text role="status" mb="md">
        {found}
      </Text>
      <ul className={classes.list}>
        {churches.map((church) => (
          <li key={church.id}>
            <ChurchCard church={church} />
          </li>
        ))}
      </ul>
    </>
  );
}

function ChurchCard({ church }: { church: ChurchListing }) {
  const { i18n } = useLingui();
  const miles = church.distanceMiles;
  return (
    <article className={classes.card} aria-labelledby={`church-${church.id}`}>
      {church.photoUrl ? <img src={church.photoUrl} alt="" className={classes.photo} width={96} height={96} loading="lazy" /> : null}
      <div className={classes.cardBody}>
        <Title order={3} size="h4" id={`church-${church.id}`}>
          <AppLink to={`/churches/${church.id}`} className={classes.name}>
            {church.name}
          </AppLink>
        </Title>
        <Text size="sm">
          {miles !== null ? (
            <strong>
              {i18n._('{miles} miles', { miles: i18n.number(miles, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) })} ·{' '}
            </strong>
          ) : null}
          {church.city}, {church.state} {church.zip}
          {church.ag ? ` · ${i18n._('Assemblies of God')}` : ''}
        </Text>
        <Text size="sm" c="dimmed">
          {i18n._('Services in {languages}', { languages: church.languages.map((l) => i18n._(languageLabel(l))).join(', ') })}
        </Text>
        <OfferBadges offers={church.offers} label={i18n._('Offers')} />
      </div>
    </article>
  );
}
