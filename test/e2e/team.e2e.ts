// A team in Chromium (README, "A team at the warehouse"): an admin runs Settings → Team (adds a packer, changes a
// role, resets a password, removes someone), and a packer and a supervisor work on two browsers at once: the
// supervisor sees and voids the packer's parcel, and the packer, removed meanwhile, is signed out on their next
// call. The people made here are removed again, and their one parcel is voided, so other files count as before.
import { expect, openScreen, shipmentDocument, signIn, signInAs, test } from './fixtures.ts';
import { authenticationHash, serviceApiAuthorization } from '../../src-shared/auth-hash.ts';
import { setClock } from '../helpers/clock.ts';

// The account's team and orders are counted exactly here: a station of its own, not the worker's shared one. Its
// clock is set to a Monday morning, so the parcel made here ships today and Today counts it whatever day the test
// runs (on a real Saturday it would ship on Monday, and Saturday's Today would show none).
test.use({ stationOf: 'team', stationClock: { clock: setClock('2026-11-23 10:00', 'Europe/Rome') } });

test.describe.configure({ mode: 'serial' });

const ADMIN = { username: 'team-boss', password: 'team-boss-2026' };
const PACKER = { username: 'team-tina', name: 'Tina Packer', password: 'team-tina-2026', newPassword: 'team-tina-again-2026' };

test('Settings → Team: an admin adds a packer, changes a role, resets a password, and removes a leaver', async ({
  page,
  station,
  snap,
}) => {
  const account = (await station.api('GET', '/clients/current')).json.data.id as string;
  const added = await station.cli([
    'user',
    'add',
    '--client',
    account,
    '--username',
    ADMIN.username,
    '--password',
    ADMIN.password,
    '--name',
    'Bea Boss',
    '--role',
    'admin',
    '--json',
  ]);
  expect(added.code, added.stderr).toBe(0);
  await signInAs(page, station.url, ADMIN.username, ADMIN.password);
  // The top bar: account · user (role) · desk.
  await expect(page.locator('.app__client')).toHaveText('Bottega Verdi');
  await expect(page.getByText(`${ADMIN.username} (admin) · desk e2e-desk`)).toBeVisible();

  await openScreen(page, 'Settings');
  const team = page.getByRole('region', { name: 'Team' });
  const people = team.getByRole('table', { name: 'Team' });
  await expect(people.getByRole('row')).toHaveText([
    /Name/,
    new RegExp(`^Anna Verdi\\s*${station.username}`),
    new RegExp(`^Bea Boss \\(you\\)\\s*${ADMIN.username}`),
  ]);

  // A too-short password is refused with the station's words; then the packer is added.
  const form = team.getByRole('form', { name: 'Add a person' });
  await form.getByLabel('Username', { exact: true }).fill(PACKER.username);
  await form.getByLabel('Name', { exact: true }).fill(PACKER.name);
  await form.getByLabel('First password').fill('short');
  await form.getByRole('button', { name: 'Add person' }).click();
  await expect(team.getByRole('alert')).toContainText('Expected a password of at least 10 characters; got a text of 5 characters.');
  await form.getByLabel('First password').fill(PACKER.password);
  await form.getByRole('button', { name: 'Add person' }).click();
  await expect(team.getByRole('status')).toHaveText(`${PACKER.username} can sign in now, as packer.`);
  const row = people.getByRole('row', { name: new RegExp(`^${PACKER.name}`) });
  await expect(row.getByRole('combobox', { name: `Role of ${PACKER.username}` })).toHaveValue('packer');

  // A role changed, and back; a new password.
  await row.getByRole('combobox', { name: `Role of ${PACKER.username}` }).selectOption('supervisor');
  await expect(team.getByRole('status')).toHaveText(`${PACKER.username} is now supervisor.`);
  await row.getByRole('combobox', { name: `Role of ${PACKER.username}` }).selectOption('packer');
  await expect(team.getByRole('status')).toHaveText(`${PACKER.username} is now packer.`);
  await row.getByRole('button', { name: 'Reset password' }).click();
  await row.getByLabel(`New password for ${PACKER.username}`).fill(PACKER.newPassword);
  await row.getByRole('button', { name: 'Set' }).click();
  await expect(team.getByRole('status')).toHaveText(`${PACKER.username} has a new password.`);
  // The admin cannot remove themselves, nor demote the account's last admin.
  await expect(people.getByRole('row', { name: /Bea Boss/ }).getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  await people
    .getByRole('row', { name: /Bea Boss/ })
    .getByRole('combobox')
    .selectOption('packer');
  await expect(team.getByRole('alert')).toContainText(`'${ADMIN.username}' is the account's last admin`);
  await snap(page, 'settings-team');
  // The audit log has every change, by the admin.
  const audit = await station.api('GET', `/audit-events?filter[actor]=${ADMIN.username}&page[size]=20`);
  expect(audit.json.data.map((event: { attributes: { action: string } }) => event.attributes.action)).toEqual(
    expect.arrayContaining(['user.added', 'user.role-changed', 'user.password-changed']),
  );
});

test('a packer and a supervisor on two browsers at once: the supervisor sees and voids the packer’s parcel; the removed packer is signed out', async ({
  browser,
  page,
  station,
  snap,
}) => {
  // The packer's own browser.
  const packerContext = await browser.newContext();
  const packerPage = await packerContext.newPage();
  try {
    await signInAs(packerPage, station.url, PACKER.username, PACKER.newPassword);
    await expect(packerPage.getByText(`${PACKER.username} (packer) · desk e2e-desk`)).toBeVisible();
    // The packer ships (as the desk does, through the API, with the packer's own token).
    const keys = JSON.parse((await station.cli(['keys', '--json'])).stdout);
    const signedIn = await fetch(`${station.url}/v3/clients/authentication`, {
      method: 'POST',
      headers: { Authorization: serviceApiAuthorization(authenticationHash(PACKER.username, PACKER.newPassword), keys.integrationKey) },
    });
    const token = (await signedIn.json()).meta.token as string;
    const document = shipmentDocument({ scheduledProcessing: false, service: 'economy', carrierChoice: 'UPS' });
    document.data.attributes.shipTo = { ...document.data.attributes.shipTo, name: 'Team Receiver' };
    const made = await fetch(`${station.url}/v3/shipments`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/vnd.api+json' },
      body: JSON.stringify(document),
    });
    expect(made.status).toBe(201);
    const reference = (await made.json()).data.meta.reference as string;

    // The supervisor's browser: the account's Shipments, with who made each, filtered to the packer.
    await signIn(page, station);
    await openScreen(page, 'Shipments');
    const list = page.getByRole('table', { name: 'Shipments' });
    const parcel = list.getByRole('row', { name: new RegExp(reference) });
    await expect(parcel).toContainText(PACKER.username);
    await page.getByLabel('Made by').selectOption(PACKER.username);
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(list.getByRole('row')).toHaveCount(2);
    await parcel.getByRole('button', { name: new RegExp(`^Open shipment ${reference}`) }).click();
    const detail = page.getByRole('region', { name: 'Shipment detail' });
    await expect(detail).toContainText(`${PACKER.username} at desk e2e-desk`);
    await snap(page, 'team-supervisor-shipments');

    // The packer's browser at the same time: the same parcel on their Today, counted as theirs.
    await packerPage.reload();
    await expect(
      packerPage.getByRole('table', { name: 'Parcels made today per person' }).getByRole('row', { name: new RegExp(PACKER.name) }),
    ).toContainText('1');

    // Reports: parcels per person, and the whole report narrowed to one person.
    await openScreen(page, 'Reports');
    const perPerson = page.getByRole('figure', { name: 'Parcels per person' });
    await expect(perPerson.locator('.recharts-bar-rectangle').first()).toBeVisible();
    await perPerson.getByText('Parcels per person as a table').click();
    await expect(perPerson.getByRole('table').getByRole('row', { name: new RegExp(`^${PACKER.name}\\s*1`) })).toBeVisible();
    await page.getByLabel('Made by').selectOption({ label: PACKER.name });
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(page.getByText(`, made by ${PACKER.name}.`, { exact: false })).toBeVisible();

    await openScreen(page, 'Shipments');
    await list
      .getByRole('row', { name: new RegExp(reference) })
      .getByRole('button', { name: new RegExp(`^Open shipment ${reference}`) })
      .click();

    // The supervisor voids it.
    await detail.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Confirm delete' }).getByRole('button', { name: 'Yes, delete' }).click();
    await expect
      .poll(async () => (await station.api('GET', `/shipment-summaries?filter[createdBy]=${PACKER.username}`)).json.data.length)
      .toBe(0);

    // The admin removes the packer (the CLI here); the packer's next call, within a second, signs them out.
    const removed = await station.cli(['user', 'remove', '--username', PACKER.username, '--json']);
    expect(removed.code, removed.stderr).toBe(0);
    // The station rechecks its users every second: once it refuses the packer's token, their next call signs them out.
    const packerToken = await packerPage.evaluate(
      () => (JSON.parse(localStorage.getItem('shipping-station.session') ?? '{}') as { token?: string }).token ?? '',
    );
    await expect
      .poll(
        async () =>
          (
            await fetch(`${station.url}/v3/test`, {
              headers: { Accept: 'application/vnd.api+json', Authorization: `Bearer ${packerToken}` },
            })
          ).status,
      )
      .toBe(401);
    await openScreen(packerPage, 'Shipments');
    await expect(packerPage.getByLabel('Username')).toBeVisible();
    await expect(packerPage.getByRole('alert')).toContainText('Your session ended');
    // And they cannot sign in again.
    await packerPage.getByLabel('Username').fill(PACKER.username);
    await packerPage.getByLabel('Password').fill(PACKER.newPassword);
    await packerPage.keyboard.press('Enter');
    await expect(packerPage.getByRole('alert')).toContainText('Wrong username or password');
  } finally {
    await packerContext.close();
    // The admin of the first test leaves too: the other files see the account as it was.
    await station.cli(['user', 'remove', '--username', ADMIN.username]);
  }
});
