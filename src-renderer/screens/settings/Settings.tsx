// Desk settings (the team for admins, printer, scale, box presets, packing rules, the station calendar, default service, the account's
// sender address) and what an integrator needs to call the station's API. Each shows only to a role that may
// change it: a packer sees its printers and default service; webhooks and the integration key are not a packer's.
import React, { useEffect } from 'react';
import { hasRole } from '../../../src-shared/roles.ts';
import { ErrorNotice, Loading } from '../../components/Notice.tsx';
import type { PrinterAttributes } from '../../../src-shared/resources.ts';
import { usePrinting } from '../../store/printing.ts';
import { useSession } from '../../store/session.ts';
import { useSettings } from '../../store/settings.ts';
import { usePackingSetup } from '../../store/packing-setup.ts';
import { BoxPresets } from './BoxPresets.tsx';
import { PackingRules } from './PackingRules.tsx';
import { SenderAddress } from './SenderAddress.tsx';
import { ScaleSettings } from './ScaleSettings.tsx';
import { StationCalendar } from './StationCalendar.tsx';
import { Team } from './Team.tsx';
import { Webhooks } from './Webhooks.tsx';

export function Settings(): React.JSX.Element {
  const { defaultService, setDefaultService } = useSettings();
  const config = useSession((state) => state.config);
  const role = useSession((state) => state.who?.role);
  const canEdit = role !== undefined && hasRole(role, 'supervisor');
  const isAdmin = role !== undefined && hasRole(role, 'admin');
  useEffect(() => void usePackingSetup.getState().load(), []);

  return (
    <div className="settings">
      <LabelPrinter />
      {canEdit ? (
        <>
          {isAdmin ? <Team /> : null}
          <SenderAddress canEdit={isAdmin} />
          <ScaleSettings canEdit={canEdit} />
          <BoxPresets canEdit={canEdit} />
          <PackingRules canEdit={canEdit} />
          <StationCalendar canEdit={isAdmin} />
        </>
      ) : null}

      <section className="card" aria-labelledby="service-heading">
        <h2 id="service-heading">Default service</h2>
        <div className="field">
          <label htmlFor="default-service">Service for scheduled shipments</label>
          <select id="default-service" value={defaultService} onChange={(event) => setDefaultService(event.target.value as 'economy' | 'express')}>
            <option value="economy">Economy: the cheapest service</option>
            <option value="express">Express: the fastest service</option>
          </select>
        </div>
      </section>

      {canEdit ? (
        <>
      <section className="card" aria-labelledby="tracking-heading">
        <h2 id="tracking-heading">Tracking links</h2>
        <p>
          Tracking links point to the station’s own page, <code>{config ? config.apiBase.replace(/\/v3$/, '') : ''}/track/…</code>, unless the station
          runs with <code>STATION_TRACKING_URL</code> set to another base (for example your web shop’s tracking page).
        </p>
      </section>

      <Webhooks />

      <section className="card" aria-labelledby="api-heading">
        <h2 id="api-heading">API connection</h2>
        <dl className="facts">
          <dt>Base URL</dt>
          <dd className="mono">{config?.apiBase}</dd>
          <dt>Integration key</dt>
          <dd className="mono">{config?.integrationKey}</dd>
        </dl>
        <p>
          An integration signs in with <code>POST {config?.apiBase}/clients/authentication</code> and the header{' '}
          <code>Authorization: ServiceApi hash=&lt;sha256(username:md5(password))&gt;, integrationKey=&lt;key&gt;</code>. The answer’s{' '}
          <code>meta.token</code> is the Bearer token for every other call. Other programs should get their own key with{' '}
          <code>npm run --silent station -- integration add --name NAME</code>.
        </p>
      </section>
        </>
      ) : (
        <p className="muted">The scale, boxes, packing rules, webhooks and the connection for integrations are set up by a supervisor.</p>
      )}
    </div>
  );
}

function LabelPrinter(): React.JSX.Element {
  const { settings, printers, status, error, load, save } = usePrinting();
  useEffect(() => {
    void load();
  }, [load]);
  const chosen = printers.find((printer) => printer.name === settings.printer);
  return (
    <section className="card" aria-labelledby="printer-heading">
      <h2 id="printer-heading">Printing</h2>
      {status === 'loading' ? <Loading label="Looking for printers…" /> : null}
      <ErrorNotice message={error} />
      <div className="grid">
        <div className="field field--wide">
          <label htmlFor="label-printer">Label printer</label>
          <select
            id="label-printer"
            value={settings.printer ?? ''}
            onChange={(event) => {
              const printer = event.target.value || null;
              const raw = printers.find((candidate) => candidate.name === printer)?.supportsRawZpl ?? false;
              // Choosing a printer turns auto-print on, and picks ZPL for a thermal printer that takes it.
              void save(printer ? { printer, autoPrint: true, format: raw ? 'zpl' : 'pdf' } : { printer: null, autoPrint: false });
            }}
          >
            <option value="">None: use the browser's print dialog</option>
            <PrinterOptions printers={printers} />
          </select>
        </div>
        <div className="field">
          <label htmlFor="label-format">Label format</label>
          <select id="label-format" value={settings.format} disabled={!settings.printer} onChange={(event) => void save({ format: event.target.value as 'pdf' | 'zpl' })}>
            <option value="pdf">PDF</option>
            <option value="zpl" disabled={chosen ? !chosen.supportsRawZpl : false}>
              ZPL (thermal printers)
            </option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="label-dpi">Printer resolution</label>
          <select id="label-dpi" value={settings.dpi} disabled={!settings.printer} onChange={(event) => void save({ dpi: Number(event.target.value) as 203 | 300 })}>
            <option value={203}>203 dpi</option>
            <option value={300}>300 dpi</option>
          </select>
        </div>
        <div className="field field--check">
          <input id="auto-print" type="checkbox" checked={settings.autoPrint} disabled={!settings.printer} onChange={(event) => void save({ autoPrint: event.target.checked })} />
          <label htmlFor="auto-print">Print automatically after confirm</label>
        </div>
        <div className="field field--wide">
          <label htmlFor="a4-printer">A4 printer (commercial invoices)</label>
          <select id="a4-printer" value={settings.a4Printer ?? ''} onChange={(event) => void save({ a4Printer: event.target.value || null })}>
            <option value="">None: print A4 pages from the browser, on A4</option>
            <PrinterOptions printers={printers} />
          </select>
        </div>
      </div>
      {printers.length === 0 && status === 'ready' ? <p className="muted">The station sees no printers. Add one to the computer's printing system (CUPS), then come back.</p> : null}
    </section>
  );
}

/** The station's printers as a select's options: as the desk knows each, with its queue and state. */
function PrinterOptions({ printers }: { printers: readonly PrinterAttributes[] }): React.JSX.Element {
  return (
    <>
      {printers.map((printer) => (
        <option key={printer.name} value={printer.name}>
          {printer.description} ({printer.name}, {printer.status}){printer.isDefault ? ', default' : ''}
        </option>
      ))}
    </>
  );
}
