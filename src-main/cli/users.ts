// `station user …`: the people of each client account from the admin command (docs/desk.md, "A team at the
// warehouse"). The same rules as Settings → Team and /v3/users, through the user service; --json on each.
import type { StationAdmin } from '../admin.ts';
import {
  UsageError,
  common,
  optional,
  parse,
  passwordOf,
  passwordOptions,
  print,
  required,
  unknownSubcommand,
  whichOne,
  withAdmin,
} from './arguments.ts';

export const USER_HELP = `  user add --client ID --username U (--password P | --password-stdin) [--name NAME] [--role ROLE]
        [--data DIR] [--json]
      Add a person to a client account. ROLE is packer (the default), supervisor or admin; NAME is the
      name the desk shows (the username when not given). Prints {"id","clientId","username","role"}.
  user list [--client ID] [--data DIR] [--json]
      Every account's users, or one account's.
  user set-role (--id ID | --username U) --role ROLE [--data DIR] [--json]
  user set-password (--id ID | --username U) (--password P | --password-stdin) [--data DIR] [--json]
  user remove (--id ID | --username U) [--data DIR] [--json]
      The user can no longer sign in, and their tokens stop working within a second on every desk; what
      they did stays, under their name. An account's last admin stays. A username is never given twice.`;

type UserRecord = Awaited<ReturnType<StationAdmin['users']['find']>>;

const which = { id: { type: 'string' }, username: { type: 'string' } } as const;

const shown = (user: UserRecord) => ({
  id: user.id,
  clientId: user.clientId,
  username: user.username,
  name: user.name,
  role: user.role,
  createdAt: user.createdAt,
});
const line = (user: UserRecord) => `${user.id}\t${user.clientId}\t${user.username}\t${user.name}\t${user.role}`;

export async function userCommand(sub: string | undefined, args: string[]): Promise<void> {
  switch (sub) {
    case 'add': {
      const values = parse(args, {
        ...common,
        ...passwordOptions,
        client: { type: 'string' },
        username: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string' },
      });
      const clientId = required(values, 'client');
      const username = required(values, 'username');
      const name = optional(values, 'name');
      const role = optional(values, 'role');
      const password = await passwordOf(values);
      const user = await withAdmin(values, (admin) => admin.users.add(admin.actor, { clientId, username, password, name, role }));
      print(
        values,
        { id: user.id, clientId: user.clientId, username: user.username, role: user.role },
        `Added user ${user.id} (${user.username}, ${user.role}) to client ${user.clientId}.`,
      );
      return;
    }
    case 'list': {
      const values = parse(args, { ...common, client: { type: 'string' } });
      const clientId = optional(values, 'client');
      const users = await withAdmin(values, (admin) => admin.users.list(admin.actor, clientId));
      print(values, users.map(shown), users.length ? ['id\tclient\tusername\tname\trole', ...users.map(line)].join('\n') : 'No users.');
      return;
    }
    case 'set-role': {
      const values = parse(args, { ...common, ...which, role: { type: 'string' } });
      const chosen = whichOne(values);
      const role = required(values, 'role');
      const user = await withAdmin(values, (admin) => admin.users.setRole(admin.actor, chosen, role));
      print(values, { id: user.id, role: user.role }, `${user.username} is now ${user.role}.`);
      return;
    }
    case 'set-password': {
      const values = parse(args, { ...common, ...which, ...passwordOptions });
      const chosen = whichOne(values);
      const password = await passwordOf(values);
      const user = await withAdmin(values, (admin) => admin.users.setPassword(admin.actor, chosen, password));
      print(values, { id: user.id }, `Password changed for ${user.username}.`);
      return;
    }
    case 'remove': {
      const values = parse(args, { ...common, ...which });
      const chosen = whichOne(values);
      const user = await withAdmin(values, (admin) => admin.users.remove(admin.actor, chosen));
      print(values, { id: user.id }, `Removed user ${user.id} (${user.username}). What they did stays; they can no longer sign in.`);
      return;
    }
    default:
      throw new UsageError(unknownSubcommand('user', sub, 'add, list, set-role, set-password or remove'));
  }
}
