// How every list answers its paging (docs/api.md, "The API in short"): meta.page of a list, shared by the station and
// the desk's client.
import { z } from 'zod';

/** The size a page was answered with, the list's largest, and, when more was asked, that it was capped. */
export const pageMetaSchema = z
  .object({ size: z.number(), maxSize: z.number(), requested: z.number().optional(), capped: z.literal(true).optional() })
  .meta({ id: 'PageMeta' });
export type PageMeta = z.infer<typeof pageMetaSchema>;
