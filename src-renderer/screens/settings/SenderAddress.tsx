// The account's address, which every New shipment starts with as its sender: asked for at an admin's first
// sign-in while it is incomplete, and kept in Settings (admins change it; others read it).
import React, { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../i18n/messages/en.ts';
import { PROFILE_FIELD_ORDER, SENDER_FIELDS, type ClientProfile } from '../../../src-shared/client.ts';
import { STATE_REQUIRED } from '../../../src-shared/countries.ts';
import { fieldText } from '../../i18n/field-text.ts';
import { sayAny, type Said } from '../../i18n/said.ts';
import { CountryPicker } from '../../components/CountryPicker.tsx';
import { Field } from '../../components/Field.tsx';
import { ErrorNotice } from '../../components/Notice.tsx';
import { useSession } from '../../store/session.ts';

type ProfileField = keyof ClientProfile;

const label = (field: ProfileField): MessageKey => `account.${field}`;
const ORDER = PROFILE_FIELD_ORDER;

export function SenderAddress({
  canEdit,
  firstRun = false,
  onDone,
}: {
  canEdit: boolean;
  firstRun?: boolean;
  onDone?(): void;
}): React.JSX.Element {
  const { t } = useTranslation();
  const client = useSession((state) => state.client);
  const saveAccount = useSession((state) => state.saveAccount);
  const current = client?.attributes;
  const [draft, setDraft] = useState<ClientProfile>(
    () => Object.fromEntries(ORDER.map((field) => [field, current?.[field] ?? ''])) as unknown as ClientProfile,
  );
  // A field the packer left empty is worded at once; the station's refusal (a Said) as it is shown.
  const [errors, setErrors] = useState<Record<string, string | Said>>({});
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const required = (field: ProfileField) =>
    (SENDER_FIELDS as readonly string[]).includes(field) || (field === 'state' && STATE_REQUIRED.has(draft.country.trim().toUpperCase()));

  const save = async () => {
    const missing = ORDER.filter((field) => required(field) && draft[field].trim() === '');
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((field) => [field, fieldText(`/data/attributes/shipFrom/${field}`, true)])));
      return;
    }
    setBusy(true);
    const refused = await saveAccount(draft);
    setBusy(false);
    if (refused) {
      setErrors(Object.fromEntries(Object.entries(refused).map(([pointer, reason]) => [pointer.replace('/data/attributes/', ''), reason])));
      setSaved(false);
      return;
    }
    setErrors({});
    setSaved(true);
    onDone?.();
  };

  if (!canEdit) {
    return (
      <section className="card" aria-labelledby="sender-address-heading">
        <h2 id="sender-address-heading">{t('account.heading')}</h2>
        <p>
          {current
            ? [current.name, current.address1, `${current.postalCode} ${current.city}`.trim(), current.country].filter(Boolean).join(', ')
            : ''}
        </p>
        <p className="muted">{t('account.byAdmin')}</p>
      </section>
    );
  }

  return (
    <section className={`card${firstRun ? ' first-run' : ''}`} aria-labelledby="sender-address-heading">
      <h2 id="sender-address-heading">{firstRun ? t('account.yourHeading') : t('account.heading')}</h2>
      <p className="muted">{firstRun ? t('account.firstRun') : t('account.lead')}</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <p className="required-legend">
          <span aria-hidden="true">*</span> {t('form.required')}
        </p>
        <div className="grid">
          {ORDER.map((field) =>
            field === 'country' ? (
              <CountryPicker
                key={field}
                label={t(label(field))}
                value={draft.country}
                onValue={(value) => setDraft({ ...draft, country: value })}
                error={errors[field] && sayAny(errors[field])}
                required
              />
            ) : (
              <Field
                key={field}
                label={t(label(field))}
                value={draft[field]}
                onValue={(value) => {
                  setDraft({ ...draft, [field]: value });
                  setSaved(false);
                }}
                error={errors[field] && sayAny(errors[field])}
                required={required(field)}
                wide={field === 'name' || field === 'address1'}
              />
            ),
          )}
        </div>
        <ErrorNotice message={errors[''] ?? null} />
        <div className="form-actions">
          <button type="submit" className="primary" disabled={busy}>
            {busy ? t('common.saving') : t('account.save')}
          </button>
          {firstRun && onDone ? (
            <button type="button" className="link" onClick={onDone}>
              {t('account.notNow')}
            </button>
          ) : null}
          {saved && !firstRun ? (
            <span role="status" className="muted">
              {t('account.saved')}
            </span>
          ) : null}
        </div>
      </form>
    </section>
  );
}
