import { Button, Loader, NativeSelect, Text } from '@mantine/core';
import { useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ADMIN_TOPICS, DELIVERY_STATES, type DeliveryState } from '../../shared/admin';
import { FormAlert } from '../app/form-alert';
import { useLive } from '../live';
import { mailFormsQueryOptions, mailListQueryOptions, type MailFilter } from './admin-api';
import { AdminSection } from './admin-section';
import { MailItem } from './mail-item';
import classes from './admin.module.css';

function stateParam(raw: string | null): DeliveryState | '' {
  return (DELIVERY_STATES as readonly string[]).includes(raw ?? '') ? (raw as DeliveryState) : '';
}

/** All sent mail (product.md §3.17): every item newest first, live, filtered by form and delivery state. */
export default function MailPage() {
  const { i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const filter: MailFilter = { form: params.get('form') ?? '', state: stateParam(params.get('state')) };
  useLive([ADMIN_TOPICS.mail]);
  const list = useInfiniteQuery({ ...mailListQueryOptions(filter), placeholderData: keepPreviousData });
  const forms = useQuery(mailFormsQueryOptions);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  function setFilter(next: Partial<MailFilter>) {
    const merged = { ...filter, ...next };
    const search = new URLSearchParams();
    if (merged.form) search.set('form', merged.form);
    if (merged.state) search.set('state', merged.state);
    setParams(search, { replace: true });
  }

  const formOptions = [
    { value: '', label: i18n._('All forms') },
    ...(forms.data?.forms ?? []).map((f) => ({ value: f.form, label: `${f.form} (${i18n.number(f.count)})` })),
  ];
  // A form in the address that has no mail (any more) still shows as chosen.
  if (filter.form && !formOptions.some((o) => o.value === filter.form)) formOptions.push({ value: filter.form, label: filter.form });

  return (
    <AdminSection
      title={i18n._('All sent mail')}
      intro={i18n._('Every message the site has sent or will send, newest first, with its delivery. The list updates by itself.')}
    >
      <div className={classes.toolbar}>
        <NativeSelect
          label={i18n._('Form')}
          value={filter.form}
          onChange={(e) => setFilter({ form: e.currentTarget.value })}
          data={formOptions}
          miw={200}
        />
        <NativeSelect
          label={i18n._('Delivery state')}
          value={filter.state}
          onChange={(e) => setFilter({ state: stateParam(e.currentTarget.value) })}
          data={[{ value: '', label: i18n._('All states') }, ...DELIVERY_STATES.map((s) => ({ value: s, label: s }))]}
          miw={160}
        />
        {filter.form || filter.state ? (
          <Button variant="subtle" onClick={() => setParams({}, { replace: true })}>
            {i18n._('Clear filters')}
          </Button>
        ) : null}
      </div>
      {list.isError && !list.data ? <FormAlert message={i18n._('The mail could not be loaded. Please try again later.')} /> : null}
      {list.isPending ? <Loader aria-label={i18n._('Loading mail')} /> : null}
      <Text size="sm" c="dimmed" role="status" mb="sm">
        {list.data ? describe(i18n, items.length, list.hasNextPage, Boolean(filter.form || filter.state)) : ''}
      </Text>
      <ul className={classes.list} aria-busy={list.isFetching && list.isPlaceholderData} aria-label={i18n._('Mail items')}>
        {items.map((item) => (
          <MailItem key={item.id} item={item} />
        ))}
      </ul>
      {list.hasNextPage ? (
        <Button variant="outline" mt="md" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
          {i18n._('Show older mail')}
        </Button>
      ) : null}
    </AdminSection>
  );
}

function describe(i18n: I18n, count: number, hasMore: boolean, isFiltered: boolean): string {
  if (count === 0) return isFiltered ? i18n._('No mail matches these filters.') : i18n._('No mail has been sent yet.');
  return hasMore
    ? i18n._('{count, plural, one {Showing the newest # item.} other {Showing the newest # items.}}', { count })
    : i18n._('{count, plural, one {Showing all # item.} other {Showing all # items.}}', { count });
}
