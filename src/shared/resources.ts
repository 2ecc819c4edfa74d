// Printable and shareable resources (SPEC §2 Resources: downloadable PDF and PNG images).

export type ResourceFormat = 'PDF' | 'PNG';

export type ResourceSummary = {
  id: string;
  title: string;
  description: string;
  format: ResourceFormat;
  /** Paper size and pages, or pixel size: "Letter, 1 page", "1080 × 1080 pixels". */
  details: string;
  fileName: string;
  bytes: number;
  /** Where it downloads from. */
  url: string;
  /** A small picture of it, for images. */
  previewUrl: string | null;
};

/** GET /api/resources. */
export type ResourcesResponse = { resources: ResourceSummary[] };

export const resourceUrl = (id: string) => `/api/resources/${id}`;
export const resourcePreviewUrl = (id: string) => `/api/resources/${id}/preview.png`;
