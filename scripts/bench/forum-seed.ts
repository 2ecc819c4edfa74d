import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';

// Seeds a forum of any size in SQL (INSERT … SELECT generate_series), in batches so progress can be shown.
// Text is drawn from a vocabulary with a skewed (Zipf-like) distribution, as real text is: a few words
// ("foster", "family") appear in most posts, most words in few.

const DOMAIN_WORDS = `foster family children church care home placement kids support respite parents adoption
  case worker court visit school meals training prayer weekend help volunteer night bed clothing transport
  agency license trauma siblings teen baby reunification kinship mentor group meeting pastor ministry
  donation backpack summer camp therapy counselor judge hearing caseworker bedroom crib diapers formula
  birthday christmas thanksgiving thank question advice recommend looking need offer available springfield
  missouri texas ohio event resources book video podcast class certification background check licensing`
  .split(/\s+/)
  .filter(Boolean);

const SYLLABLES = ['ka', 'lo', 'mi', 're', 'tu', 'san', 'dor', 'vel', 'nis', 'pra', 'qui', 'zen', 'bro', 'fal', 'gim', 'hup'];

/** The domain words first (the most frequent), then made-up words for the long tail. */
export function vocabulary(size = 4000): string[] {
  const words = [...DOMAIN_WORDS];
  for (let i = 0; words.length < size; i++) {
    let n = i;
    let w = '';
    do {
      w += SYLLABLES[n % SYLLABLES.length];
      n = Math.floor(n / SYLLABLES.length);
    } while (n > 0);
    words.push(`${w}${SYLLABLES[(i * 7) % SYLLABLES.length]}`);
  }
  return words;
}

export type SeedProgress = (phase: string, done: number, total: number) => void;

export async function seedForum(
  db: Db,
  opts: { posts: number; responses: number; authors?: number; batch?: number; onProgress?: SeedProgress },
): Promise<void> {
  const authors = opts.authors ?? 200;
  const batch = opts.batch ?? 5000;
  const progress = opts.onProgress ?? (() => undefined);
  const words = vocabulary();
  // Text is drawn from a pool of phrases, each a sample of the vocabulary (1 + floor(n · random()³) favours
  // its start heavily); posts and responses join a few phrases. Drawing every word of 250,000 rows one by
  // one would take the embedded database many minutes.
  const phrases = Math.max(2000, Math.min(20_000, Math.ceil(opts.posts / 2)));
  progress('phrases', 0, phrases);
  await db.execute(sql`drop table if exists bench_vocabulary`);
  await db.execute(sql`drop table if exists bench_phrase`);
  await db.execute(sql`create table bench_vocabulary as select string_to_array(${words.join(' ')}, ' ') as words`);
  await db.execute(sql`
    create table bench_phrase as
    select i, (select string_agg(v.words[1 + floor(${words.length} * power(random(), 3))::int + 0 * w.j], ' ')
               from generate_series(1, 8 + i % 17) as w(j)) as text
    from generate_series(0, ${phrases - 1}::int) i, bench_vocabulary v`);
  await db.execute(sql`alter table bench_phrase add primary key (i)`);
  progress('phrases', phrases, phrases);
  /** Phrase number k of the pool, for any integer expression k. */
  const phrase = (k: SQL) => sql`(select text from bench_phrase where i = ((${k})::bigint % ${phrases})::int)`;

  progress('authors', 0, authors);
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified)
    select 'bench-' || g, '', 'bench.author.' || g || '@bench.example.org', true from generate_series(1, ${authors}) g
    on conflict do nothing`);
  await db.execute(sql`
    insert into profile (uid, email, saved_at, first_name, last_name, phone, state)
    select 'bench-' || g, 'bench.author.' || g || '@bench.example.org', now(),
           (array['Grace','Daniel','Ruth','Samuel','Hannah','James','Maria','David'])[1 + g % 8],
           (array['Miller','Ortiz','Nguyen','Brooks','Lee','Walker','Garcia','Young','King'])[1 + g % 9],
           '4175550100', 'MO'
    from generate_series(1, ${authors}) g
    on conflict do nothing`);
  await db.execute(sql`
    insert into post_category (name)
    select c from unnest(array['Foster care questions','Adoption','Respite care','Training','Donations','Church ministry',
                               'Teens','Kinship care','Events','Encouragement']) c
    on conflict do nothing`);
  progress('authors', authors, authors);

  const [{ maxId } = { maxId: 0 }] = (await db.execute(sql`select coalesce(max(id), 0)::int as "maxId" from post`)).rows as Array<{
    maxId: number;
  }>;
  for (let from = 1; from <= opts.posts; from += batch) {
    const to = Math.min(opts.posts, from + batch - 1);
    // post_date: one post every 10 minutes up to now, newest last; milliseconds only, as the app writes.
    await db.execute(sql`
      with cats as (select array_agg(id order by id) ids from post_category)
      insert into post (poster_uid, poster_first_name, poster_last_name, poster_email, post_date, updated_at,
                        post_title, post, post_category)
      select 'bench-' || (1 + g % ${authors}), 'Bench', 'Author', 'bench.author.' || (1 + g % ${authors}) || '@bench.example.org',
             date_trunc('milliseconds', now() - (${opts.posts} - g) * interval '10 minutes'),
             date_trunc('milliseconds', now() - (${opts.posts} - g) * interval '10 minutes'),
             initcap(array_to_string((string_to_array(${phrase(sql`g::bigint * 7919`)}, ' '))[1:3 + g % 6], ' ')),
             ${phrase(sql`g::bigint * 104729`)} || E'\n\n' || ${phrase(sql`g::bigint * 15485863`)} || ' ' || ${phrase(sql`g::bigint * 32452843`)},
             cats.ids[1 + (g * 31) % array_length(cats.ids, 1)]
      from generate_series(${from}::int, ${to}::int) g, cats`);
    progress('posts', to, opts.posts);
  }
  // Names as the authors' profiles have them.
  await db.execute(sql`
    update post p set poster_first_name = pr.first_name, poster_last_name = pr.last_name
    from profile pr where pr.uid = p.poster_uid and p.id > ${maxId}`);

  const [{ lo, hi } = { lo: 1, hi: 1 }] = (
    await db.execute(sql`select min(id)::int as lo, max(id)::int as hi from post where id > ${maxId}`)
  ).rows as Array<{ lo: number; hi: number }>;
  for (let from = 1; from <= opts.responses; from += batch) {
    const to = Math.min(opts.responses, from + batch - 1);
    await db.execute(sql`
      insert into post_response (original_post_id, poster_uid, poster_first_name, poster_last_name, poster_email,
                                 post_date, updated_at, post)
      select p.id, p2.uid, p2.first_name, p2.last_name, p2.email, p.post_date + (g % 600) * interval '1 minute',
             p.post_date + (g % 600) * interval '1 minute', ${phrase(sql`g::bigint * 49979687`)} || ' ' || ${phrase(sql`g::bigint * 86028121 + 7`)}
      from generate_series(${from}::int, ${to}::int) g
      join post p on p.id = ${lo}::int + ((g::bigint * 2654435761) % (${hi}::int - ${lo}::int + 1))::int
      join profile p2 on p2.uid = 'bench-' || (1 + (g * 13) % ${authors})`);
    progress('responses', to, opts.responses);
  }

  // The words of each post's responses, as the forum service keeps them.
  const total = hi - lo + 1;
  for (let from = lo; from <= hi; from += batch * 2) {
    const to = Math.min(hi, from + batch * 2 - 1);
    await db.execute(sql`
      update post p set responses_search = s.v
      from (select original_post_id id, strip(to_tsvector('english', string_agg(post, ' '))) v
            from post_response where original_post_id between ${from} and ${to} group by original_post_id) s
      where p.id = s.id`);
    progress('search words of responses', to - lo + 1, total);
  }
  await db.execute(sql`drop table bench_vocabulary`);
  await db.execute(sql`drop table bench_phrase`);
  progress('analyze', 0, 1);
  await db.execute(sql`vacuum analyze post`);
  await db.execute(sql`vacuum analyze post_response`);
  await db.execute(sql`vacuum analyze post_category`);
  progress('analyze', 1, 1);
}

type SQL = ReturnType<typeof sql>;
