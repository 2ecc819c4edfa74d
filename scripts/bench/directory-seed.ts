import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { STATE_CODES } from '../../src/shared/states';

// Seeds members in SQL (INSERT … SELECT generate_series), in batches so progress can be shown: accounts and
// saved profiles with names, cities, churches and organisations drawn from lists, so searches match some
// members and not others, as in a real directory.

export const FIRST_NAMES = `Grace Daniel Ruth Samuel Hannah James Maria David Sarah John Esther Joseph Mary Peter Anna Paul
  Rebecca Mark Leah Luke Naomi Caleb Lydia Aaron Priscilla Isaac Abigail Jacob Deborah Andrew Miriam Philip Martha
  Thomas Rachel Stephen Eunice Timothy Joanna Nathan Susanna Silas Elena Mateo Sofia Diego Camila Luis Valentina
  Carlos Isabella Minh Linh Kwame Ama Chidi Ngozi Emeka Zoe Liam Noah Olivia Emma Ava Mia Ethan Lucas`.split(/\s+/);

export const LAST_NAMES = `Miller Ortiz Nguyen Brooks Lee Walker Garcia Young King Smith Johnson Williams Brown Jones Davis
  Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Thompson White Harris
  Sanchez Clark Ramirez Lewis Robinson Wright Scott Torres Hill Flores Green Adams Nelson Baker Hall Rivera Campbell
  Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales
  Murphy Cook Rogers Gutierrez Ortega Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson
  Watson Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long Ross Foster
  Jimenez Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson Barnes Gonzales Fisher Vasquez Simmons
  Romero Jordan Patterson Alexander Hamilton Graham Reynolds Griffin Wallace Moreno West Cole Hayes Bryant Herrera
  Gibson Ellis Tran Medina Aguilar Stevens Murray Ford Castro Marshall Owens Harrison Fernandez McDonald Woods
  Washington Kennedy Wells Vargas Henry Chen Freeman Webb Tucker Guzman Burns Crawford Olson Simpson Porter Hunter
  Gordon Mendez Silva Shaw Snyder Mason Dixon Munoz Hunt Hicks Holmes Palmer Wagner Black Robertson Boyd Rose Stone
  Salazar Fox Warren Mills Meyer Rice Schmidt Garza Daniels Ferguson Nichols Stephens Soto Weaver Ryan Gardner Payne
  Grant Dunn Kelley Spencer Hawkins Arnold Pierce Vazquez Hansen Peters Santos Hart Bradley Knight Elliott Cunningham
  Duncan Armstrong Hudson Carroll Lane Riley Andrews Alvarado Ray Delgado Berry Perkins Hoffman Johnston Matthews`
  .split(/\s+/)
  .filter(Boolean);

export const CITIES = `Springfield Joplin Branson Columbia Houston Dallas Austin Phoenix Tucson Boston Worcester Concord
  Sacramento Fresno Tulsa Wichita Omaha Denver Boise Atlanta Savannah Orlando Tampa Miami Nashville Memphis Louisville
  Raleigh Charlotte Richmond Norfolk Columbus Cleveland Dayton Detroit Lansing Chicago Peoria Madison Milwaukee
  Minneapolis Duluth Seattle Spokane Portland Eugene Reno Albuquerque Lubbock Amarillo Jackson Mobile Birmingham
  Hartford Providence Newark Trenton Baltimore Dover Pittsburgh Harrisburg Buffalo Albany Burlington Manchester Bangor`
  .split(/\s+/)
  .filter(Boolean);

const CHURCH_WORDS = `Central Harbor Hillside Valley River Grace Calvary Bethel Victory Cornerstone Living Hope Faith
  Trinity Lighthouse Crossroads Highland Redemption Summit Harvest Northside Southside Eastgate Westwood Journey`
  .split(/\s+/)
  .filter(Boolean);

const ORGANISATIONS = [
  'AG U.S. Missions',
  'General Council of the Assemblies of God',
  'Southern Missouri District Council',
  'Evangel University',
  'Hope Family Services',
  'Royal Rangers',
  'Chi Alpha',
  'Convoy of Hope',
  'Teen Challenge',
  'Foster Care Alliance',
];

/** Item number k (an SQL integer expression over g) of a literal list, cycling. The lists are ours. */
function pick(xs: readonly string[], k: string) {
  const items = xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',');
  return sql.raw(`(array[${items}])[1 + ((${k}) % ${xs.length})]`);
}

export type SeedProgress = (phase: string, done: number, total: number) => void;

/**
 * Adds `members` accounts with saved profiles: about 90% of them answer Yes to ag_affiliated (listed), 40%
 * are foster parents, 15% AG credentialed; names, cities, churches, states and organisations vary.
 */
export async function seedDirectory(db: Db, opts: { members: number; batch?: number; onProgress?: SeedProgress }): Promise<void> {
  const batch = opts.batch ?? 2000;
  const progress = opts.onProgress ?? (() => undefined);
  for (let from = 1; from <= opts.members; from += batch) {
    const to = Math.min(opts.members, from + batch - 1);
    await db.execute(sql`
      insert into "user" (id, name, email, email_verified)
      select 'bench-dir-' || g, '', 'bench.member.' || g || '@bench.example.org', true
      from generate_series(${from}::int, ${to}::int) g
      on conflict do nothing`);
    // Multipliers spread the lists' items over the members without visible patterns.
    await db.execute(sql`
      insert into profile (uid, email, saved_at, first_name, last_name, phone, state, city, street_address, user_zip,
                           church, ag_church, ag_affiliated, ag_credentialed, foster_parent, number_of_foster_kids,
                           org_ag, org_ag_title, org_other, comments)
      select 'bench-dir-' || g, 'bench.member.' || g || '@bench.example.org', now(),
             ${pick(FIRST_NAMES, 'g * 7')}, ${pick(LAST_NAMES, 'g * 13 + g / 7')},
             '417555' || lpad((g % 10000)::text, 4, '0'),
             ${pick(STATE_CODES, 'g * 31 + g / 3')}, ${pick(CITIES, 'g * 17 + g / 11')},
             g || ' Private Street', lpad((10000 + g % 89999)::text, 5, '0'),
             ${pick(CHURCH_WORDS, 'g * 11')} || ' ' || (array['Assembly','Church','Assembly of God','Worship Center'])[1 + g % 4],
             case when g % 3 = 0 then 'No' else 'Yes' end::yes_no,
             case when g % 10 = 0 then 'No' else 'Yes' end::yes_no,
             case when (g * 7) % 20 < 3 then 'Yes' else 'No' end::yes_no,
             case when (g * 3) % 5 < 2 then 'Yes' else 'No' end::yes_no,
             (g * 3) % 5,
             case when g % 4 = 0 then ${pick(ORGANISATIONS, 'g / 4')} end,
             case when g % 4 = 0 then 'Volunteer' end,
             case when g % 6 = 1 then ${pick(ORGANISATIONS, 'g / 6 + 3')} end,
             case when g % 5 = 0 then 'Happy to help with respite care and meals.' end
      from generate_series(${from}::int, ${to}::int) g
      on conflict do nothing`);
    progress('members', to, opts.members);
  }
  await db.execute(sql`vacuum analyze profile`);
  await db.execute(sql`vacuum analyze "user"`);
}
