// The audit log for supervisors and admins: who did what, from which desk, and when, newest first.
import React, { useEffect } from 'react';
import { AUDIT_ACTIONS, type AuditEventAttributes } from '../../../src-shared/resources.ts';
import { ErrorNotice, Loading } from '../../components/Notice.tsx';
import { useAudit } from '../../store/audit.ts';
import { useStationClock } from '../../store/station-clock.ts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format.ts';
import { translate } from '../../i18n/i18n.ts';
import { auditActionName } from '../../i18n/domain-names.ts';

/** The entry's detail as one readable line: the reference of a shipment, the username of a client, a change. */
function describe(attributes: AuditEventAttributes): string {
  const detail = attributes.detail ?? {};
  const parts: string[] = [];
  for (const key of ['reference', 'username', 'name', 'printer', 'role'] as const) {
    if (typeof detail[key] === 'string') parts.push(String(detail[key]));
  }
  if (typeof detail.from === 'string' && typeof detail.to === 'string') parts.push(`${detail.from} → ${detail.to}`);
  const surcharge = detail.fuelSurchargePercent as { from: number | null; to: number } | undefined;
  if (surcharge) parts.push(translate('audit.fuel', { from: surcharge.from ?? '—', to: surcharge.to }));
  return parts.join(' · ') || `${attributes.subject.type} ${attributes.subject.id.slice(0, 12)}`;
}

export function AuditLog(): React.JSX.Element {
  const { t } = useTranslation();
  const timeZone = useStationClock((state) => state.timeZone);
  const { status, events, next, action, error, setAction, load, more } = useAudit();
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <div className="audit">
      <div className="card filters">
        <label className="field">
          <span>{t('audit.action')}</span>
          <select value={action} onChange={(event) => setAction(event.target.value)}>
            <option value="">{t('audit.allActions')}</option>
            {AUDIT_ACTIONS.map((name) => (
              <option key={name} value={name}>
                {auditActionName(name)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => void load()}>
          {t('common.refresh')}
        </button>
      </div>
      <ErrorNotice message={error} />
      <section className="card" aria-busy={status === 'loading'}>
        <table aria-label={t('nav.audit')} className="list">
          <thead>
            <tr>
              <th scope="col">{t('audit.when')}</th>
              <th scope="col">{t('audit.desk')}</th>
              <th scope="col">{t('audit.who')}</th>
              <th scope="col">{t('audit.action')}</th>
              <th scope="col">{t('audit.what')}</th>
            </tr>
          </thead>
          <tbody>
            {events.map((event) => (
              <tr key={event.id}>
                <td>{formatDateTime(event.attributes.at, timeZone)}</td>
                <td>{event.attributes.desk}</td>
                <td>{t('audit.actor', { username: event.attributes.actor.username, role: event.attributes.actor.role ?? 'command' })}</td>
                <td>
                  {auditActionName(event.attributes.action)} <code className="muted">{event.attributes.action}</code>
                </td>
                <td>{describe(event.attributes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {status === 'ready' && events.length === 0 ? <p>{t('audit.empty')}</p> : null}
        {status === 'loading' ? <Loading label={t('audit.loading')} /> : null}
        {next && status !== 'loading' ? (
          <button type="button" onClick={() => void more()}>
            {t('audit.older')}
          </button>
        ) : null}
      </section>
    </div>
  );
}
