// Reports: charts over a date range from the station's report (GET /reports/daily), for the account or one
// person: shipments per day stacked by carrier, parcels per person, cost per carrier, top destinations and average
// cost per kg and CO2e per carrier, each chart with its figures as a table for screen readers and keyboards, and the
// CSV exports (the shipments; their emissions per month, site, carrier and service). Drawn
// by Recharts, bundled: no network needed.
import React, { useEffect } from 'react';
import { SiteSelector } from '../../components/SiteSelector.tsx';
import { siteFileTag } from '../../store/sites.ts';
import { useTranslation } from 'react-i18next';
import { returnReasonName } from '../../i18n/domain-names.ts';
import { translate } from '../../i18n/i18n.ts';
import { formatDate, formatMoney, formatNumber, formatPercent, formatWeight } from '../../i18n/format.ts';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Field } from '../../components/Field.tsx';
import { ErrorNotice, Loading } from '../../components/Notice.tsx';
import { lastDays, useReports } from '../../store/reports.ts';

/** Carrier colours, in order of the carriers' cost: distinct for the common kinds of colour blindness (Okabe–Ito). */
const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'];
/** The quick ranges, in days. */
const RANGES = [7, 30, 90, 365] as const;

const euros = (amount: number) => formatMoney(amount, 'EUR');

/**
 * A chart, named for assistive technology, with its figures as a table beneath (shown on request): each row's
 * first cell names it, and `head`, when given, names the columns.
 */
function ChartFigure(props: {
  id: string;
  title: string;
  head?: string[];
  rows: { key: string; cells: (string | number)[] }[];
  children: React.ReactElement<{ title?: string; desc?: string }>;
}): React.JSX.Element {
  return (
    <figure className="card chart" aria-labelledby={`${props.id}-title`}>
      <figcaption id={`${props.id}-title`}>
        <h2>{props.title}</h2>
      </figcaption>
      {/* The chart's own accessibility layer: arrow keys move through the bars, each read out by its tooltip. */}
      <div className="chart__plot">
        <ResponsiveContainer width="100%" height={260}>
          {React.cloneElement(props.children, { title: props.title, desc: translate('reports.chartDescription', { title: props.title }) })}
        </ResponsiveContainer>
      </div>
      <details>
        <summary>{translate('reports.asTable', { title: props.title })}</summary>
        <table className="list">
          {props.head ? (
            <thead>
              <tr>
                {props.head.map((name) => (
                  <th key={name} scope="col">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
          ) : null}
          <tbody>
            {props.rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.cells[0]}</th>
                {row.cells.slice(1).map((cell, index) => (
                  <td key={index}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

function saveText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function Reports(): React.JSX.Element {
  const { t } = useTranslation();
  const { dateFrom, dateTo, createdBy, status, days, meta, emissions, error, setRange, setCreatedBy, load, csv, emissionsCsv } =
    useReports();
  useEffect(() => {
    void load();
  }, [load]);
  const carriers = meta?.carriers.map((entry) => entry.carrier) ?? [];
  // Carriers are keyed by code and shown by name: a packer reads "DHL Express", not DHL_EXPRESS.
  const carrierName = (carrier: string) => meta?.carriers.find((entry) => entry.carrier === carrier)?.carrierName ?? carrier;
  const colour = (carrier: string) => PALETTE[carriers.indexOf(carrier) % PALETTE.length]!;
  const perDay = days.map((day) => ({
    date: day.date,
    ...Object.fromEntries(day.carriers.map((entry) => [entry.carrier, entry.shipments])),
  }));

  return (
    <div className="reports">
      <form
        className="card filters"
        aria-label={t('reports.range')}
        onSubmit={(event) => {
          event.preventDefault();
          void load();
        }}
      >
        <Field label={t('shipments.from')} type="date" value={dateFrom} onValue={(value) => setRange(value, dateTo)} />
        <Field label={t('shipments.to')} type="date" value={dateTo} onValue={(value) => setRange(dateFrom, value)} />
        <div className="field">
          <label htmlFor="report-person">{t('shipments.madeBy')}</label>
          <select id="report-person" value={createdBy} onChange={(event) => setCreatedBy(event.target.value)}>
            <option value="">{t('shipments.everyone')}</option>
            {(meta?.people ?? []).flatMap((person) =>
              person.username === null
                ? []
                : [
                    <option key={person.username} value={person.username}>
                      {person.name}
                    </option>,
                  ],
            )}
          </select>
        </div>
        <SiteSelector allowAll onChange={() => void load()} />
        <button type="submit" className="primary">
          {t('shipments.show')}
        </button>
        {RANGES.map((days) => (
          <button
            key={days}
            type="button"
            className="secondary"
            onClick={() => {
              const range = lastDays(days);
              setRange(range.dateFrom, range.dateTo);
              void load();
            }}
          >
            {t('reports.lastDays', { days })}
          </button>
        ))}
        <button
          type="button"
          className="secondary"
          onClick={async () => {
            const text = await csv();
            if (text !== null) saveText(text, `shipments-${dateFrom}-${dateTo}${siteFileTag()}${createdBy ? `-${createdBy}` : ''}.csv`);
          }}
        >
          {t('reports.exportCsv')}
        </button>
        <button
          type="button"
          className="secondary"
          onClick={async () => {
            const text = await emissionsCsv();
            if (text !== null) saveText(text, `emissions-${dateFrom}-${dateTo}${siteFileTag()}.csv`);
          }}
        >
          {t('reports.exportEmissions')}
        </button>
      </form>
      <ErrorNotice message={error} />
      {status === 'loading' ? <Loading label={t('reports.loading')} /> : null}
      {meta ? (
        <>
          <p className="card" aria-live="polite">
            {t('reports.totals', {
              shipments: meta.totals.shipments,
              packages: meta.totals.packages,
              weight: formatWeight(meta.totals.weightKg, 1),
              cost: euros(meta.totals.cost.amount),
              perKg: meta.totals.costPerKg === null ? 'none' : euros(meta.totals.costPerKg),
              from: formatDate(dateFrom),
              to: formatDate(dateTo),
              person: meta.createdBy ? (meta.people.find((person) => person.username === meta.createdBy)?.name ?? meta.createdBy) : 'none',
            })}
          </p>
          <div className="charts">
            <ChartFigure
              id="chart-per-day"
              title={t('reports.perDay')}
              head={[t('shipments.date'), ...carriers.map(carrierName)]}
              rows={perDay.map((day) => ({
                key: day.date,
                cells: [
                  formatDate(day.date),
                  ...carriers.map((carrier) => ((day as Record<string, unknown>)[carrier] as number | undefined) ?? 0),
                ],
              }))}
            >
              <BarChart data={perDay}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="date" tickFormatter={(day) => formatDate(String(day))} />
                <YAxis allowDecimals={false} />
                <Tooltip labelFormatter={(day) => formatDate(String(day))} />
                <Legend />
                {carriers.map((carrier) => (
                  <Bar
                    key={carrier}
                    dataKey={carrier}
                    name={carrierName(carrier)}
                    stackId="day"
                    fill={colour(carrier)}
                    isAnimationActive={false}
                  />
                ))}
              </BarChart>
            </ChartFigure>

            <ChartFigure
              id="chart-people"
              title={t('reports.perPerson')}
              head={[t('today.person'), t('reports.parcels'), t('reports.activeHours'), t('reports.parcelsPerHour')]}
              rows={meta.people.map((person) => ({
                key: person.username ?? 'imported',
                cells: [person.name, formatNumber(person.shipments), formatNumber(person.activeHours), formatNumber(person.perHour, 1)],
              }))}
            >
              <BarChart data={meta.people.map((person) => ({ person: person.name, parcels: person.shipments, perHour: person.perHour }))}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="person" />
                <YAxis allowDecimals={false} />
                <Tooltip />
                <Legend />
                <Bar dataKey="parcels" name={t('reports.parcels')} fill={PALETTE[3]} isAnimationActive={false} />
                <Bar dataKey="perHour" name={t('reports.perActiveHour')} fill={PALETTE[4]} isAnimationActive={false} />
              </BarChart>
            </ChartFigure>

            <ChartFigure
              id="chart-cost"
              title={t('reports.costPerCarrier')}
              rows={meta.carriers.map((entry) => ({
                key: entry.carrier,
                cells: [entry.carrierName, euros(entry.cost.amount), t('reports.shipments', { count: entry.shipments })],
              }))}
            >
              <BarChart data={meta.carriers.map((entry) => ({ carrier: entry.carrierName, cost: entry.cost.amount }))}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="carrier" />
                <YAxis />
                <Tooltip formatter={(value) => euros(Number(value))} />
                <Bar dataKey="cost" name={t('reports.costEur')} fill={PALETTE[0]} isAnimationActive={false} />
              </BarChart>
            </ChartFigure>

            <ChartFigure
              id="chart-destinations"
              title={t('reports.topDestinations')}
              rows={meta.topDestinations.map((entry) => ({
                key: entry.country,
                cells: [entry.country, t('reports.shipments', { count: entry.shipments })],
              }))}
            >
              <BarChart data={meta.topDestinations} layout="vertical">
                <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                <XAxis type="number" allowDecimals={false} />
                <YAxis type="category" dataKey="country" width={40} />
                <Tooltip />
                <Bar dataKey="shipments" name={t('nav.shipments')} fill={PALETTE[2]} isAnimationActive={false} />
              </BarChart>
            </ChartFigure>

            <ChartFigure
              id="chart-returns"
              title={
                meta.returns.rate === null
                  ? t('reports.returns', { count: meta.returns.returns })
                  : t('reports.returnsRate', { count: meta.returns.returns, rate: formatPercent(meta.returns.rate) })
              }
              head={[t('reports.reason'), t('nav.returns'), t('reports.rate')]}
              rows={meta.returns.byReason.map((entry) => ({
                key: entry.reason,
                cells: [
                  returnReasonName(entry.reason),
                  formatNumber(entry.returns),
                  entry.rate === null ? t('common.none') : formatPercent(entry.rate),
                ],
              }))}
            >
              <BarChart
                data={meta.returns.byReason.map((entry) => ({
                  reason: returnReasonName(entry.reason),
                  rate: Math.round((entry.rate ?? 0) * 1000) / 10,
                }))}
                layout="vertical"
              >
                <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                <XAxis type="number" unit="%" />
                <YAxis type="category" dataKey="reason" width={140} />
                <Tooltip formatter={(value) => formatPercent(Number(value) / 100)} />
                <Bar dataKey="rate" name={t('reports.returnRate')} fill={PALETTE[5]} isAnimationActive={false} />
              </BarChart>
            </ChartFigure>

            {emissions ? (
              <ChartFigure
                id="chart-emissions"
                title={t('reports.emissionsPerCarrier', { total: formatWeight(emissions.totals.co2eKg, 1) })}
                head={[t('reports.carrier'), t('reports.co2e'), t('reports.co2ePerParcel'), t('nav.shipments')]}
                rows={emissions.carriers.map((entry) => ({
                  key: entry.carrier,
                  cells: [
                    entry.carrierName,
                    formatWeight(entry.co2eKg, 1),
                    entry.withFigure > 0 ? formatWeight(entry.co2eKg / entry.withFigure, 3) : t('common.none'),
                    formatNumber(entry.shipments),
                  ],
                }))}
              >
                <BarChart data={emissions.carriers.map((entry) => ({ carrier: entry.carrierName, co2e: entry.co2eKg }))}>
                  <CartesianGrid strokeDasharray="3 3" vertical={false} />
                  <XAxis dataKey="carrier" />
                  <YAxis />
                  <Tooltip formatter={(value) => formatWeight(Number(value), 1)} />
                  <Bar dataKey="co2e" name={t('reports.co2e')} fill={PALETTE[2]} isAnimationActive={false} />
                </BarChart>
              </ChartFigure>
            ) : null}

            <ChartFigure
              id="chart-per-kg"
              title={t('reports.costPerKg')}
              rows={meta.carriers.map((entry) => ({
                key: entry.carrier,
                cells: [
                  entry.carrierName,
                  entry.costPerKg === null ? t('common.none') : euros(entry.costPerKg),
                  formatWeight(entry.weightKg, 1),
                ],
              }))}
            >
              <BarChart data={meta.carriers.map((entry) => ({ carrier: entry.carrierName, perKg: entry.costPerKg ?? 0 }))}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="carrier" />
                <YAxis />
                <Tooltip formatter={(value) => euros(Number(value))} />
                <Bar dataKey="perKg" name={t('reports.eurPerKg')} fill={PALETTE[1]} isAnimationActive={false} />
              </BarChart>
            </ChartFigure>
          </div>
        </>
      ) : null}
    </div>
  );
}
