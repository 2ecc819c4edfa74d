import { Button, Group, Text } from '@mantine/core';

type PagerProps = { page: number; pages: number; onPage: (page: number) => void };

/** Previous and next page around "Page 2 of 5"; nothing when everything fits on one page. */
export function Pager({ page, pages, onPage }: PagerProps) {
  if (pages <= 1) return null;
  return (
    <Group justify="center" mt="md">
      <Button variant="default" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </Button>
      <Text size="sm">
        Page {page} of {pages}
      </Text>
      <Button variant="default" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next page
      </Button>
    </Group>
  );
}
