// The account's address, which every New shipment starts with as its sender: asked for at an admin's first
// sign-in while it is incomplete, and kept in Settings (admins change it; others read it).
import React, { useState } from 'react';
import { SENDER_FIELDS, type ClientProfile } from '../../../src-shared/client.ts';
import { STATE_REQUIRED } from '../../../src-shared/countries.ts';
import { fieldMessage } from '../../../src-shared/field-expectations.ts';
import { CountryPicker } from '../../components/CountryPicker.tsx';
import { Field } from '../../components/Field.tsx';
import { ErrorNotice } from '../../components/Notice.tsx';
import { useSession } from '../../store/session.ts';

type ProfileField = keyof ClientProfile;

const LABELS: Record<ProfileField, string> = {
  name: 'Company name',
  contact: 'Contact person',
  address1: 'Address',
  address2: 'c/o or floor',
  postalCode: 'Postal code',
  city: 'City',
  state: 'State or province',
  country: 'Country',
  phone: 'Phone',
  email: 'Email',
  taxIdentification: 'VAT or tax number',
};
const ORDER: ProfileField[] = ['name', 'contact', 'address1', 'address2', 'postalCode', 'city', 'state', 'country', 'phone', 'email', 'taxIdentification'];

export function SenderAddress({ canEdit, firstRun = false, onDone }: { canEdit: boolean; firstRun?: boolean; onDone?(): void }): React.JSX.Element {
  const client = useSession((state) => state.client);
  const saveAccount = useSession((state) => state.saveAccount);
  const current = client?.attributes;
  const [draft, setDraft] = useState<ClientProfile>(() => Object.fromEntries(ORDER.map((field) => [field, current?.[field] ?? ''])) as unknown as ClientProfile);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const required = (field: ProfileField) => (SENDER_FIELDS as readonly string[]).includes(field) || (field === 'state' && STATE_REQUIRED.has(draft.country.trim().toUpperCase()));

  const save = async () => {
    const missing = ORDER.filter((field) => required(field) && draft[field].trim() === '');
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((field) => [field, fieldMessage(`/data/attributes/shipFrom/${field}`, true)])));
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
        <h2 id="sender-address-heading">Sender address</h2>
        <p>{current ? [current.name, current.address1, `${current.postalCode} ${current.city}`.trim(), current.country].filter(Boolean).join(', ') : ''}</p>
        <p className="muted">An admin changes the account’s address.</p>
      </section>
    );
  }

  return (
    <section className={`card${firstRun ? ' first-run' : ''}`} aria-labelledby="sender-address-heading">
      <h2 id="sender-address-heading">{firstRun ? 'Your sender address' : 'Sender address'}</h2>
      <p className="muted">
        {firstRun
          ? 'Every label names it as the sender, and carriers collect there. Fill it in once; you can change it later in Settings.'
          : 'The account’s address: every New shipment starts with it as the sender.'}
      </p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <p className="required-legend">
          <span aria-hidden="true">*</span> required
        </p>
        <div className="grid">
          {ORDER.map((field) =>
            field === 'country' ? (
              <CountryPicker key={field} label={LABELS[field]} value={draft.country} onValue={(value) => setDraft({ ...draft, country: value })} error={errors[field]} required />
            ) : (
              <Field
                key={field}
                label={LABELS[field]}
                value={draft[field]}
                onValue={(value) => {
                  setDraft({ ...draft, [field]: value });
                  setSaved(false);
                }}
                error={errors[field]}
                required={required(field)}
                wide={field === 'name' || field === 'address1'}
              />
            ),
          )}
        </div>
        <ErrorNotice message={errors[''] ?? null} />
        <div className="form-actions">
          <button type="submit" className="primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save sender address'}
          </button>
          {firstRun && onDone ? (
            <button type="button" className="link" onClick={onDone}>
              Not now
            </button>
          ) : null}
          {saved && !firstRun ? (
            <span role="status" className="muted">
              Saved.
            </span>
          ) : null}
        </div>
      </form>
    </section>
  );
}
