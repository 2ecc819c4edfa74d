import type { Context } from 'hono';
import * as contracts from '../../shared/contracts/public';
import type { AppDeps } from '../deps';
import type { Locale } from '../i18n';
import { isNotModified, notModified } from '../http/caching';
import { contractRouter, guarded } from '../http/contracts';
import { AppError } from '../http/errors';
import { documentLanguage, sayLanguage } from '../http/document-language';
import type { ResourceLibrary, RenderedResource } from './library';

// Public (product.md §3.16: resources are for everyone), and so are their pictures. The files change only with a
// new release or site address.
const CACHE_CONTROL = 'public, max-age=3600';

/** The library is the app's (app.ts): the background job draws the printables' thumbnails into the same one. */
export function resourceRoutes(deps: Pick<AppDeps, 'config' | 'database'>, library: ResourceLibrary) {
  type Make = (id: string, locale: Locale) => Promise<RenderedResource> | undefined;
  const send = async (c: Context, id: string, make: Make, disposition: 'attachment' | 'inline') => {
    const language = documentLanguage(c);
    const made = make(id, language.locale);
    if (!made) throw new AppError('NOT_FOUND', /*i18n*/ 'There is no such resource.');
    const file = await made;
    sayLanguage(c, language);
    if (isNotModified(c, file.etag)) return notModified(c, file.etag, CACHE_CONTROL);
    c.header('ETag', file.etag);
    c.header('Cache-Control', CACHE_CONTROL);
    c.header('Content-Type', file.contentType);
    c.header('Content-Disposition', `${disposition}; filename="${file.fileName}"`);
    c.header('Content-Length', String(file.body.length));
    return c.body(new Uint8Array(file.body));
  };

  return contractRouter()
    .openapi(guarded(deps, contracts.listResources), async (c) => {
      // The list is in words (titles, descriptions) of the asker's language, or of the one its link names.
      const language = documentLanguage(c);
      sayLanguage(c, language);
      c.header('Cache-Control', 'public, max-age=300');
      return c.json({ resources: await library.list(language.locale) }, 200);
    })
    .openapi(guarded(deps, contracts.getResource), (c) => send(c, c.req.valid('param').id, library.file, 'attachment'))
    .openapi(guarded(deps, contracts.getResourcePreview), (c) => send(c, c.req.valid('param').id, library.preview, 'inline'));
}
