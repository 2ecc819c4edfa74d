import type { Context } from 'hono';
import * as contracts from '../../shared/contracts/public';
import type { AppDeps } from '../deps';
import { isNotModified, notModified } from '../http/caching';
import { contractRouter, guarded } from '../http/contracts';
import { AppError } from '../http/errors';
import { createResourceLibrary, type RenderedResource } from './library';

// Public (product.md §3.16: resources are for everyone). The files change only with a new release or site address.
const CACHE_CONTROL = 'public, max-age=3600';

export function resourceRoutes(deps: Pick<AppDeps, 'config' | 'database'>) {
  const library = createResourceLibrary({ publicUrl: deps.config.publicUrl });

  const send = async (c: Context, made: Promise<RenderedResource> | undefined, disposition: 'attachment' | 'inline') => {
    if (!made) throw new AppError('NOT_FOUND', 'There is no such resource.');
    const file = await made;
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
      c.header('Cache-Control', 'public, max-age=300');
      return c.json({ resources: await library.list() }, 200);
    })
    .openapi(guarded(deps, contracts.getResource), (c) => send(c, library.file(c.req.valid('param').id), 'attachment'))
    .openapi(guarded(deps, contracts.getResourcePreview), (c) => send(c, library.preview(c.req.valid('param').id), 'inline'));
}
