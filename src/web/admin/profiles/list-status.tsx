import { Text } from '@mantine/core';

type ListStatusProps = { total: number; page: number; pages: number; isSearch: boolean };

function statusOf({ total, page, pages, isSearch }: ListStatusProps): string {
  if (total === 0) return isSearch ? 'No profile matches this search.' : 'No accounts yet.';
  const accounts = `${total.toLocaleString('en-US')} ${total === 1 ? 'account' : 'accounts'}`;
  return `${accounts}${isSearch ? ' match' : ''}; page ${page} of ${pages}.`;
}

/** How many accounts the list holds (or match the search) and which page shows; announced when it changes. */
export function ListStatus(props: ListStatusProps) {
  return (
    <Text size="sm" c="dimmed" role="status" mb="sm">
      {statusOf(props)}
    </Text>
  );
}
