import { useLingui } from '@lingui/react';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from './use-document-title';

/** The first question (who is signed in?) got no answer: without it no page can be shown correctly. */
export function StartErrorScreen({ onRetry, isRetrying }: { onRetry: () => void; isRetrying: boolean }) {
  const { i18n } = useLingui();
  useDocumentTitle(i18n._('Unavailable'));
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" maw={420} ta="center" role="alert">
        <Title order={1} size="h2">
          {i18n._('The site is not answering')}
        </Title>
        <Text>{i18n._('Please check your connection and try again in a moment.')}</Text>
        <Button onClick={onRetry} loading={isRetrying}>
          {i18n._('Try again')}
        </Button>
      </Stack>
    </Center>
  );
}
