import { z } from 'zod';
import { CARE_ROLE_CODES, careTeamHeadSchema } from './care';
import { contentLanguageSchema } from './i18n/content-language';

// A care team's space (issue 27): short updates and prayer requests from the family and its helpers, seen by the
// team only (and admins), newest first. The bell and mail follow each member's "Your care teams" preference.

/** Posts a page of the space holds; older ones come with "Show older". */
export const CARE_POSTS_PAGE = 20;

export const CARE_POST_KINDS = [
  { code: 'update', label: /*i18n*/ 'News' },
  { code: 'prayer', label: /*i18n*/ 'Prayer request' },
] as const;
export const carePostKindLabel = (code: string) => CARE_POST_KINDS.find((k) => k.code === code)?.label ?? code;

export const CARE_SPACE_MESSAGES = {
  postNotFound: /*i18n*/ 'This post is not in the team space.',
  /** Admins read a team to look after the network; the space is the team's own voice. */
  membersOnly: /*i18n*/ "Only the team's members can post in its space.",
  /** The author, the family or a leader. */
  deleteOnly: /*i18n*/ 'Only the author, the family or the team leader can remove a post.',
  notActive: /*i18n*/ 'This team is not active, so nothing new can be posted.',
} as const;

export const carePostSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(['update', 'prayer']),
    body: z.string(),
    /** The language the author wrote in: the page marks the text with it (lang) and names it when it is not the page's. */
    language: contentLanguageSchema,
    /** Who wrote it, by display name and role on the team; null once the author's account is gone. */
    author: z.object({ name: z.string(), role: z.enum(CARE_ROLE_CODES).nullable() }).nullable(),
    mine: z.boolean(),
    /** The reader may remove it: their own post, or the family or a leader. */
    mayDelete: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'CarePost' });
export type CarePost = z.infer<typeof carePostSchema>;

/** GET /api/care/teams/{id}/posts: the team's head, a page of posts (newest first), and whether the reader may post. */
export const careSpaceSchema = z
  .object({
    team: careTeamHeadSchema,
    posts: z.array(carePostSchema),
    /** Pass as `before` for the next (older) page; null: no older post. */
    nextBefore: z.number().int().nullable(),
    /** An active member of an active team, allowed to post (confirmed, not suspended). */
    mayPost: z.boolean(),
  })
  .meta({ id: 'CareSpace' });
export type CareSpace = z.infer<typeof careSpaceSchema>;
