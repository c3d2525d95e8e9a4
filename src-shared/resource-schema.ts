// The shape of a JSON:API resource object as the station answers it, as a zod schema: every response schema of
// src-shared is built with it, so `type`, `id` and `attributes` are described one way throughout.
import { z } from 'zod';

/** The schema of a resource object of one type: its attributes, and its own members (meta, links, or another id). */
export function resourceSchema<T extends string, A extends z.ZodType, E extends z.ZodRawShape = {}>(type: T, attributes: A, extra?: E) {
  return z.object({ type: z.literal(type), id: z.string(), attributes, ...extra } as unknown as Omit<
    { type: z.ZodLiteral<T>; id: z.ZodString; attributes: A },
    keyof E
  > &
    E);
}
