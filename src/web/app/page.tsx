import { Container, Title, type ContainerProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from './use-document-title';

type PageProps = {
  /** The page's h1 and, unless `documentTitle` says otherwise, its tab title. */
  title: string;
  documentTitle?: string;
  /** The h1's language when it is not the page's: a title a member wrote in another language (issue 28). */
  titleLang?: string | undefined;
  size?: ContainerProps['size'];
  children?: ReactNode;
};

/** The frame of an ordinary page: tab title, one h1 (focused after each navigation), content. */
export function Page({ title, documentTitle, titleLang, size = 'sm', children }: PageProps) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <Container size={size} py={{ base: 'lg', sm: 'xl' }}>
      <Title order={1} tabIndex={-1} mb="lg" data-page-heading lang={titleLang}>
        {title}
      </Title>
      {children}
    </Container>
  );
}
