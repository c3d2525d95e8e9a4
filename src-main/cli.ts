// The `station` admin command: serve the headless station and administer clients, keys and integrations.
// Its forms and JSON outputs are a contract that scripts depend on. This is the dispatcher: each command group is
// a module of cli/, loaded when its command runs (so `serve` listens before the station's modules are loaded), what
// every command shares is cli/arguments.ts, and the help text is cli/help.ts.
import { StationError } from '../src-shared/errors.ts';
import { UsageError } from './cli/arguments.ts';

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'serve':
        await (await import('./cli/serve.ts')).serveCommand(rest);
        return -1;
      case 'client':
        await (await import('./cli/clients.ts')).clientCommand(rest[0], rest.slice(1));
        return 0;
      case 'integration':
        await (await import('./cli/clients.ts')).integrationCommand(rest[0], rest.slice(1));
        return 0;
      case 'keys':
        await (await import('./cli/clients.ts')).keysCommand(rest);
        return 0;
      case 'carriers':
        await (await import('./cli/carriers.ts')).carriersCommand(rest[0], rest.slice(1));
        return 0;
      case 'tracking':
        await (await import('./cli/carriers.ts')).trackingCommand(rest[0], rest.slice(1));
        return 0;
      case 'webhook':
        await (await import('./cli/webhooks.ts')).webhookCommand(rest[0], rest.slice(1));
        return 0;
      case 'backup':
        (await import('./cli/storage.ts')).backupCommand(rest);
        return 0;
      case 'migrate':
        await (await import('./cli/storage.ts')).migrateCommand(rest);
        return 0;
      case 'audit':
        await (await import('./cli/audit.ts')).auditCommand(rest);
        return 0;
      case 'user':
        await (await import('./cli/users.ts')).userCommand(rest[0], rest.slice(1));
        return 0;
      case 'site':
        await (await import('./cli/sites.ts')).siteCommand(rest[0], rest.slice(1));
        return 0;
      case 'config':
        await (await import('./cli/config.ts')).configCommand(rest[0], rest.slice(1));
        return 0;
      case 'restore':
        (await import('./cli/storage.ts')).restoreCommand(rest);
        return 0;
      case 'check':
        return (await (await import('./cli/storage.ts')).checkCommand(rest)) ? 0 : 1;
      case 'help':
      case '--help':
      case '-h':
        console.log((await import('./cli/help.ts')).HELP);
        return 0;
      case undefined:
        console.error((await import('./cli/help.ts')).HELP);
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
