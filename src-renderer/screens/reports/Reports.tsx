// Reports: charts over a date range from the station's report (GET /reports/daily), for the account or one
// person: shipments per day stacked by carrier, parcels per person, cost per carrier, top destinations and average
// cost per kg, each chart with its figures as a table for screen readers and keyboards, and the CSV export. Drawn
// by Recharts, bundled: no network needed.
import { RETURN_REASON_WORDS, type ReturnReason } from '../../../src-shared/returns.ts';
import React, { useEffect } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Field } from '../../components/Field.tsx';
import { ErrorNotice, Loading } from '../../components/Notice.tsx';
import { lastDays, useReports } from '../../store/reports.ts';

/** Carrier colours, in order of the carriers' cost: distinct for the common kinds of colour blindness (Okabe–Ito). */
/** A share as a percentage with one decimal: 0.0125 is 1.3%. */
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'];
const RANGES = [
  ['7 days', 7],
  ['30 days', 30],
  ['90 days', 90],
  ['A year', 365],
] as const;

const euros = (amount: number) => amount.toLocaleString('en-GB', { style: 'currency', currency: 'EUR' });

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
          {React.cloneElement(props.children, { title: props.title, desc: `${props.title}; the figures are also in the table below.` })}
        </ResponsiveContainer>
      </div>
      <details>
        <summary>{props.title} as a table</summary>
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
  const { dateFrom, dateTo, createdBy, status, days, meta, error, setRange, setCreatedBy, load, csv } = useReports();
  useEffect(() => {
    void load();
  }, [load]);
  const carriers = meta?.carriers.map((entry) => entry.carrier) ?? [];
  const colour = (carrier: string) => PALETTE[carriers.indexOf(carrier) % PALETTE.length]!;
  const perDay = days.map((day) => ({ date: day.date, ...Object.fromEntries(day.carriers.map((entry) => [entry.carrier, entry.shipments])) }));

  return (
    <div className="reports">
      <form
        className="card filters"
        aria-label="Report range"
        onSubmit={(event) => {
          event.preventDefault();
          void load();
        }}
      >
        <Field label="From" type="date" value={dateFrom} onValue={(value) => setRange(value, dateTo)} />
        <Field label="To" type="date" value={dateTo} onValue={(value) => setRange(dateFrom, value)} />
        <div className="field">
          <label htmlFor="report-person">Made by</label>
          <select id="report-person" value={createdBy} onChange={(event) => setCreatedBy(event.target.value)}>
            <option value="">Everyone</option>
            {(meta?.people ?? []).flatMap((person) =>
              person.username === null ? [] : [
                <option key={person.username} value={person.username}>
                  {person.name}
                </option>,
              ],
            )}
          </select>
        </div>
        <button type="submit" className="primary">
          Show
        </button>
        {RANGES.map(([label, days]) => (
          <button
            key={label}
            type="button"
            className="secondary"
            onClick={() => {
              const range = lastDays(days);
              setRange(range.dateFrom, range.dateTo);
              void load();
            }}
          >
            {label}
          </button>
        ))}
        <button
          type="button"
          className="secondary"
          onClick={async () => {
            const text = await csv();
            if (text !== null) saveText(text, `shipments-${dateFrom}-${dateTo}${createdBy ? `-${createdBy}` : ''}.csv`);
          }}
        >
          Export CSV
        </button>
      </form>
      <ErrorNotice message={error} />
      {status === 'loading' ? <Loading label="Reading the report…" /> : null}
      {meta ? (
        <>
          <p className="card" aria-live="polite">
            {meta.totals.shipments} shipment(s), {meta.totals.packages} package(s), {meta.totals.weightKg.toFixed(1)} kg, {euros(meta.totals.cost.amount)}
            {meta.totals.costPerKg === null ? '' : `, ${euros(meta.totals.costPerKg)} per kg on average`} from {dateFrom} to {dateTo}
            {meta.createdBy ? `, made by ${meta.people.find((person) => person.username === meta.createdBy)?.name ?? meta.createdBy}` : ''}.
          </p>
          <div className="charts">
            <ChartFigure
              id="chart-per-day"
              title="Shipments per day"
              head={['Date', ...carriers]}
              rows={perDay.map((day) => ({ key: day.date, cells: [day.date, ...carriers.map((carrier) => ((day as Record<string, unknown>)[carrier] as number | undefined) ?? 0)] }))}
            >
              <BarChart data={perDay}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="date" />
                <YAxis allowDecimals={false} />
                <Tooltip />
                <Legend />
                {carriers.map((carrier) => (
                  <Bar key={carrier} dataKey={carrier} stackId="day" fill={colour(carrier)} isAnimationActive={false} />
                ))}
              </BarChart>
            </ChartFigure>

            <ChartFigure
              id="chart-people"
              title="Parcels per person"
              head={['Person', 'Parcels', 'Active hours', 'Parcels per hour']}
              rows={meta.people.map((person) => ({ key: person.username ?? 'imported', cells: [person.name, person.shipments, person.activeHours, person.perHour.toFixed(1)] }))}
            >
              <BarChart data={meta.people.map((person) => ({ person: person.name, parcels: person.shipments, perHour: person.perHour }))}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="person" />
                <YAxis allowDecimals={false} />
                <Tooltip />
                <Legend />
                <Bar dataKey="parcels" name="Parcels" fill={PALETTE[3]} isAnimationActive={false} />
                <Bar dataKey="perHour" name="Per active hour" fill={PALETTE[4]} isAnimationActive={false} />
              </BarChart>
            </ChartFigure>

            <ChartFigure
              id="chart-cost"
              title="Cost per carrier"
              rows={meta.carriers.map((entry) => ({ key: entry.carrier, cells: [entry.carrier, euros(entry.cost.amount), `${entry.shipments} shipment(s)`] }))}
            >
              <BarChart data={meta.carriers.map((entry) => ({ carrier: entry.carrier, cost: entry.cost.amount }))}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="carrier" />
                <YAxis />
                <Tooltip formatter={(value) => euros(Number(value))} />
                <Bar dataKey="cost" name="Cost (EUR)" fill={PALETTE[0]} isAnimationActive={false} />
              </BarChart>
            </ChartFigure>

            <ChartFigure
              id="chart-destinations"
              title="Top destinations"
              rows={meta.topDestinations.map((entry) => ({ key: entry.country, cells: [entry.country, `${entry.shipments} shipment(s)`] }))}
            >
              <BarChart data={meta.topDestinations} layout="vertical">
                <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                <XAxis type="number" allowDecimals={false} />
                <YAxis type="category" dataKey="country" width={40} />
                <Tooltip />
                <Bar dataKey="shipments" name="Shipments" fill={PALETTE[2]} isAnimationActive={false} />
              </BarChart>
            </ChartFigure>

            <ChartFigure
              id="chart-returns"
              title={`Returns: ${meta.returns.returns}${meta.returns.rate === null ? '' : ` (${percent(meta.returns.rate)} of the parcels sent)`}`}
              head={['Reason', 'Returns', 'Rate']}
              rows={meta.returns.byReason.map((entry) => ({
                key: entry.reason,
                cells: [RETURN_REASON_WORDS[entry.reason as ReturnReason] ?? entry.reason, entry.returns, entry.rate === null ? '—' : percent(entry.rate)],
              }))}
            >
              <BarChart data={meta.returns.byReason.map((entry) => ({ reason: RETURN_REASON_WORDS[entry.reason as ReturnReason] ?? entry.reason, rate: Math.round((entry.rate ?? 0) * 1000) / 10 }))} layout="vertical">
                <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                <XAxis type="number" unit="%" />
                <YAxis type="category" dataKey="reason" width={140} />
                <Tooltip formatter={(value) => `${Number(value)}%`} />
                <Bar dataKey="rate" name="Return rate (%)" fill={PALETTE[5]} isAnimationActive={false} />
              </BarChart>
            </ChartFigure>

            <ChartFigure
              id="chart-per-kg"
              title="Average cost per kg"
              rows={meta.carriers.map((entry) => ({ key: entry.carrier, cells: [entry.carrier, entry.costPerKg === null ? '—' : euros(entry.costPerKg), `${entry.weightKg.toFixed(1)} kg`] }))}
            >
              <BarChart data={meta.carriers.map((entry) => ({ carrier: entry.carrier, perKg: entry.costPerKg ?? 0 }))}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="carrier" />
                <YAxis />
                <Tooltip formatter={(value) => euros(Number(value))} />
                <Bar dataKey="perKg" name="EUR per kg" fill={PALETTE[1]} isAnimationActive={false} />
              </BarChart>
            </ChartFigure>
          </div>
        </>
      ) : null}
    </div>
  );
}
