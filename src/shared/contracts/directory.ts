import { z } from 'zod';
import { directoryPageSchema, directoryQuerySchema, memberMessageSchema } from '../directory';
import { contract, errors, json, jsonBody, okSchema } from './define';

// The member directory (product.md §3.12): signed-in members list and search it, and write to the members
// in it; admins also get the counts. Profiles leave only in their public shape.

const tags: ['Directory'] = ['Directory'];
/** Any text: an id that cannot be an account's names nobody in the directory ("not found"). */
const uidParams = z.object({ uid: z.string().meta({ description: "A member's id" }) });

export const listDirectory = contract({
  method: 'get',
  path: '/directory',
  access: 'member',
  tags,
  summary: 'A page of the directory by last name, optionally searched and filtered (admins also get the counts)',
  request: { query: directoryQuerySchema },
  responses: { 200: json(directoryPageSchema, 'The page, and where the next one starts') },
});

export const sendMemberMessage = contract({
  method: 'post',
  path: '/directory/{uid}/message',
  access: 'member',
  tags,
  summary: 'Write to a member of the directory (the server mails it; the address stays hidden)',
  request: { params: uidParams, body: jsonBody(memberMessageSchema) },
  responses: { 202: json(okSchema, 'Queued for the member'), ...errors(403, 413, 429) },
});
