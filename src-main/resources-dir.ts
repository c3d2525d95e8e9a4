// Where the bundled rate cards and fonts are: resources/ beside src-main/ (and beside out/ once built). A module of
// its own so that the admin command finds them without loading the station's server.
import { fileURLToPath } from 'node:url';

export const DEFAULT_RESOURCES_DIR = fileURLToPath(new URL('../resources/', import.meta.url));
