import { Anchor, Box, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Page } from '../app/page';

/**
 * A page of plain words, on the footer's width like the pages with columns (its heading starts where theirs do),
 * its lines kept short enough to read.
 */
export function ProsePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Page title={title} size="lg">
      <Box maw="46rem">{children}</Box>
    </Page>
  );
}

/** One part of a page of plain words (About, Privacy, Accessibility): a heading and what it says. */
export function ProseSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Title order={2} size="h3" mb="xs" mt="xl">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </section>
  );
}

/** Points of a section, each a sentence or two. */
export function ProseList({ items }: { items: ReactNode[] }) {
  return (
    <List spacing="xs">
      {items.map((item, i) => (
        <List.Item key={i}>{item}</List.Item>
      ))}
    </List>
  );
}

export function ProseLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Text>
      <Anchor component={Link} to={to} fw={700}>
        {children}
      </Anchor>
    </Text>
  );
}
