import { Text } from '@mantine/core';
import { useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';

type ListStatusProps = { total: number; page: number; pages: number; isSearch: boolean };

function statusOf(i18n: I18n, { total, page, pages, isSearch }: ListStatusProps): string {
  if (total === 0) return isSearch ? i18n._('No profile matches this search.') : i18n._('No accounts yet.');
  const values = { total, page: i18n.number(page), pages: i18n.number(pages) };
  return isSearch
    ? i18n._('{total, plural, one {# account matches} other {# accounts match}}; page {page} of {pages}.', values)
    : i18n._('{total, plural, one {# account} other {# accounts}}; page {page} of {pages}.', values);
}

/** How many accounts the list holds (or match the search) and which page shows; announced when it changes. */
export function ListStatus(props: ListStatusProps) {
  const { i18n } = useLingui();
  return (
    <Text size="sm" c="dimmed" role="status" mb="sm">
      {statusOf(i18n, props)}
    </Text>
  );
}
