// Sites (warehouses) of an account as the API offers them (docs/operations.md, "Sites"): each with its sender
// address, its returns address, its calendar (time zone, holidays, carrier cutoffs), its printers' defaults and its
// desks. Site 1 is the
// account's main site, which every account has (its address is the account's own until one is set); every
// shipment, manifest and day summary names its site. What a member left null takes: the account's address, the
// station's zone, holidays and cutoffs; a print default left out, the account's older choice or the built-in one.
import { z } from 'zod';
import { CUTOFF_TIME } from './administration.ts';
import { canonicalTimeZone } from './calendar.ts';
import { CLIENT_PROFILE_RULES, clientProfileSchema, profileAttributesSchema, type ClientProfile } from './client.ts';
import { HOLIDAY, HOLIDAYS_MAX, TIME_ZONES } from './calendar-settings.ts';
import { PRINT_DPIS, PRINT_FORMATS, PRINT_LABEL_SIZES, printSettingsChangeSchema, type PrintSettings } from './printing.ts';
import { expects, validateResource, type Result } from './resource-validation.ts';
import { resourceSchema } from './resource-schema.ts';

/** The main site's number: the one every account has, and every shipment made before sites existed. */
export const MAIN_SITE = 1;
/** Sites an account keeps at most. */
export const SITES_MAX = 50;
/** `site=all` in a query: every site of the account (supervisors and admins). */
export const ALL_SITES = 'all';

const addressAttributes = profileAttributesSchema;

/**
 * A site's print defaults: what a desk at the site prints with where its account chose nothing at that desk
 * (PATCH /print-settings), member by member; a member left out falls to the account's choice from before desks,
 * then the built-in default. A printer is named only where the site's desks share one model of printer.
 */
export type SitePrinting = Partial<Omit<PrintSettings, 'printer' | 'a4Printer'>> & { printer?: string; a4Printer?: string };
/** The members of a site's print defaults, in the order the desk and the CLI show them. */
export const SITE_PRINTING_MEMBERS = ['format', 'dpi', 'size', 'autoPrint', 'printer', 'a4Printer'] as const;

const sitePrintingSchema = z
  .object({
    format: z.enum(PRINT_FORMATS).optional().meta({ description: 'The label printer’s format: pdf, zpl, epl2 or png.' }),
    dpi: z
      .union([z.literal(PRINT_DPIS[0]), z.literal(PRINT_DPIS[1])])
      .optional()
      .meta({ description: 'The label printer’s dots per inch.' }),
    size: z.enum(PRINT_LABEL_SIZES).optional().meta({ description: 'The stock of PDF labels: 4x6, 4x8, a6 or a5.' }),
    autoPrint: z.boolean().optional().meta({ description: 'Whether a label prints as soon as its shipment is confirmed.' }),
    printer: z.string().optional().meta({ description: 'The label printer of the site’s desks (a printer of the printing system).' }),
    a4Printer: z.string().optional().meta({ description: 'The A4 printer of the site’s desks.' }),
  })
  .meta({
    id: 'SitePrinting',
    description:
      'The print defaults of the site’s desks: each member given is what a desk at the site prints with until its account chooses otherwise at that desk (PATCH /print-settings); a member left out falls to the account’s earlier choice, then the built-in default.',
  });

export const warehouseAttributesSchema = z
  .object({
    name: z.string().meta({ description: 'The site’s name, unique in the account: Milan, Verona.' }),
    main: z.boolean().meta({ description: 'The account’s main site (site 1): it cannot be removed.' }),
    address: addressAttributes.nullable().meta({
      description: 'The sender of the site’s shipments and the pickups’ address; null: the account’s own address (PATCH /clients/current).',
    }),
    returnAddress: addressAttributes.nullable().meta({ description: 'Where the site’s returns go; null: the site’s address.' }),
    timeZone: z.string().nullable().meta({ description: 'The site’s IANA time zone; null: the station’s (GET /calendar).' }),
    holidays: z.array(z.string()).nullable().meta({ description: 'Days the site ships nothing besides weekends; null: the station’s.' }),
    cutoffs: z.record(z.string(), z.string()).nullable().meta({
      description:
        'Cutoff times (HH:MM) by carrier choice at this site, keyed by the choice’s code as GET /carriers names it; a carrier not named keeps the station’s.',
    }),
    printing: sitePrintingSchema.nullable().meta({
      description: 'The print defaults of the site’s desks; null: none (each desk’s account’s choices, else the built-in ones).',
    }),
  })
  .meta({ id: 'WarehouseAttributes' });

export const warehouseMetaSchema = z.object({
  thisDesk: z.boolean().meta({ description: 'Whether the desk that answered stands at this site.' }),
});

export const warehouseResourceSchema = resourceSchema('warehouse', warehouseAttributesSchema, {
  meta: warehouseMetaSchema,
}).meta({ id: 'Warehouse' });
export type WarehouseResource = z.infer<typeof warehouseResourceSchema>;

/** A site as the station keeps it. */
export interface Site {
  number: number;
  name: string;
  address: ClientProfile | null;
  returnAddress: ClientProfile | null;
  timeZone: string | null;
  holidays: string[] | null;
  cutoffs: Record<string, string> | null;
  /** Absent in sites kept before print defaults existed: none. */
  printing?: SitePrinting | null;
}

/** The main site an account has before anyone set it up: the account's own address and the station's calendar. */
export const defaultMainSite = (accountName: string): Site => ({
  number: MAIN_SITE,
  name: accountName.trim() || 'Main',
  address: null,
  returnAddress: null,
  timeZone: null,
  holidays: null,
  cutoffs: null,
  printing: null,
});

// Not white space alone: said as a pattern too, so the description refuses what the station does (a name of spaces).
const siteName = expects(
  z.string().regex(/\S/, 'required').trim().min(1, 'required').max(35, 'at most 35 characters'),
  'the site’s name, unique in the account: 1 to 35 characters',
);

/** A member a site's address must have: what a shipment's sender needs (src-shared/client.ts SENDER_FIELDS). */
const needed = (max: number, what: string) =>
  expects(z.string().regex(/\S/, 'required').trim().max(max, `at most ${max} characters`), `${what}: 1 to ${max} characters (required)`);

/** A site's address: the sender of its shipments, so it has what a sender needs; the other fields as the profile's. */
const address = expects(
  clientProfileSchema
    .extend({
      name: CLIENT_PROFILE_RULES.name,
      contact: needed(35, 'the contact person'),
      address1: needed(30, 'the street and number'),
      postalCode: needed(30, 'the postal code'),
      city: needed(30, 'the city'),
      country: expects(
        z
          .string()
          .trim()
          .toUpperCase()
          .regex(/^[A-Z]{2}$/, 'a two-letter ISO 3166-1 code'),
        'an ISO 3166-1 alpha-2 country code such as IT (case does not matter; required)',
      ),
      email: expects(
        z.string().trim().max(50, 'at most 50 characters').regex(z.regexes.email, 'an e-mail address'),
        'an e-mail address such as name@example.com, at most 50 characters (required)',
      ),
    })
    .nullable(),
  'an address {name, contact, address1, address2, postalCode, city, state, country, phone, email, taxIdentification} with what a sender needs (name, contact, street, postal code, city, country, e-mail), or null for the account’s own',
);

const timeZone = expects(
  z.preprocess((given) => (typeof given === 'string' ? (canonicalTimeZone(given) ?? given) : given), z.enum(TIME_ZONES)).nullable(),
  'an IANA time zone name such as Europe/Rome (case does not matter), or null for the station’s',
);

const holidays = expects(
  z
    .array(z.string().trim().regex(HOLIDAY, 'a date as YYYY-MM-DD'))
    .max(HOLIDAYS_MAX)
    .transform((days) => [...new Set(days)].sort())
    .nullable(),
  `the site’s holidays: an array of at most ${HOLIDAYS_MAX} dates as YYYY-MM-DD, or null for the station’s`,
);

const cutoffs = expects(
  z.record(z.string().trim().min(1), z.string().trim().regex(CUTOFF_TIME)).nullable(),
  'cutoff times by carrier choice, such as {"UPS": "16:30"} (a carrier’s code as GET /carriers names it, in any case, once; HH:MM, 00:00 to 23:59), or null for the station’s',
);

/** The rules of PATCH /print-settings, each member also null: on a site, null takes the default away. */
const printRules = printSettingsChangeSchema.shape;
const printing = expects(
  z
    .object({
      format: printRules.format.unwrap().nullable().optional(),
      dpi: printRules.dpi.unwrap().nullable().optional(),
      size: printRules.size.unwrap().nullable().optional(),
      autoPrint: printRules.autoPrint.unwrap().nullable().optional(),
      printer: printRules.printer,
      a4Printer: printRules.a4Printer,
    })
    .nullable(),
  'the print defaults of the site’s desks {format, dpi, size, autoPrint, printer, a4Printer}, each as PATCH /print-settings takes it (a member null or left out: no default), or null for none; a change replaces the members it names only',
);

/** POST /warehouses: a new site; only its name is needed. */
export const newWarehouseSchema = z.object({
  name: siteName,
  address: address.optional(),
  returnAddress: address.optional(),
  timeZone: timeZone.optional(),
  holidays: holidays.optional(),
  cutoffs: cutoffs.optional(),
  printing: printing.optional(),
});
export type NewWarehouse = z.infer<typeof newWarehouseSchema>;

/** PATCH /warehouses/<id>: any member; absent ones stay, null ones go back to what the account or station says. */
export const warehouseChangeSchema = newWarehouseSchema.partial();
export type WarehouseChange = z.infer<typeof warehouseChangeSchema>;

export function validateNewWarehouse(document: unknown): Result<NewWarehouse> {
  return validateResource(document, 'warehouse', newWarehouseSchema, false) as Result<NewWarehouse>;
}

export function validateWarehouseChange(document: unknown): Result<WarehouseChange> {
  return validateResource(document, 'warehouse', warehouseChangeSchema, false) as Result<WarehouseChange>;
}

/** The site a query names: a site's number, `all`, or absent (the desk's own). */
export const SITE_PARAMETER = /^\s*(?:[1-9][0-9]{0,5}|all)?\s*$/i;
export const SITE_PARAMETER_WORDS =
  'The site: its id, or all for every site of the account (supervisors and admins); the desk’s own site when absent.';
