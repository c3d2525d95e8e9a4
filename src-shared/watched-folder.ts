// The watched orders folder as a station setting (docs/shipments.md, "Watched folder"): GET /orders-folder answers the
// folder set, as whom its files are imported, and whether the station watches it now (and why not); PATCH
// /orders-folder (admin) changes it, checked with these rules. `station serve --orders-folder` wins over the setting.
import { z } from 'zod';
import { expects, validateResource, type Result } from './resource-validation.ts';
import { resourceSchema } from './resource-schema.ts';

/**
 * Why the station does not watch the folder set: folderMissing: it is not there (or not a folder); folderNotWritable:
 * the station cannot make imported/, failed/ and .importing/ in it; userUnknown: no user of that name can sign in;
 * userNeeded: no user is set and the station has no one account with an admin to import as.
 */
export const ORDERS_FOLDER_PROBLEMS = ['folderMissing', 'folderNotWritable', 'userUnknown', 'userNeeded'] as const;
export type OrdersFolderProblem = (typeof ORDERS_FOLDER_PROBLEMS)[number];

/** Paths the station takes: from the root (/srv/orders), a drive (C:\orders) or a share (\\server\orders). */
const ABSOLUTE_PATH = /^(?:\/|[A-Za-z]:[\\/]|\\\\[^\\]+\\)/;
/** Whether a path is absolute as the station takes it (the desk checks a folder before sending it). */
export const isAbsoluteFolderPath = (path: string): boolean => ABSOLUTE_PATH.test(path);
/** The longest path or user name taken. */
export const ORDERS_FOLDER_PATH_MAX = 1000;

export const ordersFolderAttributesSchema = z.object({
  /** The folder set on the station (an absolute path), or null for none. */
  folder: z.string().nullable(),
  /** The user as whom its files are imported; null: the only account's first admin. */
  user: z.string().nullable(),
  /** The folder given to `station serve` (--orders-folder, STATION_ORDERS_FOLDER): it wins over the setting. */
  commandLine: z.object({ folder: z.string(), user: z.string().nullable() }).nullable(),
  /** Whether this desk's station watches a folder now. */
  watching: z.boolean(),
  /** The folder watched now: the command line's, else the setting's; null when none is. */
  watchedFolder: z.string().nullable(),
  /** Why the folder set is not watched, when it is not. */
  problem: z.enum(ORDERS_FOLDER_PROBLEMS).nullable(),
  /** The problem in English, naming the folder or the user. */
  problemText: z.string().nullable(),
});
export type OrdersFolderAttributes = z.infer<typeof ordersFolderAttributesSchema>;

export const ordersFolderResourceSchema = resourceSchema('ordersFolder', ordersFolderAttributesSchema, { id: z.literal('station') }).meta({
  id: 'OrdersFolder',
});
export type OrdersFolderResource = z.infer<typeof ordersFolderResourceSchema>;

/** A text member: trimmed, empty as null; absent: no change. */
const optionalText = (what: string) =>
  expects(z.string().trim().max(ORDERS_FOLDER_PATH_MAX).nullable(), what)
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));

const FOLDER_WORDS = `an absolute path to a folder on the station's computer, such as /srv/orders-in or C:\\Orders (at most ${ORDERS_FOLDER_PATH_MAX} characters), or null for no folder.`;

/** The folder as a request may give it: absolute (spaces around it trimmed), or empty for none; the pattern is the description's too. */
const FOLDER_INPUT = /^\s*$|^\s*(?:\/|[A-Za-z]:[\\/]|\\\\[^\\]+\\)/;

export const ordersFolderChangeSchema = z.object({
  folder: expects(z.string().regex(FOLDER_INPUT).trim().max(ORDERS_FOLDER_PATH_MAX).nullable(), FOLDER_WORDS)
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null)),
  user: optionalText('the username as whom the folder’s files are imported, or null for the only account’s first admin'),
});
export type OrdersFolderChange = z.output<typeof ordersFolderChangeSchema>;

/** PATCH /orders-folder: the folder, the user or both; null for none. */
export function validateOrdersFolderChange(document: unknown): Result<OrdersFolderChange> {
  return validateResource(document, 'ordersFolder', ordersFolderChangeSchema, false) as Result<OrdersFolderChange>;
}
