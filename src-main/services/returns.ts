// Return labels: a return of a shipment that was sent, made and rated like any shipment (immediate or scheduled),
// linked both ways (meta.returnOf on the return, meta.returns on the original), announced as
// shipment.return.created and audited. Optionally paid only once used, where the carrier's rate card offers it, and
// printed at once with the outbound label, to go in the box.
import type { ClientProfile } from '../../src-shared/client.ts';
import type { Address } from '../../src-shared/shipment.ts';
import type { WarehouseService } from './warehouses.ts';
import { ERROR_TEXT, StationError } from '../../src-shared/errors.ts';
import type { ErrorObject } from '../../src-shared/jsonapi.ts';
import { returnAttributes, type ReturnRequest } from '../../src-shared/returns.ts';
import { apiReason } from '../../src-shared/field-expectations.ts';
import { carrierChoiceExpectation, validateShipmentDocument } from '../../src-shared/shipment-validation.ts';
import { STATUS } from '../../src-shared/shipment.ts';
import type { CarrierRegistry } from '../carriers/registry.ts';
import type { Caller } from '../domain/caller.ts';
import type { IdempotencyTicket } from '../domain/idempotency.ts';
import type { PrintJobRecord } from '../domain/print-job.ts';
import type { ShipmentRecord } from '../domain/shipment.ts';
import type { Store } from '../store/index.ts';
import type { PrintService } from './printing.ts';
import type { ShipmentService } from './shipments.ts';

export interface ReturnServiceDeps {
  store: Store;
  shipments: ShipmentService;
  printing: PrintService;
  carriers: CarrierRegistry;
  /** The original's site: its returns address, where it has one. */
  warehouses: WarehouseService;
}

export interface ReturnService {
  /**
   * Makes the return of the caller's processed shipment `originalId`; with printWithOutbound, also its print job.
   * The return is made whatever the printer does: a print refused (no printer, a paused one) is `printError`, and
   * `printRefusal` the refusal as the print route would have answered it (its code and figures, for a desk's words).
   */
  create(
    caller: Caller,
    originalId: string,
    request: ReturnRequest,
    key?: IdempotencyTicket,
  ): Promise<{ record: ShipmentRecord; printJob?: PrintJobRecord; printError?: string; printRefusal?: ErrorObject }>;
}

const refused = (code: 'return.packageUnknown' | 'return.payOnUseNotOffered' | 'return.printNeedsLabel', pointer: string, reason: string) =>
  new StationError(code, ERROR_TEXT.invalidData(pointer.slice(1).split('/').join('.')), { pointer, meta: { reason } });

/** A site's address as a shipment's: the fields it has (an empty one is left out). */
function addressOf(profile: ClientProfile): Address {
  return Object.fromEntries(Object.entries(profile).filter(([, value]) => value.trim() !== '')) as unknown as Address;
}

export function createReturnService(deps: ReturnServiceDeps): ReturnService {
  /** The original, or why it has no return: not the caller's, voided, never sent, or a return itself. */
  const returnable = async (caller: Caller, id: string): Promise<ShipmentRecord> => {
    const original = await deps.shipments.acknowledged(caller, id);
    if (!original) {
      if (await deps.store.shipments.voided(id, caller.client.id, caller.sandbox))
        throw new StationError('return.ofVoided', ERROR_TEXT.returnOfVoided(id), { meta: { reason: 'voided' } });
      throw new StationError('shipment.notFound', ERROR_TEXT.shipmentNotFound);
    }
    const name = original.reference ?? original.id;
    if (original.status !== STATUS.processed)
      throw new StationError('return.ofUnsent', ERROR_TEXT.returnOfUnsent(name), {
        meta: { reason: original.status === STATUS.failed ? 'failed' : 'notProcessed', status: original.status },
      });
    if (original.returnOf)
      throw new StationError('return.ofReturn', ERROR_TEXT.returnOfReturn(name), {
        meta: { reason: 'isReturn', returnOf: original.returnOf },
      });
    return original;
  };

  /** The carriers whose rate cards offer returns paid only once used. */
  const payOnUseCarriers = async () =>
    (await deps.carriers.cards()).filter((entry) => entry.card.returns.payOnUse).map((entry) => entry.card.choiceCode);

  return {
    async create(caller, originalId, request, key) {
      const original = await returnable(caller, originalId);
      const count = original.attributes.packages.length;
      request.packages?.forEach((index, position) => {
        if (index >= count)
          throw refused('return.packageUnknown', `/data/attributes/packages/${position}`, ERROR_TEXT.returnPackageUnknown(index, count));
      });
      if (request.carrierChoice) {
        const choices = await deps.shipments.carrierChoices();
        if (!choices.includes(request.carrierChoice)) {
          throw new StationError('field.invalid', ERROR_TEXT.invalidData('data.meta.carrierChoice'), {
            pointer: '/data/meta/carrierChoice',
            meta: { reason: apiReason('/data/meta/carrierChoice', false, request.carrierChoice, carrierChoiceExpectation(choices)) },
          });
        }
      }
      if (request.payOnUse) {
        const offered = await payOnUseCarriers();
        if (!request.carrierChoice || !offered.includes(request.carrierChoice))
          throw refused(
            'return.payOnUseNotOffered',
            '/data/attributes/payOnUse',
            ERROR_TEXT.payOnUseNotOffered(request.carrierChoice, offered),
          );
      }
      if (request.printWithOutbound && request.scheduledProcessing)
        throw refused('return.printNeedsLabel', '/data/attributes/printWithOutbound', ERROR_TEXT.printWithOutboundScheduled);

      // Back to where the original's site takes its returns (its returns address, else its own), else to the original's sender.
      const site = await deps.warehouses.numbered(caller, original.site ?? 1);
      const back = site.returnAddress ?? site.address;
      const returnTo = back ? addressOf(back) : undefined;
      const checked = validateShipmentDocument(
        { data: { type: 'shipment', attributes: returnAttributes(original.attributes, request.packages, returnTo) } },
        'create',
      );
      if (!checked.ok) {
        const name = original.reference ?? original.id;
        throw StationError.many(
          checked.errors.map((error) => ({
            ...error,
            meta: { ...error.meta, reason: `${ERROR_TEXT.returnFromOriginal(name)} ${String(error.meta?.reason ?? '')}`.trim() },
          })),
        );
      }
      const link = { id: original.id, reason: request.reason, note: request.note ?? null, payOnUse: request.payOnUse };
      const meta = {
        service: request.service,
        scheduledProcessing: request.scheduledProcessing,
        returnOf: link,
        ...(request.carrierChoice ? { carrierChoice: request.carrierChoice } : {}),
      };
      const record = await deps.shipments.create(caller, checked.value, meta, key);
      if (!request.printWithOutbound) return { record };
      // The outbound label goes along only while it has not been printed: printing it again would be a reprint.
      try {
        const outboundPrinted = await deps.store.printJobs.printedBefore(original.id);
        const printJob = await deps.printing.printMany(caller, {
          shipments: outboundPrinted ? [record.id] : [original.id, record.id],
          layout: '4x6',
          sort: 'given',
        });
        return { record, printJob };
      } catch (error) {
        // The return is committed: it is answered, with why it did not print, and prints again from its own page.
        if (!(error instanceof StationError)) throw error;
        return { record, printError: error.message, printRefusal: error.errors[0] };
      }
    },
  };
}
