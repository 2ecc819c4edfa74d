import { Paper } from '@mantine/core';
import type { ReactNode } from 'react';

export function FormCard({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder shadow="xs" radius="md" p={{ base: 'md', sm: 'xl' }}>
      {children}
    </Paper>
  );
}
