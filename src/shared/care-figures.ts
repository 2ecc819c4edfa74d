import { z } from 'zod';

// Care teams' figures (issue 27): what the admin overview counts of them, and what a church's public page says.
// No figure names a family; a church's public count of teams follows the small-number rule.

const month = z.string().regex(/^\d{4}-\d{2}$/);

/** GET /api/admin/care/figures: exact figures, for admins only. */
export const careFiguresSchema = z
  .object({
    /** Teams active now. */
    activeTeams: z.number().int(),
    /** Families with an active team (a family has one team at a time, but counted once whatever). */
    familiesSupported: z.number().int(),
    /**
     * The last 12 months (by the family's calendar), oldest first, zeros included: occurrences that had at least
     * one helper signed up and whose time has passed ("tasks done"), and the helpers who came to them.
     */
    byMonth: z.array(z.object({ month, tasksDone: z.number().int(), helpers: z.number().int() })),
    /**
     * From a task's creation (the family's request) to its first claim, for tasks created in the last 12 months:
     * how many were created, how many were claimed, and the median hours (null: none claimed yet).
     */
    firstClaim: z.object({ tasks: z.number().int(), claimed: z.number().int(), medianHours: z.number().nullable() }),
    /** The anniversary question: teams asked after 12 months, how many families answered, and how many still foster. */
    stillFostering: z.object({ asked: z.number().int(), answered: z.number().int(), yes: z.number().int() }),
  })
  .meta({ id: 'CareFigures' });
export type CareFigures = z.infer<typeof careFiguresSchema>;
