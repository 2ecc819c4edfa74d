import { useLingui } from '@lingui/react';
import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** Neutral and menu-less: shown until the first answer about who is signed in, and while a page's code loads. */
export function LoadingScreen() {
  const { i18n } = useLingui();
  return (
    <Center mih="100dvh" role="status">
      <Loader color="teal" type="dots" aria-hidden="true" />
      <VisuallyHidden>{i18n._('Loading')}</VisuallyHidden>
    </Center>
  );
}
