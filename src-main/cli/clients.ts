// `station client …`, `station integration …` and `station keys`: the client accounts, the integrations that
// call the API with their own keys, and the station's keys, through the admin facade's services.
import { DESKTOP_INTEGRATION_NAME, type StationAdmin } from '../admin.ts';
import {
  UsageError,
  common,
  dataDirOf,
  optional,
  parse,
  passwordOf,
  passwordOptions,
  print,
  required,
  unknownSubcommand,
  whichOne,
  withAdmin,
  type Options,
} from './arguments.ts';
import { FIRST_CLIENT_USERNAME } from '../admin.ts';
import { forgetFirstRunCredentials } from './first-run.ts';

const addressOptions: Options = {
  address1: { type: 'string' },
  address2: { type: 'string' },
  city: { type: 'string' },
  'postal-code': { type: 'string' },
  state: { type: 'string' },
  country: { type: 'string' },
  contact: { type: 'string' },
  phone: { type: 'string' },
  email: { type: 'string' },
  'tax-id': { type: 'string' },
};
const which: Options = { id: { type: 'string' }, username: { type: 'string' } };

function clientLine(client: Awaited<ReturnType<StationAdmin['clients']['list']>>[number]): string {
  return `${client.id}\t${client.username}\t${client.profile.name}\t${client.profile.country || '-'}\t${client.role ?? '-'}`;
}

export async function clientCommand(sub: string | undefined, args: string[]): Promise<void> {
  switch (sub) {
    case 'add': {
      const values = parse(args, {
        ...common,
        ...addressOptions,
        ...passwordOptions,
        username: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string' },
      });
      const username = required(values, 'username');
      const role = optional(values, 'role');
      const name = required(values, 'name');
      const password = await passwordOf(values);
      const profile = {
        name,
        address1: optional(values, 'address1'),
        address2: optional(values, 'address2'),
        city: optional(values, 'city'),
        postalCode: optional(values, 'postal-code'),
        state: optional(values, 'state'),
        country: optional(values, 'country'),
        contact: optional(values, 'contact'),
        phone: optional(values, 'phone'),
        email: optional(values, 'email'),
        taxIdentification: optional(values, 'tax-id'),
      };
      const client = await withAdmin(values, (admin) => admin.clients.add(admin.actor, { username, password, role, profile }), true);
      print(
        values,
        { id: client.id, clientKey: client.clientKey, role: client.role },
        `Created client ${client.id} (${client.username}, ${client.role}). Client key: ${client.clientKey}`,
      );
      return;
    }
    case 'list': {
      const values = parse(args, common);
      const clients = await withAdmin(values, (admin) => admin.clients.list(admin.actor));
      const json = clients.map((client) => ({
        id: client.id,
        username: client.username,
        name: client.profile.name,
        createdAt: client.createdAt,
        role: client.role,
      }));
      print(
        values,
        json,
        clients.length ? ['id\tusername\tname\tcountry\trole', ...clients.map(clientLine)].join('\n') : 'No clients yet.',
      );
      return;
    }
    case 'rotate-key': {
      const values = parse(args, { ...common, ...which });
      const chosen = whichOne(values);
      const client = await withAdmin(values, (admin) => admin.clients.rotateKey(admin.actor, chosen));
      print(values, { id: client.id, clientKey: client.clientKey }, `New client key for ${client.username}: ${client.clientKey}`);
      return;
    }
    case 'set-password': {
      const values = parse(args, { ...common, ...which, ...passwordOptions });
      const client = whichOne(values);
      const password = await passwordOf(values);
      const changed = await withAdmin(values, (admin) => admin.clients.setPassword(admin.actor, client, password));
      const forgotten = changed.username === FIRST_CLIENT_USERNAME && forgetFirstRunCredentials(dataDirOf(values));
      print(
        values,
        { id: changed.id },
        `Password changed for ${changed.username}.${forgotten ? ` The first-run credentials file is deleted.` : ''}`,
      );
      return;
    }
    case 'remove': {
      const values = parse(args, { ...common, ...which });
      const chosen = whichOne(values);
      const removed = await withAdmin(values, (admin) => admin.clients.remove(admin.actor, chosen));
      if (removed.username === FIRST_CLIENT_USERNAME) forgetFirstRunCredentials(dataDirOf(values));
      print(
        values,
        { id: removed.id },
        `Removed client ${removed.id} (${removed.username}). Its shipments stay; it can no longer sign in.`,
      );
      return;
    }
    case 'set-role': {
      const values = parse(args, { ...common, ...which, role: { type: 'string' } });
      const client = whichOne(values);
      const role = required(values, 'role');
      const changed = await withAdmin(values, (admin) => admin.clients.setRole(admin.actor, client, role));
      print(values, { id: changed.id, role: changed.role }, `${changed.username} is now ${changed.role}.`);
      return;
    }
    case 'merge': {
      const values = parse(args, { ...common, into: { type: 'string' }, from: { type: 'string' } });
      const accountOf = (given: string) => (/^\d+$/.test(given) ? { id: given } : { username: given });
      const into = accountOf(required(values, 'into'));
      const from = accountOf(required(values, 'from'));
      const { into: kept, from: gone, moved } = await withAdmin(values, (admin) => admin.clients.merge(admin.actor, into, from));
      print(
        values,
        { into: kept.id, from: gone.id, moved },
        `Merged client ${gone.id} (${gone.username}) into ${kept.id} (${kept.username}): ${moved.users} user(s), ${moved.shipments} shipment(s), ${moved.orders} order(s) and ${moved.addresses} address(es) moved. Client ${gone.id} is removed; its users sign in as before.`,
      );
      return;
    }
    default:
      throw new UsageError(unknownSubcommand('client', sub, 'add, list, rotate-key, set-password, set-role, remove or merge'));
  }
}

export async function integrationCommand(sub: string | undefined, args: string[]): Promise<void> {
  switch (sub) {
    case 'add': {
      const values = parse(args, { ...common, name: { type: 'string' } });
      const name = required(values, 'name');
      const integration = await withAdmin(values, (admin) => admin.integrations.add(admin.actor, name));
      print(values, { integrationKey: integration.integrationKey }, `Integration key for ${name}: ${integration.integrationKey}`);
      return;
    }
    case 'list': {
      const values = parse(args, common);
      const integrations = await withAdmin(values, (admin) => admin.integrations.list(admin.actor));
      const json = integrations.map(({ id, name, isDesktop, createdAt }) => ({ id, name, isDesktop, createdAt }));
      print(values, json, integrations.map((i) => `${i.id}\t${i.name}${i.isDesktop ? " (this station's desk app)" : ''}`).join('\n'));
      return;
    }
    case 'revoke': {
      const values = parse(args, { ...common, id: { type: 'string' }, name: { type: 'string' } });
      const id = optional(values, 'id');
      const name = optional(values, 'name');
      if ((id === undefined) === (name === undefined)) throw new UsageError('Give exactly one of --id or --name.');
      const revoked = await withAdmin(values, (admin) => admin.integrations.revoke(admin.actor, id !== undefined ? { id } : { name }));
      print(values, { id: revoked.id }, `Revoked the integration key ${revoked.id} (${revoked.name}). Its tokens stop working.`);
      return;
    }
    default:
      throw new UsageError(unknownSubcommand('integration', sub, 'add, list or revoke'));
  }
}

export async function keysCommand(args: string[]): Promise<void> {
  const values = parse(args, common);
  const keys = await withAdmin(values, (admin) => admin.keys);
  print(
    values,
    { serverKey: keys.serverKey, integrationKey: keys.desktopIntegrationKey },
    `Server key (signs Bearer tokens): ${keys.serverKey}\nIntegration key (${DESKTOP_INTEGRATION_NAME}): ${keys.desktopIntegrationKey}`,
  );
}
