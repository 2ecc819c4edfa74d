// Written by `npm run i18n`: every part's catalog of this language, as one.
import type { Messages } from '@lingui/core';
import { messages as care } from './care';
import { messages as needs } from './needs';
import { messages as churches } from './churches';
import { messages as admin } from './admin';
import { messages as community } from './community';
import { messages as account } from './account';
import { messages as frame } from './frame';
import { messages as core } from './core';

export const messages: Messages = { ...care, ...needs, ...churches, ...admin, ...community, ...account, ...frame, ...core };
