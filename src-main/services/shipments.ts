// The shipment use cases of spec 4.1: save, rate, confirm, one-step create (shipments/booking.ts); retrieve,
// delete, documents, tracking and summaries (shipments/records.ts); and the scheduled processing run
// (shipments/scheduled.ts), over the steps they share (shipments/context.ts). The API, the scheduler and the
// admin command all call these.
import { bookingUseCases } from './shipments/booking.ts';
import { createShipmentContext } from './shipments/context.ts';
import { recordUseCases } from './shipments/records.ts';
import { scheduledUseCases } from './shipments/scheduled.ts';
import type { ShipmentService, ShipmentServiceDeps } from './shipments/types.ts';

export type { DocumentFormat, OrderLink, ProcessingRun, ShipmentService, ShipmentServiceDeps, SummaryQuery } from './shipments/types.ts';

export function createShipmentService(deps: ShipmentServiceDeps): ShipmentService {
  const context = createShipmentContext(deps);
  return { ...bookingUseCases(context), ...recordUseCases(context), ...scheduledUseCases(context) };
}
