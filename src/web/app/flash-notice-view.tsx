import { Alert, Container } from '@mantine/core';
import { useLocation } from 'react-router';
import { noticeOf } from './flash-notice';

export function FlashNoticeView() {
  const location = useLocation();
  const notice = noticeOf(location.state);
  if (!notice) return null;
  return (
    <Container size="sm" pt="lg">
      {/* Focused after navigation (see AppFrame) so it is read before the page itself. */}
      <Alert role="status" color="teal" variant="light" tabIndex={-1} data-flash-notice>
        {notice}
      </Alert>
    </Container>
  );
}
