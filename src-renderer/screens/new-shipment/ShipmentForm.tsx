// The shipment form: sender (the client's own address unless changed), receiver with search, packages with
// box presets, goods, insurance and, when the route needs customs, the export declaration. A refusal (the desk's own
// check or the station's, on Get rates, Confirm or Ship) takes the packer to the first faulty field.
import { receiverWarnings } from '../../../src-shared/address-checks.ts';
import React, { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sayIt, type Said } from '../../i18n/said.ts';
import type { MessageKey } from '../../i18n/messages/en.ts';
import { EXPORT_REASON_TYPES, SHIPMENT_PURPOSES } from '../../../src-shared/shipment.ts';
import { STATE_REQUIRED } from '../../../src-shared/countries.ts';
import { CountryPicker } from '../../components/CountryPicker.tsx';
import { Field } from '../../components/Field.tsx';
import { ReceiverSearch } from '../../components/ReceiverSearch.tsx';
import { needsCustoms, useNewShipment, type AddressField } from '../../store/new-shipment.ts';
import { boxName } from '../../i18n/domain-names.ts';
import { usePackingSetup } from '../../store/packing-setup.ts';
import { ServicesPanel } from './ServicesPanel.tsx';
import { addressFieldOrder } from './address-order.ts';

/** An address field's label, e.g. "Receiver postal code". */
const addressLabel = (role: 'sender' | 'receiver', field: AddressField): MessageKey => `form.${role}.${field}`;

/** The address fields every shipment needs (field-rules.md); the sender's email too. The state is asked for by country. */
const REQUIRED_ADDRESS: readonly AddressField[] = ['name', 'contact', 'address1', 'postalCode', 'city', 'country'];
const isRequired = (role: 'sender' | 'receiver', field: AddressField, country: string) =>
  REQUIRED_ADDRESS.includes(field) ||
  (role === 'sender' && field === 'email') ||
  (field === 'state' && STATE_REQUIRED.has(country.trim().toUpperCase()));

/** The first field on screen that must be filled and is empty, in the order of the form. */
function firstEmptyRequired(form: HTMLFormElement): HTMLInputElement | undefined {
  return [...form.querySelectorAll<HTMLInputElement>('input[aria-required="true"]')].find(
    (input) => input.value.trim() === '' && !input.disabled && input.getClientRects().length > 0,
  );
}

/**
 * The contact field reached with the name typed: the contact is the name, on screen and selected before the first
 * key, so that typing a company's contact replaces it instead of adding to it.
 */
function selectContactFromName(role: 'sender' | 'receiver', input: HTMLInputElement): void {
  useNewShipment.getState().contactFromName(role);
  const { name, contact } = useNewShipment.getState()[role];
  if (contact === '' || contact !== name.trim()) return;
  // On screen at once, ahead of the render (which then finds it there and leaves the selection be), and selected.
  if (input.value !== contact) input.value = contact;
  input.select();
}

/** What the form keeps to be said of a field, worded now; undefined for a field without a fault. */
const wordsOf = (said: Said | undefined): string | undefined => (said ? sayIt(said) : undefined);

export function ShipmentForm({
  onSubmit,
  onScan,
  searchRef,
}: {
  onSubmit(): void;
  onScan(text: string): void;
  searchRef: React.Ref<HTMLInputElement>;
}): React.JSX.Element {
  const { t } = useTranslation();
  const form = useNewShipment();
  const presets = usePackingSetup((state) => state.setup.boxPresets);
  const [editSender, setEditSender] = useState(false);
  /** A field's fault, in the packer's words of this moment. */
  const error = (pointer: string) => wordsOf(form.errors[`/data/attributes/${pointer}`]);
  const senderHasErrors = Object.keys(form.errors).some((pointer) => pointer.startsWith('/data/attributes/shipFrom'));
  const showSender = editSender || senderHasErrors;
  const customs = needsCustoms(form) && !form.documentsOnly;
  const weightField = (index: number) => document.getElementById(`package-${index}-weight`);
  const formElement = useRef<HTMLFormElement>(null);

  // A postal code is checked as the packer leaves it and again whenever the country changes: the check of a field
  // as it is typed marks it, and leaves the focus where the packer is.
  const checkingField = useRef(false);
  const checkPostalCode = (role: 'sender' | 'receiver') => {
    checkingField.current = true;
    try {
      form.checkPostalCode(role);
    } finally {
      checkingField.current = false;
    }
  };
  // Any other new set of errors is a refusal (Get rates, Confirm, Ship and print; the desk's check or the station's):
  // once it is on screen, the first faulty field is scrolled into view and has the focus, wherever the packer was.
  const refused = useRef(false);
  useEffect(
    () =>
      useNewShipment.subscribe((state, previous) => {
        if (state.errors !== previous.errors && Object.keys(state.errors).length > 0 && !checkingField.current) refused.current = true;
      }),
    [],
  );
  useEffect(() => {
    if (!refused.current) return;
    refused.current = false;
    const faulty = formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const shown = faulty ?? formElement.current?.querySelector<HTMLElement>('.field__error');
    shown?.scrollIntoView({ block: 'center' });
    faulty?.focus({ preventScroll: true });
  }, [form.errors]);

  // A city filled from the postal code while the packer is in the city field is selected: what they type replaces
  // it instead of adding to it.
  const citiesFilled = `${form.places.sender.filled}|${form.places.receiver.filled}`;
  useEffect(() => {
    const active = document.activeElement;
    if (!(active instanceof HTMLInputElement) || !/^(sender|receiver)-city$/.test(active.id)) return;
    if (useNewShipment.getState().places[active.id.startsWith('sender') ? 'sender' : 'receiver'].filled) active.select();
  }, [citiesFilled]);

  // A likely mistake (a phone outside the receiver's numbering plan) is said beside its field before confirm.
  const likelyWrong = Object.fromEntries(
    receiverWarnings({ country: form.receiver.country, phone: form.receiver.phone }, ['shipTo']).map((warning) => [
      warning.pointer,
      warning.detail,
    ]),
  );
  const addressFields = (role: 'sender' | 'receiver') => {
    const prefix = role === 'sender' ? 'shipFrom' : 'shipTo';
    return (
      <div className="grid">
        {addressFieldOrder(form[role].country).map((field) =>
          field === 'country' ? (
            <CountryPicker
              key={field}
              label={t(addressLabel(role, field))}
              value={form[role][field]}
              onValue={(value) => {
                form.setAddress(role, field, value);
                if (form[role].postalCode.trim() !== '') checkPostalCode(role);
              }}
              error={error(`${prefix}/${field}`)}
              required
            />
          ) : (
            <Field
              key={field}
              label={t(addressLabel(role, field))}
              value={form[role][field]}
              onValue={(value) => form.setAddress(role, field, value)}
              error={error(`${prefix}/${field}`)}
              hint={
                (role === 'receiver' ? likelyWrong[`/shipTo/${field}`] : undefined) ??
                (field === 'city' && form.places[role].filled ? t('form.cityFromPostalCode') : undefined) ??
                (field === 'contact' && form[role].contact !== '' && form[role].contact === form[role].name.trim()
                  ? t('form.contactFromName')
                  : undefined)
              }
              onBlur={
                field === 'postalCode' ? () => checkPostalCode(role) : field === 'name' ? () => form.contactFromName(role) : undefined
              }
              onFocus={field === 'contact' ? (event) => selectContactFromName(role, event.currentTarget) : undefined}
              id={field === 'city' ? `${role}-city` : undefined}
              list={field === 'city' && form.places[role].choices.length > 1 ? `${role}-city-places` : undefined}
              wide={field === 'name' || field === 'address1'}
              required={isRequired(role, field, form[role].country)}
            />
          ),
        )}
        {/* The other places the postal code names, offered in the city field. */}
        <datalist id={`${role}-city-places`}>
          {form.places[role].choices.map((place) => (
            <option key={`${place.city}|${place.state}`} value={place.city} />
          ))}
        </datalist>
      </div>
    );
  };

  return (
    <form
      ref={formElement}
      className="shipment-form"
      noValidate
      onKeyDown={(event) => {
        // Enter in a field or a list goes on to the first required field still empty, and gets the rates once none
        // is: a packer types the receiver and presses Enter, and is taken to what is left, without a refusal for it.
        if (event.key !== 'Enter' || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
        const target = event.target;
        if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement)) return;
        const empty = firstEmptyRequired(event.currentTarget);
        if (empty && empty !== target) {
          event.preventDefault();
          empty.focus();
        } else if (target instanceof HTMLSelectElement) {
          // A list does not send its form on Enter by itself.
          event.preventDefault();
          event.currentTarget.requestSubmit();
        }
      }}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <p className="required-legend">
        <span aria-hidden="true">*</span> {t('form.required')}
      </p>
      <section className="card" aria-labelledby="sender-heading">
        <div className="card__head">
          <h2 id="sender-heading">{t('shipments.sender')}</h2>
          <button type="button" className="link" aria-expanded={showSender} onClick={() => setEditSender(!editSender)}>
            {showSender ? t('form.hideSender') : t('form.changeSender')}
          </button>
        </div>
        {showSender ? (
          addressFields('sender')
        ) : (
          <p className="summary-line">
            {[form.sender.name, form.sender.address1, `${form.sender.postalCode} ${form.sender.city}`.trim(), form.sender.country]
              .filter(Boolean)
              .join(', ') || t('form.noSender')}
          </p>
        )}
      </section>

      <section className="card" aria-labelledby="receiver-heading">
        <h2 id="receiver-heading">{t('shipment.receiver')}</h2>
        <ReceiverSearch
          inputRef={searchRef}
          onEnter={onScan}
          onPick={(address) => {
            form.pickReceiver(address);
            setTimeout(() => weightField(0)?.focus(), 0);
          }}
        />
        {addressFields('receiver')}
      </section>

      <section className="card" aria-labelledby="packages-heading">
        <h2 id="packages-heading">{t('shipments.packages')}</h2>
        {form.packages.map((pkg, index) => (
          <fieldset className="package-row" key={index} onFocus={() => form.setActivePackage(index)}>
            <legend>{t('form.package', { number: index + 1 })}</legend>
            <Field
              id={`package-${index}-weight`}
              label={t('form.weight')}
              inputMode="decimal"
              value={pkg.weight}
              onValue={(value) => form.setPackage(index, 'weight', value)}
              error={error(`packages/${index}/weight/value`)}
              hint={pkg.fromScale ? t('form.fromScale') : undefined}
              required
            />
            <Field
              required
              label={t('form.length')}
              inputMode="decimal"
              value={pkg.length}
              onValue={(value) => form.setPackage(index, 'length', value)}
              error={error(`packages/${index}/dimensions/length`) ?? error(`packages/${index}/dimensions`)}
            />
            <Field
              required
              label={t('form.width')}
              inputMode="decimal"
              value={pkg.width}
              onValue={(value) => form.setPackage(index, 'width', value)}
              error={error(`packages/${index}/dimensions/width`)}
            />
            <Field
              required
              label={t('form.height')}
              inputMode="decimal"
              value={pkg.height}
              onValue={(value) => form.setPackage(index, 'height', value)}
              error={error(`packages/${index}/dimensions/height`)}
            />
            <div className="field">
              <label htmlFor={`package-${index}-preset`}>{t('form.boxPreset')}</label>
              <select
                id={`package-${index}-preset`}
                // The box whose size the package has: chosen here, or typed to match.
                value={
                  presets.find((preset) => preset.length === pkg.length && preset.width === pkg.width && preset.height === pkg.height)
                    ?.name ?? ''
                }
                onChange={(event) => {
                  const preset = presets.find((candidate) => candidate.name === event.target.value);
                  if (!preset) return;
                  form.setPackage(index, 'length', preset.length);
                  form.setPackage(index, 'width', preset.width);
                  form.setPackage(index, 'height', preset.height);
                }}
              >
                <option value="">{t('common.none')}</option>
                {presets.map((preset) => (
                  <option key={preset.name} value={preset.name}>
                    {t('form.presetOption', {
                      name: boxName(preset.name),
                      length: preset.length,
                      width: preset.width,
                      height: preset.height,
                    })}
                  </option>
                ))}
              </select>
            </div>
            {form.packages.length > 1 ? (
              <button
                type="button"
                className="link"
                onClick={() => form.removePackage(index)}
                aria-label={t('form.removePackage', { number: index + 1 })}
              >
                {t('common.remove')}
              </button>
            ) : null}
          </fieldset>
        ))}
        {error('packages') ? <p className="field__error">{t('form.packageRequired')}</p> : null}
        {/* After the packages, not before: Tab goes from the receiver straight to Weight, and adding a box comes after. */}
        <PackageToolbar presets={presets} onAdd={(preset) => form.addPackage(preset)} />
      </section>

      <section className="card" aria-labelledby="goods-heading">
        <h2 id="goods-heading">{t('shipments.contents')}</h2>
        <div className="grid">
          <div className="field field--check">
            <input
              id="documents-only"
              type="checkbox"
              checked={form.documentsOnly}
              onChange={(event) => form.setDocumentsOnly(event.target.checked)}
            />
            <label htmlFor="documents-only">{t('form.documentsOnly')}</label>
            {error('documentsOnly') ? <span className="field__error">{t('form.documentsOnlyCustoms')}</span> : null}
          </div>
          {!form.documentsOnly ? (
            <>
              <Field
                required
                label={t('form.goodsDescription')}
                value={form.goodsDescription}
                onValue={(value) => form.setField('goodsDescription', value)}
                error={error('goodsDescription')}
                wide
              />
              <Field
                required
                label={t('form.invoiceValue')}
                inputMode="decimal"
                value={form.invoiceValue}
                onValue={(value) => form.setField('invoiceValue', value)}
                error={error('invoiceSubtotal') ?? error('invoiceSubtotal/amount')}
                placeholder="EUR"
              />
              <Field
                label={t('form.insuranceDescription')}
                value={form.insuranceDescription}
                onValue={(value) => form.setField('insuranceDescription', value)}
                error={error('insuranceDescription')}
              />
              <Field
                label={t('form.insuredValue')}
                inputMode="decimal"
                value={form.insuranceValue}
                onValue={(value) => form.setField('insuranceValue', value)}
                error={error('insuranceValue')}
                placeholder="EUR"
              />
            </>
          ) : null}
          <Field
            label={t('form.customerReference')}
            value={form.customerReference}
            onValue={(value) => form.setField('customerReference', value)}
            error={error('customerReference')}
          />
        </div>
      </section>

      <ServicesPanel />

      {customs ? <ExportDeclaration /> : null}

      <div className="form-actions">
        <button type="submit" className="primary">
          {t('form.getRates')}
        </button>
        <span className="muted">{t('form.enterGetsRates')}</span>
      </div>
    </form>
  );
}

/**
 * The buttons that add a package, one box each and an empty one, as one Tab stop (a toolbar with a roving tabindex):
 * the arrow keys, Home and End move between them, so a packer tabbing on to the contents crosses them once.
 */
function PackageToolbar({
  presets,
  onAdd,
}: {
  presets: readonly { name: string; length: string; width: string; height: string }[];
  onAdd(preset?: { length: string; width: string; height: string }): void;
}): React.JSX.Element {
  const { t } = useTranslation();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const count = presets.length + 1;
  const [chosen, setChosen] = useState(0);
  const active = Math.min(chosen, count - 1);
  const moveTo = (index: number) => {
    const next = (index + count) % count;
    setChosen(next);
    buttons.current[next]?.focus();
  };
  const keys: Record<string, () => void> = {
    ArrowRight: () => moveTo(active + 1),
    ArrowLeft: () => moveTo(active - 1),
    Home: () => moveTo(0),
    End: () => moveTo(count - 1),
  };
  const button = (index: number, label: string, add: () => void, title?: string) => (
    <button
      key={index}
      ref={(element) => void (buttons.current[index] = element)}
      type="button"
      tabIndex={index === active ? 0 : -1}
      onFocus={() => setChosen(index)}
      onClick={add}
      title={title}
    >
      {label}
    </button>
  );
  return (
    <div
      role="toolbar"
      aria-label={t('form.addPackages')}
      aria-orientation="horizontal"
      className="inline-actions package-actions"
      onKeyDown={(event) => {
        const move = keys[event.key];
        if (!move) return;
        event.preventDefault();
        move();
      }}
    >
      {presets.map((preset, index) =>
        button(
          index,
          t('form.addPreset', { name: boxName(preset.name) }),
          () => onAdd({ length: preset.length, width: preset.width, height: preset.height }),
          t('form.presetSize', { length: preset.length, width: preset.width, height: preset.height }),
        ),
      )}
      {button(presets.length, t('form.addPackage'), () => onAdd())}
    </div>
  );
}

function ExportDeclaration(): React.JSX.Element {
  const { t } = useTranslation();
  const form = useNewShipment();
  const { declaration } = form;
  const error = (pointer: string) => wordsOf(form.errors[`/data/attributes/exportDeclaration/${pointer}`]);
  // The item follows the contents entered above (description, value, weight, the sender's country) until the
  // packer edits an item by hand.
  const contents = useNewShipment((state) =>
    [
      state.goodsDescription,
      state.invoiceValue,
      state.packages.map((pkg) => [pkg.weight, pkg.length, pkg.width, pkg.height].join('×')).join(','),
      state.sender.country,
      state.customerReference,
    ].join('|'),
  );
  useEffect(() => {
    if (useNewShipment.getState().declarationAuto) useNewShipment.getState().declarationFromContents();
  }, [contents]);
  return (
    <section className="card" aria-labelledby="customs-heading">
      <div className="card__head">
        <h2 id="customs-heading">{t('form.exportDeclaration')}</h2>
        <span className="muted">{t('form.customsBorder')}</span>
      </div>
      {form.errors['/data/attributes/exportDeclaration'] ? <p className="field__error">{t('form.declarationRequired')}</p> : null}
      <div className="grid">
        <div className="field">
          <label htmlFor="export-reason">{t('form.exportReason')}</label>
          <select
            id="export-reason"
            value={declaration.exportReasonType}
            onChange={(event) => form.setDeclaration('exportReasonType', event.target.value)}
          >
            {EXPORT_REASON_TYPES.map((reason) => (
              <option key={reason} value={reason}>
                {t(`exportReason.${reason}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="shipment-purpose">{t('form.shipmentPurpose')}</label>
          <select
            id="shipment-purpose"
            value={declaration.shipmentPurpose}
            onChange={(event) => form.setDeclaration('shipmentPurpose', event.target.value)}
          >
            {SHIPMENT_PURPOSES.map((purpose) => (
              <option key={purpose} value={purpose}>
                {t(`shipmentPurpose.${purpose}`)}
              </option>
            ))}
          </select>
        </div>
        <Field
          required
          label={t('form.invoiceNumber')}
          value={declaration.invoiceReference}
          onValue={(value) => form.setDeclaration('invoiceReference', value)}
          error={error('invoiceReference')}
        />
        <Field
          label={t('form.exporterEori')}
          value={declaration.exporterEori}
          onValue={(value) => form.setDeclaration('exporterEori', value)}
          error={error('exporterEori')}
          hint={form.sender.taxIdentification ? t('form.orSenders', { id: form.sender.taxIdentification }) : undefined}
          autoComplete="off"
        />
        <Field
          label={t('form.iossNumber')}
          value={declaration.iossNumber}
          onValue={(value) => form.setDeclaration('iossNumber', value)}
          error={error('iossNumber')}
          autoComplete="off"
        />
        <Field
          required
          label={t('form.invoiceDate')}
          type="date"
          value={declaration.invoiceDate}
          onValue={(value) => form.setDeclaration('invoiceDate', value)}
          error={error('invoiceDate')}
        />
      </div>
      {declaration.lineItems.map((item, index) => (
        <fieldset className="package-row line-item" key={index}>
          <legend>{t('form.item', { number: index + 1 })}</legend>
          <Field
            required
            label={t('orders.fields.description')}
            value={item.description}
            onValue={(value) => form.setLineItem(index, 'description', value)}
            error={error(`lineItems/${index}/description`)}
            wide
          />
          <Field
            required
            label={t('orders.fields.quantity')}
            inputMode="numeric"
            value={item.quantity}
            onValue={(value) => form.setLineItem(index, 'quantity', value)}
            error={error(`lineItems/${index}/quantity`)}
          />
          <Field
            required
            label={t('form.unitPrice')}
            inputMode="decimal"
            value={item.unitPrice}
            onValue={(value) => form.setLineItem(index, 'unitPrice', value)}
            error={error(`lineItems/${index}/unitPrice`)}
          />
          <Field
            required
            label={t('orders.fields.unitWeight')}
            inputMode="decimal"
            value={item.unitWeight}
            onValue={(value) => form.setLineItem(index, 'unitWeight', value)}
            error={error(`lineItems/${index}/unitWeight`)}
          />
          <CountryPicker
            required
            label={t('orders.fields.originCountry')}
            value={item.originCountry}
            onValue={(value) => form.setLineItem(index, 'originCountry', value)}
            error={error(`lineItems/${index}/originCountry`)}
          />
          <Field
            required={declaration.shipmentPurpose === 'COMMERCIAL'}
            label={t('orders.fields.hsCode')}
            inputMode="numeric"
            value={item.commodityCode}
            onValue={(value) => form.setLineItem(index, 'commodityCode', value)}
            error={error(`lineItems/${index}/commodityCode`)}
          />
          {declaration.lineItems.length > 1 ? (
            <button
              type="button"
              className="link"
              onClick={() => form.removeLineItem(index)}
              aria-label={t('form.removeItem', { number: index + 1 })}
            >
              {t('common.remove')}
            </button>
          ) : null}
        </fieldset>
      ))}
      <div className="inline-actions">
        <button type="button" onClick={form.addLineItem}>
          {t('form.addItem')}
        </button>
        <button type="button" onClick={form.declarationFromContents}>
          {t('form.fillFromContents')}
        </button>
      </div>
    </section>
  );
}
