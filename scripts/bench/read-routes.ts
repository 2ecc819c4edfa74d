import { signUpBenchMember, timedGet } from './support';

/** A route under load: its paths (taken in turn), whom it is for, and the headers that make a request theirs. */
export type ReadRoute = { label: string; paths: string[]; kind: 'ceiling' | 'public' | 'member'; headers?: Record<string, string> };

/**
 * The reads that touch the database (issue 14), after `/healthz`, the ceiling: public reads (states, forum list,
 * a category, 50 posts, categories) and member reads (directory, a search, /api/me, /api/profile) as a member
 * signed up through the API now. `members` is the seeded count (5 posts each).
 */
export async function readRoutes(base: string, members: number): Promise<ReadRoute[]> {
  const ip = '198.18.9.1';
  const profile = { firstName: 'Bench', lastName: 'Reader', phone: '4175550100', state: 'MO', agAffiliated: 'Yes' };
  const { cookie } = await signUpBenchMember(base, { email: `bench.reader.${Date.now()}@bench.example.org`, ip, profile });
  const member = { cookie, 'x-forwarded-for': ip };
  const categories = (await timedGet(`${base}/api/post-categories`)).body as { categories: Array<{ name: string }> };
  const category = categories.categories[0]?.name ?? 'General';
  const postIds = Array.from({ length: 50 }, (_, i) => `/api/posts/${1 + ((i * 7919) % (members * 5))}`);
  return [
    { label: '/healthz (the ceiling)', paths: ['/healthz'], kind: 'ceiling' },
    { label: '/api/states', paths: ['/api/states'], kind: 'public' },
    { label: '/api/posts (first page)', paths: ['/api/posts'], kind: 'public' },
    { label: '/api/posts?category=…', paths: [`/api/posts?category=${encodeURIComponent(category)}`], kind: 'public' },
    { label: '/api/posts/:id (50 posts)', paths: postIds, kind: 'public' },
    { label: '/api/post-categories', paths: ['/api/post-categories'], kind: 'public' },
    { label: '/api/directory (first page)', paths: ['/api/directory'], kind: 'member', headers: member },
    {
      label: '/api/directory?q=… (a search)',
      paths: ['/api/directory?q=miller', '/api/directory?q=spring'],
      kind: 'member',
      headers: member,
    },
    { label: '/api/me', paths: ['/api/me'], kind: 'member', headers: member },
    { label: '/api/profile', paths: ['/api/profile'], kind: 'member', headers: member },
  ];
}
