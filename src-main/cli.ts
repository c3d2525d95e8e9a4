// The `station` admin command: serve the headless station and administer clients, keys and integrations.
// Its forms and JSON outputs are a contract that scripts depend on. This is the dispatcher: each command group is
// a module of cli/, what every command shares is cli/arguments.ts, and the help text is cli/help.ts.
import { StationError } from '../src-shared/errors.ts';
import { UsageError } from './cli/arguments.ts';
import { auditCommand } from './cli/audit.ts';
import { carriersCommand, trackingCommand } from './cli/carriers.ts';
import { clientCommand, integrationCommand, keysCommand } from './cli/clients.ts';
import { configCommand } from './cli/config.ts';
import { HELP } from './cli/help.ts';
import { serveCommand } from './cli/serve.ts';
import { backupCommand, checkCommand, migrateCommand, restoreCommand } from './cli/storage.ts';
import { userCommand } from './cli/users.ts';
import { webhookCommand } from './cli/webhooks.ts';

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'serve':
        await serveCommand(rest);
        return -1;
      case 'client':
        await clientCommand(rest[0], rest.slice(1));
        return 0;
      case 'integration':
        await integrationCommand(rest[0], rest.slice(1));
        return 0;
      case 'keys':
        await keysCommand(rest);
        return 0;
      case 'carriers':
        await carriersCommand(rest[0], rest.slice(1));
        return 0;
      case 'tracking':
        await trackingCommand(rest[0], rest.slice(1));
        return 0;
      case 'webhook':
        await webhookCommand(rest[0], rest.slice(1));
        return 0;
      case 'backup':
        backupCommand(rest);
        return 0;
      case 'migrate':
        await migrateCommand(rest);
        return 0;
      case 'audit':
        await auditCommand(rest);
        return 0;
      case 'user':
        await userCommand(rest[0], rest.slice(1));
        return 0;
      case 'config':
        await configCommand(rest[0], rest.slice(1));
        return 0;
      case 'restore':
        restoreCommand(rest);
        return 0;
      case 'check':
        return (await checkCommand(rest)) ? 0 : 1;
      case 'help':
      case '--help':
      case '-h':
        console.log(HELP);
        return 0;
      case undefined:
        console.error(HELP);
        return 2;
      default:
        throw new UsageError(`Unknown command '${command}'. Run 'npm run --silent station -- help'.`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`station: ${error.message}`);
      return 2;
    }
    if (error instanceof StationError) {
      console.error(`station: ${error.errors.map((e) => e.detail).join(' ')}`);
      // A refused option value (it names the option) is a usage error; anything else, the command failing.
      return error.parameter !== undefined ? 2 : 1;
    }
    console.error(`station: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

const code = await main(process.argv.slice(2));
if (code >= 0) process.exitCode = code;
