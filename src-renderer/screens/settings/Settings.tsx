// Desk settings (the team for admins, printer, scale, box presets, packing rules, the station calendar, the watched
// orders folder for admins, default service, the account's sender address, the sites) and what an integrator needs to call the
// station's API. Each shows only to a role that may change it: a packer sees its printers and default service;
// webhooks and the integration key are not a packer's.
import React, { useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { PRINT_LABEL_SIZES, RAW_PRINT_FORMATS, type PrintFormat, type PrintLabelSize } from '../../../src-shared/printing.ts';
import { LABEL_SIZE_NAMES, atPrinterDots, printFormatWords } from '../../i18n/print-format.ts';
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
import { Sites } from './Sites.tsx';
import { severalSites, useSites } from '../../store/sites.ts';
import { OrdersFolder } from './OrdersFolder.tsx';
import { Team } from './Team.tsx';
import { Webhooks } from './Webhooks.tsx';
import { DisplayAndSound } from './DisplayAndSound.tsx';

export function Settings(): React.JSX.Element {
  const { t } = useTranslation();
  const { defaultService, setDefaultService } = useSettings();
  const config = useSession((state) => state.config);
  const role = useSession((state) => state.who?.role);
  const canEdit = role !== undefined && hasRole(role, 'supervisor');
  const isAdmin = role !== undefined && hasRole(role, 'admin');
  const several = useSites(severalSites);
  useEffect(() => void usePackingSetup.getState().load(), []);

  return (
    <div className="settings">
      <DisplayAndSound />
      <LabelPrinter />
      {canEdit ? (
        <>
          {isAdmin ? <Team /> : null}
          <SenderAddress canEdit={isAdmin} />
          <ScaleSettings canEdit={canEdit} />
          <BoxPresets canEdit={canEdit} />
          <PackingRules canEdit={canEdit} />
          <StationCalendar canEdit={isAdmin} />
          <Sites canEdit={isAdmin} canChoose={canEdit} />
          {isAdmin ? <OrdersFolder /> : null}
        </>
      ) : several ? (
        <Sites canEdit={false} canChoose={false} />
      ) : null}

      <section className="card" aria-labelledby="service-heading">
        <h2 id="service-heading">{t('settings.defaultService')}</h2>
        <div className="field">
          <label htmlFor="default-service">{t('settings.serviceForScheduled')}</label>
          <select
            id="default-service"
            value={defaultService}
            onChange={(event) => setDefaultService(event.target.value as 'economy' | 'express')}
          >
            <option value="economy">{t('settings.economy')}</option>
            <option value="express">{t('settings.express')}</option>
          </select>
        </div>
      </section>

      {canEdit ? (
        <>
          <section className="card" aria-labelledby="tracking-heading">
            <h2 id="tracking-heading">{t('settings.trackingLinks')}</h2>
            <p>
              <Trans
                i18nKey="settings.trackingLinksText"
                values={{ page: `${config ? config.apiBase.replace(/\/v3$/, '') : ''}/track/…` }}
                components={{ code: <code /> }}
              />
            </p>
          </section>

          <Webhooks />

          <section className="card" aria-labelledby="api-heading">
            <h2 id="api-heading">{t('settings.api')}</h2>
            <dl className="facts">
              <dt>{t('settings.baseUrl')}</dt>
              <dd className="mono">{config?.apiBase}</dd>
              <dt>{t('settings.integrationKey')}</dt>
              <dd className="mono">{config?.integrationKey}</dd>
            </dl>
            <p>
              <Trans
                i18nKey="settings.apiText"
                values={{
                  signIn: `POST ${config?.apiBase ?? ''}/clients/authentication`,
                  header: 'Authorization: ServiceApi hash=<sha256(username:md5(password))>, integrationKey=<key>',
                  token: 'meta.token',
                  command: 'npm run --silent station -- integration add --name NAME',
                }}
                components={{ code: <code /> }}
              />
            </p>
          </section>
        </>
      ) : (
        <p className="muted">{t('settings.bySupervisor')}</p>
      )}
    </div>
  );
}

function LabelPrinter(): React.JSX.Element {
  const { t } = useTranslation();
  const { settings, printers, status, error, load, save } = usePrinting();
  useEffect(() => {
    void load();
  }, [load]);
  const chosen = printers.find((printer) => printer.name === settings.printer);
  return (
    <section className="card" aria-labelledby="printer-heading">
      <h2 id="printer-heading">{t('settings.printing')}</h2>
      {status === 'loading' ? <Loading label={t('settings.lookingForPrinters')} /> : null}
      <ErrorNotice message={error} />
      <div className="grid">
        <div className="field field--wide">
          <label htmlFor="label-printer">{t('settings.labelPrinter')}</label>
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
            <option value="">{t('settings.noLabelPrinter')}</option>
            <PrinterOptions printers={printers} />
          </select>
          {settings.printer ? (
            <p className="muted" id="label-printer-gets">
              {t('settings.printerGets', {
                format: printFormatWords(t, settings.format, settings.dpi, settings.size),
                path: RAW_PRINT_FORMATS.includes(settings.format) ? 'raw' : 'driver',
              })}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="label-format">{t('settings.labelFormat')}</label>
          <select
            id="label-format"
            value={settings.format}
            disabled={!settings.printer}
            onChange={(event) => void save({ format: event.target.value as PrintFormat })}
          >
            <option value="pdf">{t('settings.pdf')}</option>
            {/* ZPL and EPL2 go to the printer as they are: only a queue without a driver (raw) passes them through. */}
            <option value="zpl" disabled={chosen ? !chosen.supportsRawZpl : false}>
              {t('settings.zpl')}
            </option>
            <option value="epl2" disabled={chosen ? !chosen.supportsRawZpl : false}>
              {t('settings.epl2')}
            </option>
            <option value="png">{t('settings.png')}</option>
          </select>
        </div>
        {atPrinterDots(settings.format) ? (
          <div className="field">
            <label htmlFor="label-dpi">{t('settings.resolution')}</label>
            <select
              id="label-dpi"
              value={settings.dpi}
              disabled={!settings.printer}
              onChange={(event) => void save({ dpi: Number(event.target.value) as 203 | 300 })}
            >
              <option value={203}>{t('settings.dpi', { dpi: 203 })}</option>
              <option value={300}>{t('settings.dpi', { dpi: 300 })}</option>
            </select>
          </div>
        ) : (
          <div className="field">
            <label htmlFor="label-size">{t('settings.labelSize')}</label>
            <select
              id="label-size"
              value={settings.size}
              disabled={!settings.printer}
              onChange={(event) => void save({ size: event.target.value as PrintLabelSize })}
            >
              {PRINT_LABEL_SIZES.map((size) => (
                <option key={size} value={size}>
                  {t(LABEL_SIZE_NAMES[size])}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field field--check">
          <input
            id="auto-print"
            type="checkbox"
            checked={settings.autoPrint}
            disabled={!settings.printer}
            onChange={(event) => void save({ autoPrint: event.target.checked })}
          />
          <label htmlFor="auto-print">{t('settings.autoPrint')}</label>
        </div>
        <div className="field field--wide">
          <label htmlFor="a4-printer">{t('settings.a4Printer')}</label>
          <select
            id="a4-printer"
            value={settings.a4Printer ?? ''}
            onChange={(event) => void save({ a4Printer: event.target.value || null })}
          >
            <option value="">{t('settings.noA4Printer')}</option>
            <PrinterOptions printers={printers} />
          </select>
        </div>
      </div>
      {printers.length === 0 && status === 'ready' ? <p className="muted">{t('settings.noPrinters')}</p> : null}
    </section>
  );
}

/** The station's printers as a select's options: as the desk knows each, with its queue and state. */
function PrinterOptions({ printers }: { printers: readonly PrinterAttributes[] }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <>
      {printers.map((printer) => (
        <option key={printer.name} value={printer.name}>
          {t('settings.printerOption', {
            description: printer.description,
            name: printer.name,
            status: printer.status,
            isDefault: printer.isDefault ? 'yes' : 'no',
          })}
        </option>
      ))}
    </>
  );
}
