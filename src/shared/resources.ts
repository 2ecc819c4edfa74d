// Printable and shareable resources (product.md §3.16: downloadable PDF and PNG images).

import { z } from 'zod';

export const resourceFormatSchema = z.enum(['PDF', 'PNG']);
export type ResourceFormat = z.infer<typeof resourceFormatSchema>;

export const resourceSummarySchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    format: resourceFormatSchema,
    /** Paper size and pages, or pixel size: "Letter, 1 page", "1080 × 1080 pixels". */
    details: z.string(),
    fileName: z.string(),
    bytes: z.number().int(),
    /** Where it downloads from. */
    url: z.string(),
    /**
     * A small picture of it: a smaller copy of an image, a printable's first page. Null when there is none (a
     * printable whose page could not be drawn): the page shows a generic sheet instead.
     */
    previewUrl: z.string().nullable(),
    /** The picture's size in pixels, so the page keeps its place before it loads; null with no picture. */
    previewWidth: z.number().int().nullable(),
    previewHeight: z.number().int().nullable(),
  })
  .meta({ id: 'Resource' });
export type ResourceSummary = z.infer<typeof resourceSummarySchema>;

export const resourcesResponseSchema = z.object({ resources: z.array(resourceSummarySchema) });
export type ResourcesResponse = z.infer<typeof resourcesResponseSchema>;

export const resourceUrl = (id: string) => `/api/resources/${id}`;
export const resourcePreviewUrl = (id: string) => `/api/resources/${id}/preview.png`;
