import { OPEN_AUTH_ROUTES } from '../auth/routes';
import type { App } from '../app';

/**
 * Every route the app serves, as "METHOD /path" (Hono's patterns): its own routes, and Better Auth's open
 * ones in place of the wildcard that hands them over. Tests that must cover every route start from this
 * list, so a route added without them fails.
 */
export function servedRoutes(app: App): string[] {
  const served = new Set<string>();
  for (const r of app.routes) {
    if (r.method === 'ALL') continue; // middleware, and the API's own 404
    if (r.path === '/api/auth/*') continue;
    served.add(`${r.method} ${r.path}`);
  }
  for (const route of OPEN_AUTH_ROUTES) {
    const [method, action] = route.split(' ');
    served.add(`${method} /api/auth${action}`);
  }
  return [...served];
}
