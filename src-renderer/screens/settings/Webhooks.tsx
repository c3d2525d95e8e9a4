// The Settings screen's webhooks: where the station sends this client's events. A paused webhook is shown as
// paused, with the reason, and a Resume button; a new one's signing secret is shown once, to copy.
import React, { useEffect, useState } from 'react';
import type { EventType } from '../../../src-shared/events.ts';
import { Field } from '../../components/Field.tsx';
import { ErrorNotice } from '../../components/Notice.tsx';
import { ALL_EVENT_TYPES, useWebhooks } from '../../store/webhooks.ts';

export function Webhooks(): React.JSX.Element {
  const { webhooks, error, newSecret, load, add, setStatus, remove, forgetSecret } = useWebhooks();
  const [url, setUrl] = useState('');
  const [chosen, setChosen] = useState<EventType[]>(['shipment.processed', 'tracking.updated']);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="card" aria-labelledby="webhooks-heading">
      <h2 id="webhooks-heading">Webhooks</h2>
      <p className="muted">The station posts this client’s events to these addresses, signed with each webhook’s secret, in order, retrying for a day.</p>
      <ErrorNotice message={error} />
      {webhooks.length === 0 ? <p>No webhooks yet.</p> : null}
      <ul className="webhooks" aria-label="Webhooks">
        {webhooks.map((webhook) => (
          <li key={webhook.id} aria-label={`Webhook ${webhook.attributes.url}`}>
            <span className="mono">{webhook.attributes.url}</span>
            <span className="muted"> {webhook.attributes.events.join(', ')}</span>
            {webhook.attributes.status === 'paused' ? (
              <p role="status" className="notice notice--warning">
                Paused: {webhook.attributes.pausedReason} {webhook.meta?.pending ? `${webhook.meta.pending} event(s) wait.` : ''}
              </p>
            ) : (
              <span className="muted"> Active{webhook.meta?.pending ? `, ${webhook.meta.pending} waiting` : ''}</span>
            )}
            <span className="actions">
              {webhook.attributes.status === 'paused' ? (
                <button type="button" onClick={() => void setStatus(webhook.id, 'active')}>
                  Resume
                </button>
              ) : (
                <button type="button" className="secondary" onClick={() => void setStatus(webhook.id, 'paused')}>
                  Pause
                </button>
              )}
              <button type="button" className="link" onClick={() => void remove(webhook.id)} aria-label={`Remove webhook ${webhook.attributes.url}`}>
                Remove
              </button>
            </span>
          </li>
        ))}
      </ul>
      {newSecret ? (
        <div role="status" className="notice">
          <p>
            Signing secret of the new webhook, shown this once. Give it to the receiver, which checks each delivery’s <code>Station-Signature</code>:
          </p>
          <p className="mono" aria-label="New webhook secret">
            {newSecret.secret}
          </p>
          <button type="button" className="secondary" onClick={forgetSecret}>
            I have copied it
          </button>
        </div>
      ) : null}
      <form
        className="grid"
        aria-label="Add a webhook"
        onSubmit={(event) => {
          event.preventDefault();
          void add(url.trim(), chosen).then((added) => {
            if (added) setUrl('');
          });
        }}
      >
        <Field label="Webhook URL" value={url} onValue={setUrl} placeholder="https://erp.example/hooks/station" />
        <fieldset className="field field--wide">
          <legend>Events</legend>
          {ALL_EVENT_TYPES.map((type) => (
            <label key={type} className="check">
              <input
                type="checkbox"
                checked={chosen.includes(type)}
                onChange={(event) => setChosen(event.target.checked ? [...chosen, type] : chosen.filter((candidate) => candidate !== type))}
              />{' '}
              {type}
            </label>
          ))}
        </fieldset>
        <button type="submit">Add webhook</button>
      </form>
    </section>
  );
}
