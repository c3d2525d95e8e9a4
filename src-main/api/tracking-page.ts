// The public tracking page for people: what a receiver sees following links.tracking in a browser. Carrier,
// status in words, the history, ship and delivery dates, and where it goes (city and country only: the link
// may be forwarded, so no name, street, phone or email). Static HTML with inline style and no script.
import { trackingStatusLabel } from '../../src-shared/tracking-status.ts';
import type { ShipmentRecord, TrackingEvent } from '../domain/shipment.ts';

const DELIVERED = 5;
const regions = new Intl.DisplayNames(['en'], { type: 'region' });

function countryName(code: string): string {
  try {
    return regions.of(code) ?? code;
  } catch {
    return code;
  }
}

const escape = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export function trackingPage(record: ShipmentRecord, history: readonly TrackingEvent[]): string {
  const latest = history[0];
  const delivered = history.find((event) => event.status === DELIVERED);
  const to = record.attributes.shipTo;
  const destination = [to.city, countryName(to.country)].filter(Boolean).join(', ');
  const rows = history
    .map(
      (event) =>
        `<tr><td>${escape(event.occurredAt)}</td><td>${escape(trackingStatusLabel(event.status))}</td><td>${escape(event.location)}</td><td>${escape(event.text)}</td></tr>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Parcel ${escape(record.trackingNumber ?? '')}: ${escape(trackingStatusLabel(latest?.status ?? null))}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 44rem; padding: 1.5rem; color: #1b1f24; }
  h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
  dt { color: #57606a; }
  table { border-collapse: collapse; width: 100%; margin-top: 1rem; }
  th, td { text-align: left; padding: .4rem .5rem; border-bottom: 1px solid #d0d7de; vertical-align: top; }
  .status { font-size: 1.2rem; font-weight: 600; }
</style>
</head>
<body>
<main>
<h1>Your parcel</h1>
<p class="status" role="status">${escape(trackingStatusLabel(latest?.status ?? null))}</p>
<dl>
  <dt>Carrier</dt><dd>${escape(record.carrierName ?? '')}${record.serviceName ? ` · ${escape(record.serviceName)}` : ''}</dd>
  <dt>Tracking number</dt><dd>${escape(record.trackingNumber ?? '')}</dd>
  <dt>Shipped</dt><dd>${escape(record.shipDate)}</dd>
  <dt>Delivered</dt><dd>${delivered ? escape(delivered.occurredAt) : 'Not yet'}</dd>
  <dt>Going to</dt><dd>${escape(destination)}</dd>
</dl>
<h2>History</h2>
${history.length === 0 ? '<p>No tracking events yet. They appear here as the carrier reports them.</p>' : `<table><caption>Newest first</caption><thead><tr><th scope="col">When</th><th scope="col">Status</th><th scope="col">Where</th><th scope="col">Details</th></tr></thead><tbody>${rows}</tbody></table>`}
</main>
</body>
</html>
`;
}

/** For a link that names no parcel: mistyped, cut short, or of a shipment that was voided. */
export function unknownParcelPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>Parcel not found</title><style>body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 44rem; padding: 1.5rem; }</style></head>
<body><main><h1>Parcel not found</h1><p>This tracking link names no parcel. Check that the whole link was copied, or ask the sender for a new one.</p></main></body></html>
`;
}
