// Written by `npm run i18n` from the catalogs in src/shared/i18n/po: do not edit.
import type { Messages } from '@lingui/core';

export const messages: Messages = JSON.parse("{}") as Messages;
