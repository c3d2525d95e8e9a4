// `station carriers …` and `station tracking …`: the carriers' settings (rate cards, surcharges, the upstream
// gateway) and the tracking events an operator adds by hand.
import { UsageError, common, optional, parse, print, required, unknownSubcommand, withAdmin } from './arguments.ts';
import { validateUpstreamSettings } from '../../src-shared/upstream.ts';

export async function carriersCommand(sub: string | undefined, args: string[]): Promise<void> {
  switch (sub) {
    case 'list': {
      const values = parse(args, common);
      const { cards, problems, unavailable, upstreams, cutoffs } = await withAdmin(values, async (admin) => ({
        cutoffs: await admin.carriers.cutoffs(),
        cards: await admin.carriers.cards(),
        problems: admin.carriers.problems(),
        unavailable: admin.carriers.unavailable(),
        upstreams: await admin.carriers.upstreamSettings(),
      }));
      // Keys stay out of the listing.
      const gateways = upstreams.map(({ code, name, baseUrl, version, clientId }) => ({
        carrierChoice: code,
        name,
        baseUrl,
        version,
        clientId,
      }));
      const json = cards.map(({ card, source, file, fuelSurchargePercent }) => ({
        carrierChoice: card.choiceCode,
        carrierCode: card.carrierCode,
        carrierName: card.carrierName,
        services: card.services.map((service) => service.serviceCode),
        fuelSurchargePercent,
        cutoffTime: cutoffs[card.choiceCode] ?? null,
        vatPercent: card.vatPercent,
        source,
        file,
      }));
      const lines = cards.map(
        ({ card, source, fuelSurchargePercent }) =>
          `${card.choiceCode}\t${card.carrierName}\t${card.services.map((service) => service.serviceCode).join(',')}\tfuel ${fuelSurchargePercent}%\tVAT ${card.vatPercent}%\tcutoff ${cutoffs[card.choiceCode] ?? 'none'}\t${source}`,
      );
      const stopped = unavailable.map((entry) => ({ carrierChoice: entry.choiceCode ?? null, file: entry.file, reason: entry.reason }));
      print(
        values,
        { cards: json, problems, unavailable: stopped, upstreams: gateways },
        [
          ...lines,
          ...gateways.map(
            (entry) => `${entry.carrierChoice}\t${entry.name}\tupstream ${entry.baseUrl}/${entry.version} as client ${entry.clientId}`,
          ),
          ...problems.map((problem) => `skipped: ${problem}`),
          ...unavailable.map((entry) => `unavailable: ${entry.choiceCode ?? 'every carrier'}: ${entry.reason}`),
        ].join('\n'),
      );
      return;
    }
    case 'set-surcharge': {
      const values = parse(args, { ...common, carrier: { type: 'string' }, percent: { type: 'string' } });
      const carrier = required(values, 'carrier');
      const percentText = required(values, 'percent');
      const percent = await withAdmin(values, (admin) => admin.carriers.setFuelSurcharge(admin.actor, carrier, percentText));
      print(values, { carrierChoice: carrier, fuelSurchargePercent: percent }, `Fuel surcharge of ${carrier} is now ${percent}%.`);
      return;
    }
    case 'set-cutoff': {
      const values = parse(args, { ...common, carrier: { type: 'string' }, time: { type: 'string' } });
      const carrier = required(values, 'carrier');
      const timeText = required(values, 'time');
      const time = await withAdmin(values, (admin) =>
        admin.carriers.setCutoff(admin.actor, carrier, timeText === 'none' ? null : timeText),
      );
      print(
        values,
        { carrierChoice: carrier, cutoffTime: time },
        time === null
          ? `${carrier} has no cutoff time: shipments ship the day they are made.`
          : `Shipments for ${carrier} made from ${time} on ship the next working day.`,
      );
      return;
    }
    case 'add-upstream': {
      const values = parse(args, {
        ...common,
        code: { type: 'string' },
        name: { type: 'string' },
        url: { type: 'string' },
        version: { type: 'string' },
        'client-id': { type: 'string' },
        'client-key': { type: 'string' },
        'server-key': { type: 'string' },
      });
      const checked = validateUpstreamSettings({
        code: required(values, 'code'),
        name: optional(values, 'name') ?? required(values, 'code'),
        baseUrl: required(values, 'url'),
        version: optional(values, 'version') ?? 'v3',
        clientId: required(values, 'client-id'),
        clientKey: required(values, 'client-key'),
        serverKey: required(values, 'server-key'),
      });
      if (!checked.ok) {
        const options: Record<string, string> = {
          code: '--code (2 to 10 capital letters or digits)',
          name: '--name',
          baseUrl: '--url (an http or https URL)',
          version: '--version (v3 or v3-testing)',
          clientId: '--client-id (a client id)',
          clientKey: '--client-key',
          serverKey: '--server-key',
        };
        throw new UsageError(`Invalid ${checked.fields.map((field) => options[field] ?? field).join(', ')}.`);
      }
      await withAdmin(values, (admin) => admin.carriers.addUpstream(admin.actor, checked.value));
      const { code, name, baseUrl, version, clientId } = checked.value;
      print(
        values,
        { carrierChoice: code, name, baseUrl, version, clientId },
        `${name} (${code}) books through ${baseUrl}/${version} as client ${clientId}; its rates are quoted as ${code}.<carrier>.`,
      );
      return;
    }
    case 'remove-upstream': {
      const values = parse(args, { ...common, code: { type: 'string' } });
      const code = required(values, 'code').toUpperCase();
      await withAdmin(values, (admin) => admin.carriers.removeUpstream(admin.actor, code));
      print(values, { carrierChoice: code }, `Removed the upstream service ${code}. Shipments it booked keep their labels and tracking.`);
      return;
    }
    default:
      throw new UsageError(unknownSubcommand('carriers', sub, 'list, set-surcharge, set-cutoff, add-upstream or remove-upstream'));
  }
}

export async function trackingCommand(sub: string | undefined, args: string[]): Promise<void> {
  if (sub !== 'add') throw new UsageError(unknownSubcommand('tracking', sub, 'add'));
  const values = parse(args, {
    ...common,
    shipment: { type: 'string' },
    status: { type: 'string' },
    at: { type: 'string' },
    text: { type: 'string' },
    location: { type: 'string' },
  });
  const key = required(values, 'shipment');
  const statusText = required(values, 'status');
  const at = required(values, 'at');
  const { shipment, status } = await withAdmin(values, (admin) =>
    admin.tracking.add(admin.actor, key, {
      status: statusText,
      at,
      text: optional(values, 'text'),
      location: optional(values, 'location'),
    }),
  );
  print(
    values,
    { id: shipment.id, trackingStatus: status, trackingDate: at },
    `Tracking event ${status} at ${at} added to ${shipment.reference}.`,
  );
}
