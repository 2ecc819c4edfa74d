import { Group, Text, Title } from '@mantine/core';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../app/use-document-title';

type AdminSectionProps = {
  title: string;
  intro?: ReactNode;
  /** Controls beside the heading (a period, a download). */
  actions?: ReactNode;
  children: ReactNode;
};

/** One section of the admin area: its h1 (focused after each navigation), tab title and content. */
export function AdminSection({ title, intro, actions, children }: AdminSectionProps) {
  const { i18n } = useLingui();
  useDocumentTitle(i18n._('{title} · Admin', { title }));
  return (
    <section aria-labelledby="admin-section-title">
      <Group justify="space-between" align="flex-end" gap="sm" mb="lg">
        <div>
          <Title order={1} id="admin-section-title" tabIndex={-1} data-page-heading>
            {title}
          </Title>
          {intro ? (
            <Text c="dimmed" mt={4} maw={720}>
              {intro}
            </Text>
          ) : null}
        </div>
        {actions}
      </Group>
      {children}
    </section>
  );
}
