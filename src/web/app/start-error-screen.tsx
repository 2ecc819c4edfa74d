import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from './use-document-title';

/** The first question (who is signed in?) got no answer: without it no page can be shown correctly. */
export function StartErrorScreen({ onRetry, isRetrying }: { onRetry: () => void; isRetrying: boolean }) {
  useDocumentTitle('Unavailable');
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" maw={420} ta="center" role="alert">
        <Title order={1} size="h2">
          The site is not answering
        </Title>
        <Text>Please check your connection and try again in a moment.</Text>
        <Button onClick={onRetry} loading={isRetrying}>
          Try again
        </Button>
      </Stack>
    </Center>
  );
}
