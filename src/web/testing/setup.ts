import { loadLocale } from '../i18n/i18n';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts what a test rendered only by itself when the runner's globals are on; ours are
// off (tests import describe/it), so each test's screen is emptied here.
afterEach(() => cleanup());

// The site's words: English, as a page starts (src/web/i18n/i18n.ts).
await loadLocale('en');
