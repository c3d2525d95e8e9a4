// The Settings screen's webhooks: where the station sends this client's events. A paused webhook is shown as
// paused, with the reason, and a Resume button; a new one's signing secret is shown once, to copy.
import React, { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { EventType } from '../../../src-shared/events.ts';
import { Field } from '../../components/Field.tsx';
import { ErrorNotice } from '../../components/Notice.tsx';
import { ALL_EVENT_TYPES, useWebhooks } from '../../store/webhooks.ts';

export function Webhooks(): React.JSX.Element {
  const { t } = useTranslation();
  const { webhooks, error, newSecret, load, add, setStatus, remove, forgetSecret } = useWebhooks();
  const [url, setUrl] = useState('');
  const [chosen, setChosen] = useState<EventType[]>(['shipment.processed', 'tracking.updated']);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="card" aria-labelledby="webhooks-heading">
      <h2 id="webhooks-heading">{t('webhooks.heading')}</h2>
      <p className="muted">{t('webhooks.lead')}</p>
      <ErrorNotice message={error} />
      {webhooks.length === 0 ? <p>{t('webhooks.none')}</p> : null}
      <ul className="webhooks" aria-label={t('webhooks.heading')}>
        {webhooks.map((webhook) => (
          <li key={webhook.id} aria-label={t('webhooks.webhook', { url: webhook.attributes.url })}>
            <span className="mono">{webhook.attributes.url}</span>
            <span className="muted"> {webhook.attributes.events.join(', ')}</span>
            {webhook.attributes.status === 'paused' ? (
              <p role="status" className="notice notice--warning">
                {t('webhooks.paused', { reason: webhook.attributes.pausedReason ?? '', pending: webhook.meta?.pending ?? 0 })}
              </p>
            ) : (
              <span className="muted"> {t('webhooks.active', { pending: webhook.meta?.pending ?? 0 })}</span>
            )}
            <span className="actions">
              {webhook.attributes.status === 'paused' ? (
                <button type="button" onClick={() => void setStatus(webhook.id, 'active')}>
                  {t('webhooks.resume')}
                </button>
              ) : (
                <button type="button" className="secondary" onClick={() => void setStatus(webhook.id, 'paused')}>
                  {t('webhooks.pause')}
                </button>
              )}
              <button
                type="button"
                className="link"
                onClick={() => void remove(webhook.id)}
                aria-label={t('webhooks.remove', { url: webhook.attributes.url })}
              >
                {t('common.remove')}
              </button>
            </span>
          </li>
        ))}
      </ul>
      {newSecret ? (
        <div role="status" className="notice">
          <p>
            <Trans i18nKey="webhooks.secret" components={{ code: <code /> }} />
          </p>
          <p className="mono" aria-label={t('webhooks.secretLabel')}>
            {newSecret.secret}
          </p>
          <button type="button" className="secondary" onClick={forgetSecret}>
            {t('webhooks.copied')}
          </button>
        </div>
      ) : null}
      <form
        className="grid"
        aria-label={t('webhooks.add')}
        onSubmit={(event) => {
          event.preventDefault();
          void add(url.trim(), chosen).then((added) => {
            if (added) setUrl('');
          });
        }}
      >
        <Field label={t('webhooks.url')} value={url} onValue={setUrl} placeholder="https://erp.example/hooks/station" wide />
        <fieldset className="field field--wide">
          <legend>{t('webhooks.events')}</legend>
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
        <button type="submit">{t('webhooks.addButton')}</button>
      </form>
    </section>
  );
}
