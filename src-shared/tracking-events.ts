// A tracking event as a request records it (POST /shipments/:id/tracking/events): the status on the carrier-neutral
// scale, when it happened, and what the carrier says. Shared by the route table, the station and the desk.
import { z } from 'zod';

export const trackingEventRequestSchema = z
  .object({
    status: z.union([z.number().int(), z.string()]).meta({ description: 'A code of the tracking status scale (README, “Tracking”).' }),
    occurredAt: z.string().meta({ description: 'When it happened, on the station’s clock: YYYY-MM-DD HH:MM:SS.' }),
    text: z.string().nullish(),
    location: z.string().nullish(),
  })
  .meta({ id: 'TrackingEventRequestAttributes' });
