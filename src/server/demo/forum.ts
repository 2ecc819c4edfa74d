import { inArray, sql } from 'drizzle-orm';
import { post, user } from '../db/schema';
import type { AppDeps } from '../deps';
import type { Locale } from '../../shared/i18n/locale';
import { createPost, createResponse, requireForumAuthor } from '../forum';

type DemoThread = {
  author: string;
  category: string;
  title: string;
  body: string;
  /** The language it is written in (issue 28): members write in the one they like. */
  language: Locale;
  responses: { author: string; body: string }[];
};

// A few conversations from the demo members, so a new installation's forum shows what it is for.
const THREADS: DemoThread[] = [
  {
    author: 'maria.santos@demo.example.org',
    category: 'Questions and advice',
    title: '¿Capacitación en español para nuevas familias de crianza?',
    body: 'En nuestra iglesia en Hialeah hay tres familias que quieren abrir su hogar a niños en cuidado de crianza, pero las clases que conocemos son solo en inglés.\n\n¿Alguien sabe de una capacitación en español en el sur de la Florida? Cualquier recomendación es bienvenida.',
    language: 'es',
    responses: [
      {
        author: 'daniel.ortiz@demo.example.org',
        body: 'En Phoenix la agencia ofrece las mismas clases en español cada trimestre, pero no siempre lo anuncia. Vale la pena llamar y preguntar directamente.',
      },
    ],
  },
  {
    author: 'hannah.lee@demo.example.org',
    category: 'Events and resources',
    title: 'Respite care training in Boston, first Saturday of next month',
    language: 'en',
    body: 'Harbor Assembly is hosting a respite care training for anyone who would like to give foster parents a weekend off.\n\nWe start at 9 and finish by 3, lunch included. Details and sign-up: https://example.org/respite-training',
    responses: [
      { author: 'ruth.nguyen@demo.example.org', body: 'Thank you for opening this up! Two couples from our church would love to come.' },
    ],
  },
  {
    author: 'daniel.ortiz@demo.example.org',
    category: 'Questions and advice',
    title: 'How does your church organise meals for a new placement?',
    language: 'en',
    body: 'A family in our church takes in two siblings next week. We want to bring meals for the first two weeks without overwhelming them.\n\nWhat has worked for you: a sign-up sheet, one coordinator, gift cards?',
    responses: [
      {
        author: 'samuel.brooks@demo.example.org',
        body: 'One coordinator who talks to the family, and drop-offs on a cooler by the door. No visits unless they ask.',
      },
      {
        author: 'grace.miller@demo.example.org',
        body: 'Ask about allergies and what the kids already like. Familiar food helped ours settle in.',
      },
    ],
  },
  {
    author: 'grace.miller@demo.example.org',
    category: 'Prayer requests',
    title: 'Prayer for a court hearing on Thursday',
    language: 'en',
    body: 'Our foster son has a hearing on Thursday about his next steps. Please pray for him, for his mom, and for wisdom for everyone in the room.',
    responses: [{ author: 'hannah.lee@demo.example.org', body: 'Praying for all of you this week.' }],
  },
];

/**
 * Demo conversations for the embedded default (never in production), added once: when the forum is
 * empty and the demo members exist. They go through the forum service, so they are real posts, with the
 * new-post alerts to the team that any post makes.
 */
export async function seedDemoForum(deps: AppDeps): Promise<{ created: number }> {
  const { db } = deps.database;
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(post)) as [{ count: number }];
  if (count > 0) return { created: 0 };
  const emails = [...new Set(THREADS.flatMap((t) => [t.author, ...t.responses.map((r) => r.author)]))];
  const members = await db
    .select({
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled,
      locale: sql<null>`null`,
    })
    .from(user)
    .where(inArray(user.email, emails));
  const byEmail = new Map(members.map((m) => [m.email, m]));
  const author = (email: string) => {
    const member = byEmail.get(email);
    if (!member) throw new Error(`demo member ${email} is missing`);
    return requireForumAuthor(deps, { who: member });
  };
  let created = 0;
  for (const thread of THREADS) {
    const { id } = await createPost(deps, { author: await author(thread.author), input: thread, locale: thread.language });
    created++;
    for (const response of thread.responses) {
      await createResponse(deps, { author: await author(response.author), postId: id, input: { body: response.body } });
      created++;
    }
  }
  return { created };
}
