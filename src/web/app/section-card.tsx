import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';

type SectionCardProps = {
  title: string;
  /** What to say instead of the list: nothing to show yet, or why not. */
  note?: string | null | undefined;
  /** The list's items, each an <li>. */
  children?: ReactNode;
  /** Where the whole of it is: "All notifications", "See the needs board". */
  more: { to: string; label: string };
};

/** One part of the member's home (issue 29): a titled section with a short list and the way to the whole of it. */
export function SectionCard({ title, note, children, more }: SectionCardProps) {
  const headingId = useId();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="sm">
        {title}
      </Title>
      {note ? (
        <Text size="sm" c="dimmed" mb="xs">
          {note}
        </Text>
      ) : null}
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: '0 0 0.5rem' }}>
        {children}
      </Stack>
      <Anchor component={Link} to={more.to} size="sm">
        {more.label}
      </Anchor>
    </Paper>
  );
}
