// Scheduled processing: a run claims waiting shipments, prices, books and documents each in the document
// workers' batch lane, and records each as it is done; what meets a fault outside itself waits for the next run.
import { randomUUID } from 'node:crypto';
import { StationError } from '../../../src-shared/errors.ts';
import { RenderFailedError } from '../../documents/pool.ts';
import type { ShipmentRecord } from '../../domain/shipment.ts';
import { StoreFaultError } from '../../domain/store-fault.ts';
import { UpstreamRefusedError, UpstreamUnreachableError } from '../../carriers/upstream-client.ts';
import { noServiceReason, pickByService, priceShipment } from '../processing.ts';
import type { ProcessingRun, ShipmentService } from './types.ts';
import type { ShipmentContext } from './context.ts';

export function scheduledUseCases(context: ShipmentContext): Pick<ShipmentService, 'processWaiting' | 'releaseStaleClaims'> {
  const { store, carriers, clock, logger, bookAndRender, readDay } = context;
  return {
    async processWaiting(limit) {
      // Runs never overlap and one station holds a data folder, so a claim found now is left by a run that could
      // not release it (the disk was full): its shipments wait again.
      await store.shipments.releaseWaitingClaims();
      const token = randomUUID();
      const claimed = await store.shipments.claimWaiting({ limit, token });
      const run: ProcessingRun = { claimed: claimed.length, processed: 0, failed: 0, deferred: 0 };
      // Each account's site's calendar and closed days are read once a run, however many of its shipments wait.
      const days = new Map<string, ReturnType<typeof readDay>>();
      const readDayOf = (record: ShipmentRecord) => {
        const site = record.site ?? 1;
        const key = `${record.clientId}:${record.sandbox}:${site}`;
        if (!days.has(key)) days.set(key, readDay({ client: { id: record.clientId }, sandbox: record.sandbox, site }));
        return days.get(key)!;
      };
      // The whole batch goes to the document workers at once, in their batch lane: requests at the desk go
      // first. Each result is recorded in its own transaction as it arrives.
      const processOne = async (record: ShipmentRecord) => {
        try {
          const dates = await readDayOf(record);
          const list = await priceShipment(carriers, record.attributes, {
            shipDate: () => record.shipDate,
            holidays: dates.holidays,
            choiceCode: record.carrierChoice,
            sandbox: record.sandbox,
          });
          // The carrier could not be asked (an upstream that is down): the shipment waits in the outbox.
          if (list.quotes.length === 0 && list.unavailable.some((entry) => entry.unreachable))
            throw new UpstreamUnreachableError(noServiceReason(list));
          const quote = pickByService(list.quotes, (record.service ?? 'economy') as 'express' | 'economy');
          if (!quote) {
            if (await store.shipments.fail(record.id, token, noServiceReason(list))) run.failed++;
            return;
          }
          // Made for today, and its carrier's day was closed while it waited: it ships on the carrier's next working day.
          const later = record.shipDate === dates.today && !record.returnOf ? dates.dayAfterClose(quote.carrierCode) : undefined;
          const redated = later === undefined ? undefined : { shipDate: later, attributes: { ...record.attributes, shipDate: later } };
          const attributes = redated?.attributes ?? record.attributes;
          const shipDate = redated?.shipDate ?? record.shipDate;
          const input = {
            shipmentId: record.id,
            attributes,
            shipDate,
            sandbox: record.sandbox,
            reference: record.reference!,
            quote,
            at: clock(),
            lane: 'batch' as const,
            retry: true,
            ...(record.returnOf ? { returnLabel: { payOnUse: record.payOnUse === true } } : {}),
          };
          if (
            await bookAndRender(input, (processed) =>
              store.shipments.complete(record.id, token, redated ? { ...processed, redated } : processed),
            )
          )
            run.processed++;
        } catch (error) {
          // Only a reason in the shipment itself ends it at -1: a document that kills the renderer twice. A full
          // disk, a locked database, a busy or stopping renderer, or a bug leave it waiting for the next run.
          if (
            (error instanceof RenderFailedError || error instanceof UpstreamRefusedError) &&
            (await failQuietly(record, token, error.message))
          ) {
            run.failed++;
            return;
          }
          run.deferred++;
          if (error instanceof UpstreamUnreachableError) {
            // Said once per run, not once per shipment: a thousand may wait for the same upstream.
            upstreamProblem = error.message;
            return;
          }
          const why = error instanceof StoreFaultError || error instanceof StationError ? error.message : undefined;
          if (why) logger.warn(`Shipment ${record.reference ?? record.id} waits for the next run: ${why}`);
          else logger.error(`Processing shipment ${record.reference ?? record.id} failed; it waits for the next run`, error);
        }
      };
      const failQuietly = async (record: ShipmentRecord, claim: string, reason: string) => {
        try {
          return await store.shipments.fail(record.id, claim, reason);
        } catch {
          return false;
        }
      };
      let upstreamProblem: string | undefined;
      const running: Promise<void>[] = [];
      for (const record of claimed) {
        running.push(processOne(record));
        // Pricing and booking run on this thread: let requests in between shipments, so a batch never stalls the desk.
        await new Promise((resolve) => setImmediate(resolve));
      }
      await Promise.all(running);
      if (upstreamProblem) logger.warn(`Shipments wait in the outbox for the upstream service: ${upstreamProblem}`);
      // What this run could not finish waits again at once, not after a timeout.
      if (run.deferred > 0) {
        await store.shipments
          .releaseRunClaims(token)
          .catch((error: unknown) => logger.warn(`Claims of this run stay until the next run: ${(error as Error).message}`));
      }
      return run;
    },

    releaseStaleClaims: (before) => store.shipments.releaseClaims(before.toISOString()),
  };
}
