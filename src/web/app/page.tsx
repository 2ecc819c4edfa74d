import { Container, Title, type ContainerProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from './use-document-title';

type PageProps = {
  /** The page's h1 and, unless `documentTitle` says otherwise, its tab title. */
  title: string;
  documentTitle?: string;
  size?: ContainerProps['size'];
  children?: ReactNode;
};

/** The frame of an ordinary page: tab title, one h1 (focused after each navigation), content. */
export function Page({ title, documentTitle, size = 'sm', children }: PageProps) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <Container size={size} py={{ base: 'lg', sm: 'xl' }}>
      <Title order={1} tabIndex={-1} mb="lg" data-page-heading>
        {title}
      </Title>
      {children}
    </Container>
  );
}
