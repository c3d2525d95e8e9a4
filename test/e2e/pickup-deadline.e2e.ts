// A pickup whose cancellation deadline has passed shows as passed, with no Cancel: the station runs in a zone where
// it is after UPS's 12:00 deadline right now (chosen when the test starts), and today's UPS pickup is on screen.
import { expect, openScreen, shipmentDocument, signedIn, test } from './fixtures.ts';

/** A whole-hour zone where the wall clock reads between 13:00 and 22:59 now: past 12:00, still the same day. */
function zoneWherePastNoon(now = new Date()): { zone: string; today: string } {
  for (let offset = -12; offset <= 14; offset++) {
    // Etc/GMT zones are named with the sign the other way round: Etc/GMT-2 is two hours ahead of UTC.
    const zone = offset === 0 ? 'Etc/UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(now)
        .map((part) => [part.type, part.value]),
    );
    if (Number(parts.hour) >= 13 && Number(parts.hour) <= 22) return { zone, today: `${parts.year}-${parts.month}-${parts.day}` };
  }
  throw new Error('no whole-hour zone is between 13:00 and 22:59 now');
}

const { zone, today } = zoneWherePastNoon();
test.use({ stationTimeZone: zone });

test('a pickup past its carrier’s deadline says so and offers no Cancel; the station refuses one too', async ({ page, station, snap }) => {
  const document = shipmentDocument({ scheduledProcessing: false, service: 'economy', carrierChoice: 'UPS' });
  Object.assign(document.data.attributes, { shipDate: today, booking: true });
  const created = await station.api('POST', '/shipments', document);
  expect(created.status).toBe(201);

  await signedIn(page, station);
  await openScreen(page, 'Close day');
  await page.getByLabel('Ship date').fill(today);
  const row = page.getByRole('table', { name: 'Pickups' }).locator('tr').filter({ hasText: 'UPS' });
  await expect(row).toContainText('Booked; cancellation closed at 12:00');
  await expect(row).not.toContainText('cancel until');
  await expect(row.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
  await snap(page, 'pickup-deadline-passed');
  expect((await station.api('DELETE', `/pickups/${created.json.data.id}`)).status).toBe(409);
});
