import { useEffect } from 'react';
import { SITE_NAME } from '../../shared/brand';

/** Each route names itself in the tab and in screen readers' page announcements. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}
