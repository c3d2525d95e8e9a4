// The audit log for supervisors and admins: who did what, from which desk, and when, newest first.
import React, { useEffect } from 'react';
import { AUDIT_ACTIONS, type AuditEventAttributes } from '../../../src-shared/resources.ts';
import { ErrorNotice, Loading } from '../../components/Notice.tsx';
import { useAudit } from '../../store/audit.ts';
import { stationDateTime } from '../../store/station-clock.ts';

/** The entry's detail as one readable line: the reference of a shipment, the username of a client, a change. */
function describe(attributes: AuditEventAttributes): string {
  const detail = attributes.detail ?? {};
  const parts: string[] = [];
  for (const key of ['reference', 'username', 'name', 'printer', 'role'] as const) {
    if (typeof detail[key] === 'string') parts.push(String(detail[key]));
  }
  if (typeof detail.from === 'string' && typeof detail.to === 'string') parts.push(`${detail.from} → ${detail.to}`);
  const surcharge = detail.fuelSurchargePercent as { from: number | null; to: number } | undefined;
  if (surcharge) parts.push(`fuel ${surcharge.from ?? '—'}% → ${surcharge.to}%`);
  return parts.join(' · ') || `${attributes.subject.type} ${attributes.subject.id.slice(0, 12)}`;
}

export function AuditLog(): React.JSX.Element {
  const { status, events, next, action, error, setAction, load, more } = useAudit();
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <div className="audit">
      <div className="card filters">
        <label className="field">
          <span>Action</span>
          <select value={action} onChange={(event) => setAction(event.target.value)} aria-label="Action">
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => void load()}>
          Refresh
        </button>
      </div>
      <ErrorNotice message={error} />
      <section className="card" aria-busy={status === 'loading'}>
        <table aria-label="Audit log" className="list">
          <thead>
            <tr>
              <th>When</th>
              <th>Desk</th>
              <th>Who</th>
              <th>Action</th>
              <th>What</th>
            </tr>
          </thead>
          <tbody>
            {events.map((event) => (
              <tr key={event.id}>
                <td>{stationDateTime(event.attributes.at)}</td>
                <td>{event.attributes.desk}</td>
                <td>
                  {event.attributes.actor.username} ({event.attributes.actor.role ?? 'admin command'})
                </td>
                <td>{event.attributes.action}</td>
                <td>{describe(event.attributes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {status === 'ready' && events.length === 0 ? <p>Nothing recorded yet.</p> : null}
        {status === 'loading' ? <Loading label="Reading the audit log…" /> : null}
        {next && status !== 'loading' ? (
          <button type="button" onClick={() => void more()}>
            Older entries
          </button>
        ) : null}
      </section>
    </div>
  );
}
