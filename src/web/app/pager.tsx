import { useLingui } from '@lingui/react';
import { Button, Group, Text } from '@mantine/core';

type PagerProps = { page: number; pages: number; onPage: (page: number) => void };

/** Previous and next page around "Page 2 of 5"; nothing when everything fits on one page. */
export function Pager({ page, pages, onPage }: PagerProps) {
  const { i18n } = useLingui();
  if (pages <= 1) return null;
  return (
    <Group justify="center" mt="md">
      <Button variant="default" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {i18n._('Previous page')}
      </Button>
      <Text size="sm">{i18n._('Page {page} of {pages}', { page: i18n.number(page), pages: i18n.number(pages) })}</Text>
      <Button variant="default" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {i18n._('Next page')}
      </Button>
    </Group>
  );
}
