import { useLingui } from '@lingui/react';
import { Alert, Container } from '@mantine/core';
import { useLocation } from 'react-router';
import { noticeOf } from './flash-notice';

export function FlashNoticeView() {
  const { i18n } = useLingui();
  const location = useLocation();
  const notice = noticeOf(location.state);
  if (!notice) return null;
  return (
    <Container size="sm" pt="lg">
      {/* Focused after navigation (see AppFrame) so it is read before the page itself. */}
      <Alert role="status" color="teal" variant="light" tabIndex={-1} data-flash-notice>
        {/* Pages hand over the notice's English (a catalog id); it is shown in the page's language. */}
        {i18n._(notice)}
      </Alert>
    </Container>
  );
}
