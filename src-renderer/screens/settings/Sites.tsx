// Settings → Sites: the account's sites (warehouses), the main one first, each with its sender and returns
// addresses, its time zone, holidays and cutoffs (or what it takes from the account and the station), and its desks'
// print defaults. Admins add and change them; a supervisor or admin makes this desk stand at one; everyone else
// reads them.
import React, { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFILE_FIELD_ORDER, SENDER_FIELDS, type ClientProfile } from '../../../src-shared/client.ts';
import { STATE_REQUIRED } from '../../../src-shared/countries.ts';
import { fieldText } from '../../i18n/field-text.ts';
import { SITE_PRINTING_MEMBERS, type NewWarehouse, type SitePrinting } from '../../../src-shared/warehouses.ts';
import { PRINT_DPIS, PRINT_FORMATS, PRINT_LABEL_SIZES, type PrintFormat, type PrintLabelSize } from '../../../src-shared/printing.ts';
import type { CarrierResource, PrinterAttributes } from '../../../src-shared/resources.ts';
import { LABEL_SIZE_NAMES } from '../../i18n/print-format.ts';
import { usePrinting } from '../../store/printing.ts';
import type { MessageKey } from '../../i18n/messages/en.ts';
import { formatDate } from '../../i18n/format.ts';
import { sayIt, type Said } from '../../i18n/said.ts';
import { CountryPicker } from '../../components/CountryPicker.tsx';
import { Field, FieldError } from '../../components/Field.tsx';
import { ErrorNotice } from '../../components/Notice.tsx';
import { ROUTES } from '../../../src-shared/routes.ts';
import { api } from '../../store/session.ts';
import { useSiteSettings } from '../../store/site-settings.ts';
import { useSites, type Site } from '../../store/sites.ts';
import { useStationClock } from '../../store/station-clock.ts';

/** The desk's words, as a screen's t says them. */
type Say = (key: MessageKey, values?: Record<string, unknown>) => string;
type AddressField = keyof ClientProfile;
const ADDRESS_ORDER = PROFILE_FIELD_ORDER;
const addressLabel = (field: AddressField): MessageKey => `account.${field}`;
const emptyAddress = (): ClientProfile => Object.fromEntries(ADDRESS_ORDER.map((field) => [field, ''])) as unknown as ClientProfile;
const oneLine = (address: ClientProfile) =>
  [address.name, address.address1, `${address.postalCode} ${address.city}`.trim(), address.country].filter(Boolean).join(', ');

type PrintingMember = keyof SitePrinting;
const FORMAT_NAMES = {
  pdf: 'settings.pdf',
  zpl: 'settings.zpl',
  epl2: 'settings.epl2',
  png: 'settings.png',
} as const satisfies Record<PrintFormat, MessageKey>;
/** Auto-print's choices as the form keeps them, and their words. */
const AUTO_PRINT_WORDS = { yes: 'sites.yes', no: 'sites.no' } as const satisfies Record<string, MessageKey>;
/** Each print default's name: the words of the desk's own print settings. */
const PRINTING_NAMES = {
  format: 'settings.labelFormat',
  dpi: 'settings.resolution',
  size: 'settings.labelSize',
  autoPrint: 'settings.autoPrint',
  printer: 'settings.labelPrinter',
  a4Printer: 'settings.a4Printer',
} as const satisfies Record<PrintingMember, MessageKey>;

/** A print default's value in words: the format and size by their names, the dpi, yes or no, a printer's name. */
function printingValue(t: Say, member: PrintingMember, value: string | number | boolean): string {
  if (member === 'format') return t(FORMAT_NAMES[value as PrintFormat]);
  if (member === 'dpi') return t('settings.dpi', { dpi: value });
  if (member === 'size') return t(LABEL_SIZE_NAMES[value as PrintLabelSize]);
  if (member === 'autoPrint') return t(AUTO_PRINT_WORDS[value ? 'yes' : 'no']);
  return String(value);
}

/** A printer the station sees, as the desk's own printer lists say it (its description, queue and state). */
const printerWords = (t: Say, printer: PrinterAttributes | undefined) =>
  printer
    ? t('settings.printerOption', {
        description: printer.description,
        name: printer.name,
        status: printer.status,
        isDefault: printer.isDefault ? 'yes' : 'no',
      })
    : undefined;

/** The zones the browser knows, for the zone field's suggestions. */
const ZONES: readonly string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

export function Sites({ canEdit, canChoose }: { canEdit: boolean; canChoose: boolean }): React.JSX.Element {
  const { t } = useTranslation();
  const sites = useSites((state) => state.sites);
  const { status, error, chooseForDesk, clear } = useSiteSettings();
  // The site being changed (its id), 'new' for a site being added, or null.
  const [editing, setEditing] = useState<string | null>(null);
  const [carriers, setCarriers] = useState<CarrierResource[]>([]);
  useEffect(() => {
    void useSites.getState().learn(api());
    void api()
      .call(ROUTES.carriers)
      .then((answer) => setCarriers(answer.data))
      .catch(() => setCarriers([]));
  }, []);
  const edit = (id: string | null) => {
    clear();
    setEditing(id);
  };

  return (
    <section className="card" aria-labelledby="sites-heading">
      <div className="card__head">
        <h2 id="sites-heading">{t('sites.heading')}</h2>
        {canEdit && editing === null ? (
          <button type="button" className="secondary" onClick={() => edit('new')}>
            {t('sites.add')}
          </button>
        ) : null}
      </div>
      <p className="muted">{t('sites.lead')}</p>
      {editing === 'new' ? <SiteForm site={null} carriers={carriers} onDone={() => edit(null)} /> : null}
      <ul className="sites" aria-label={t('sites.heading')}>
        {sites.map((site) =>
          editing === site.id ? (
            <li key={site.id}>
              <SiteForm site={site} carriers={carriers} onDone={() => edit(null)} />
            </li>
          ) : (
            <li key={site.id} aria-label={site.attributes.name}>
              <SiteFacts site={site} carriers={carriers} />
              <div className="form-actions">
                {canEdit && editing === null ? (
                  <button type="button" className="secondary" onClick={() => edit(site.id)}>
                    {t('sites.edit', { name: site.attributes.name })}
                  </button>
                ) : null}
                {canChoose && site.meta?.thisDesk !== true ? (
                  <button type="button" className="secondary" disabled={status === 'saving'} onClick={() => void chooseForDesk(site.id)}>
                    {t('sites.standHere')}
                  </button>
                ) : null}
              </div>
            </li>
          ),
        )}
      </ul>
      {editing === null ? <ErrorNotice message={error} /> : null}
      {!canEdit ? <p className="muted">{t('sites.byAdmin')}</p> : null}
    </section>
  );
}

function SiteFacts({ site, carriers }: { site: Site; carriers: readonly CarrierResource[] }): React.JSX.Element {
  const { t } = useTranslation();
  const stationZone = useStationClock((state) => state.timeZone);
  const { attributes } = site;
  const carrierName = (code: string) => carriers.find((carrier) => carrier.id === code)?.attributes.carrierName ?? code;
  const cutoffs = Object.entries(attributes.cutoffs ?? {});
  return (
    <>
      <h3>
        {attributes.name}
        {attributes.main ? <span className="badge">{t('sites.main')}</span> : null}
        {site.meta?.thisDesk ? <span className="badge badge--ok">{t('sites.thisDesk')}</span> : null}
      </h3>
      <dl className="facts">
        <dt>{t('sites.address')}</dt>
        <dd>{attributes.address ? oneLine(attributes.address) : t('sites.accountAddress')}</dd>
        <dt>{t('sites.returnAddress')}</dt>
        <dd>{attributes.returnAddress ? oneLine(attributes.returnAddress) : t('sites.siteAddress')}</dd>
        <dt>{t('sites.timeZone')}</dt>
        <dd>{attributes.timeZone ?? t('sites.stationZone', { zone: stationZone })}</dd>
        <dt>{t('sites.holidays')}</dt>
        <dd>
          {attributes.holidays === null
            ? t('sites.stationHolidays')
            : attributes.holidays.length === 0
              ? t('sites.noHolidays')
              : attributes.holidays.map((day) => formatDate(day)).join(', ')}
        </dd>
        <dt>{t('sites.cutoffs')}</dt>
        <dd>
          {cutoffs.length === 0
            ? t('sites.stationCutoffs')
            : cutoffs.map(([code, time]) => t('sites.cutoff', { carrier: carrierName(code), time })).join(', ')}
        </dd>
        <dt>{t('sites.printing')}</dt>
        <dd>
          {attributes.printing
            ? SITE_PRINTING_MEMBERS.filter((member) => attributes.printing?.[member] !== undefined)
                .map((member) =>
                  t('sites.printDefault', {
                    what: t(PRINTING_NAMES[member]),
                    value: printingValue(t, member, attributes.printing![member]!),
                  }),
                )
                .join(', ')
            : t('sites.noPrinting')}
        </dd>
      </dl>
    </>
  );
}

interface Draft {
  name: string;
  ownAddress: boolean;
  address: ClientProfile;
  ownReturns: boolean;
  returnAddress: ClientProfile;
  timeZone: string;
  /** The holidays as typed: dates separated by commas or spaces; blank for the station's. */
  holidays: string;
  /** HH:MM by carrier code; blank for the station's. */
  cutoffs: Record<string, string>;
  /** Each print default as its list has it ('yes' or 'no' for auto-print); '' not set. */
  printing: Record<PrintingMember, string>;
}

const draftOf = (site: Site | null): Draft => ({
  name: site?.attributes.name ?? '',
  ownAddress: (site?.attributes.address ?? null) !== null || site === null,
  address: { ...emptyAddress(), ...(site?.attributes.address ?? {}) },
  ownReturns: (site?.attributes.returnAddress ?? null) !== null,
  returnAddress: { ...emptyAddress(), ...(site?.attributes.returnAddress ?? {}) },
  timeZone: site?.attributes.timeZone ?? '',
  holidays: (site?.attributes.holidays ?? []).join(', '),
  cutoffs: { ...(site?.attributes.cutoffs ?? {}) },
  printing: Object.fromEntries(
    SITE_PRINTING_MEMBERS.map((member) => {
      const value = site?.attributes.printing?.[member];
      return [member, value === undefined ? '' : typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value)];
    }),
  ) as Record<PrintingMember, string>,
});

/** The print defaults the form sets: each one not set is null (none), and none set at all is null. */
function printingOf(draft: Draft): NewWarehouse['printing'] {
  const { format, dpi, size, autoPrint, printer, a4Printer } = draft.printing;
  if (SITE_PRINTING_MEMBERS.every((member) => draft.printing[member] === '')) return null;
  return {
    format: format === '' ? null : (format as PrintFormat),
    dpi: dpi === '' ? null : (Number(dpi) as (typeof PRINT_DPIS)[number]),
    size: size === '' ? null : (size as PrintLabelSize),
    autoPrint: autoPrint === '' ? null : autoPrint === 'yes',
    printer: printer === '' ? null : printer,
    a4Printer: a4Printer === '' ? null : a4Printer,
  };
}

/** What the form asks the station for: a member left blank or unticked is the account's or the station's (null). */
function requestOf(draft: Draft): NewWarehouse {
  const holidays = draft.holidays
    .split(/[\s,;]+/)
    .map((day) => day.trim())
    .filter(Boolean);
  const cutoffs = Object.fromEntries(Object.entries(draft.cutoffs).filter(([, time]) => time.trim() !== ''));
  return {
    name: draft.name,
    address: draft.ownAddress ? draft.address : null,
    returnAddress: draft.ownReturns ? draft.returnAddress : null,
    timeZone: draft.timeZone.trim() === '' ? null : draft.timeZone.trim(),
    // None typed: the station's, as the field says.
    holidays: holidays.length === 0 ? null : holidays,
    cutoffs: Object.keys(cutoffs).length === 0 ? null : cutoffs,
    printing: printingOf(draft),
  };
}

/** The fields a sender (or returns) address needs that the form leaves empty, by the station's pointer below attributes. */
function missingFields(draft: Draft): Record<string, string> {
  const empty: Record<string, string> = {};
  for (const which of ['address', 'returnAddress'] as const) {
    if (which === 'address' ? !draft.ownAddress : !draft.ownReturns) continue;
    const address = draft[which];
    const needed: AddressField[] = [
      ...SENDER_FIELDS,
      ...(STATE_REQUIRED.has(address.country.trim().toUpperCase()) ? ['state' as const] : []),
    ];
    for (const field of needed)
      if (address[field].trim() === '') empty[`${which}/${field}`] = fieldText(`/data/attributes/shipFrom/${field}`, true);
  }
  return empty;
}

function SiteForm({
  site,
  carriers,
  onDone,
}: {
  site: Site | null;
  carriers: readonly CarrierResource[];
  onDone(): void;
}): React.JSX.Element {
  const { t } = useTranslation();
  const { status, error, fieldErrors, save } = useSiteSettings();
  const [draft, setDraft] = useState<Draft>(() => draftOf(site));
  // The printers the station sees, for the site's label and A4 printer.
  const [printers, setPrinters] = useState<PrinterAttributes[]>([]);
  useEffect(() => {
    void api()
      .call(ROUTES.printers)
      .then((answer) => setPrinters(answer.data.map((printer) => printer.attributes)))
      .catch(() => setPrinters([]));
  }, []);
  // A field of an address left empty that a sender needs, worded at once (as the account's sender address does).
  const [missing, setMissing] = useState<Record<string, string>>({});
  const shown = new Set<string>();
  /** The refusal the station gave about a field (its pointer, or one inside it), said at that field. */
  const errorAt = (key: string): string | undefined => {
    if (missing[key]) return missing[key];
    const found = Object.keys(fieldErrors).find((pointer) => pointer === key || pointer.startsWith(`${key}/`));
    if (found === undefined) return undefined;
    shown.add(found);
    return sayIt(fieldErrors[found] as Said);
  };
  // Cutoffs are kept by carrier choice (GET /carriers' ids, such as DHL), as the station's own cutoffs are.
  const codes = [...new Set([...carriers.map((carrier) => carrier.id), ...Object.keys(draft.cutoffs)])];
  const heading = site ? t('sites.editing', { name: site.attributes.name }) : t('sites.adding');

  const addressFields = (which: 'address' | 'returnAddress') =>
    ADDRESS_ORDER.map((field) => {
      const label = `${t(which === 'address' ? 'sites.address' : 'sites.returnAddress')}: ${t(addressLabel(field))}`;
      const set = (value: string) => setDraft({ ...draft, [which]: { ...draft[which], [field]: value } });
      return field === 'country' ? (
        <CountryPicker key={field} label={label} value={draft[which].country} onValue={set} error={errorAt(`${which}/${field}`)} required />
      ) : (
        <Field
          key={field}
          label={label}
          value={draft[which][field]}
          onValue={set}
          error={errorAt(`${which}/${field}`)}
          required={
            (SENDER_FIELDS as readonly string[]).includes(field) ||
            (field === 'state' && STATE_REQUIRED.has(draft[which].country.trim().toUpperCase()))
          }
          wide={field === 'name' || field === 'address1'}
        />
      );
    });

  // Rendered first, so the refusals shown at their fields are known before the rest are said above the buttons.
  const body = (
    <>
      <div className="grid">
        <Field
          label={t('sites.name')}
          value={draft.name}
          onValue={(name) => setDraft({ ...draft, name })}
          error={errorAt('name')}
          required
        />
      </div>
      <div className="field field--check">
        <input
          id="site-own-address"
          type="checkbox"
          checked={draft.ownAddress}
          onChange={(event) => setDraft({ ...draft, ownAddress: event.target.checked })}
        />
        <label htmlFor="site-own-address">{t('sites.ownAddress')}</label>
      </div>
      {draft.ownAddress ? <div className="grid">{addressFields('address')}</div> : <p className="muted">{t('sites.accountAddress')}</p>}
      <div className="field field--check">
        <input
          id="site-own-returns"
          type="checkbox"
          checked={draft.ownReturns}
          onChange={(event) => setDraft({ ...draft, ownReturns: event.target.checked })}
        />
        <label htmlFor="site-own-returns">{t('sites.ownReturns')}</label>
      </div>
      {draft.ownReturns ? <div className="grid">{addressFields('returnAddress')}</div> : null}
      <div className="grid">
        <Field
          label={t('sites.timeZone')}
          value={draft.timeZone}
          onValue={(timeZone) => setDraft({ ...draft, timeZone })}
          list="site-time-zones"
          hint={t('sites.blankForStation')}
          error={errorAt('timeZone')}
          autoComplete="off"
        />
        <datalist id="site-time-zones">
          {ZONES.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <Field
          label={t('sites.holidays')}
          value={draft.holidays}
          onValue={(holidays) => setDraft({ ...draft, holidays })}
          hint={t('sites.holidaysHint')}
          error={errorAt('holidays')}
          wide
        />
        {codes.map((code) => (
          <Field
            key={code}
            type="time"
            label={t('sites.cutoffOf', {
              carrier: carriers.find((carrier) => carrier.id === code)?.attributes.carrierName ?? code,
            })}
            value={draft.cutoffs[code] ?? ''}
            onValue={(time) => setDraft({ ...draft, cutoffs: { ...draft.cutoffs, [code]: time } })}
            error={errorAt(`cutoffs/${code}`)}
          />
        ))}
      </div>
      <fieldset className="site-printing">
        <legend>{t('sites.printing')}</legend>
        <p className="muted" id="site-printing-hint">
          {t('sites.printingHint')}
        </p>
        <div className="grid">
          {SITE_PRINTING_MEMBERS.map((member) => {
            const choices: [string, string][] =
              member === 'format'
                ? PRINT_FORMATS.map((format) => [format, t(FORMAT_NAMES[format])])
                : member === 'dpi'
                  ? PRINT_DPIS.map((dpi) => [String(dpi), t('settings.dpi', { dpi })])
                  : member === 'size'
                    ? PRINT_LABEL_SIZES.map((size) => [size, t(LABEL_SIZE_NAMES[size])])
                    : member === 'autoPrint'
                      ? Object.entries(AUTO_PRINT_WORDS).map(([answer, key]) => [answer, t(key)])
                      : [
                          // A printer named before and gone from the station still shows, so it can be seen and changed.
                          ...new Set([
                            ...printers.map((printer) => printer.name),
                            ...(draft.printing[member] ? [draft.printing[member]] : []),
                          ]),
                        ].map((name) => [
                          name,
                          printerWords(
                            t,
                            printers.find((printer) => printer.name === name),
                          ) ?? name,
                        ]);
            const id = `site-printing-${member}`;
            const error = errorAt(`printing/${member}`);
            return (
              <div key={member} className={`field${error ? ' field--error' : ''}`}>
                <label htmlFor={id}>{`${t('sites.printing')}: ${t(PRINTING_NAMES[member])}`}</label>
                <select
                  id={id}
                  value={draft.printing[member]}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error site-printing-hint` : 'site-printing-hint'}
                  onChange={(event) => setDraft({ ...draft, printing: { ...draft.printing, [member]: event.target.value } })}
                >
                  <option value="">{t('sites.notSet')}</option>
                  {choices.map(([value, words]) => (
                    <option key={value} value={value}>
                      {words}
                    </option>
                  ))}
                </select>
                <FieldError id={id} error={error} />
              </div>
            );
          })}
        </div>
      </fieldset>
    </>
  );
  const rest = Object.entries(fieldErrors).filter(([key]) => !shown.has(key));

  return (
    <form
      className="site-form"
      aria-label={heading}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const empty = missingFields(draft);
        setMissing(empty);
        if (Object.keys(empty).length > 0) return;
        void save(site?.id ?? null, requestOf(draft)).then((saved) => {
          if (!saved) return;
          // This desk's print settings may start from the site's defaults: read them again.
          void usePrinting.getState().load();
          onDone();
        });
      }}
    >
      <h3>{heading}</h3>
      {body}
      <ErrorNotice message={error ?? rest[0]?.[1] ?? null} />
      <div className="form-actions">
        <button type="submit" className="primary" disabled={status === 'saving'}>
          {status === 'saving' ? t('common.saving') : t('sites.save')}
        </button>
        <button type="button" className="link" onClick={onDone}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
