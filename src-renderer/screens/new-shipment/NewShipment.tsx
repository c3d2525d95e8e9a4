// The packing loop: enter the shipment, get rates, confirm, see and print the label, start the next parcel.
import React, { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../components/Notice.tsx';
import { useLabel } from '../../store/label.ts';
import { draftFromClient, useNewShipment } from '../../store/new-shipment.ts';
import { useRates } from '../../store/rates.ts';
import { startNewShipment } from '../../store/start-shipment.ts';
import { useReceiverSearch } from '../../store/receiver-search.ts';
import { useSession } from '../../store/session.ts';
import { usePacking } from '../../store/packing.ts';
import { usePackingSetup } from '../../store/packing-setup.ts';
import { useScale } from '../../store/scale.ts';
import type { ShipmentResource as Shipment } from '../../../src-shared/resources.ts';
import { OrderPanel } from './OrderPanel.tsx';
import { LabelPanel } from './LabelPanel.tsx';
import { RatesPanel } from './RatesPanel.tsx';
import { ShipmentForm } from './ShipmentForm.tsx';

export function NewShipment(): React.JSX.Element {
  const { t } = useTranslation();
  const client = useSession((state) => state.client);
  const senderName = useNewShipment((state) => state.sender.name);
  const errorCount = useNewShipment((state) => Object.keys(state.errors).length);
  const ratesStatus = useRates((state) => state.status);
  const labelShipment = useLabel((state) => state.shipment);
  const searchRef = useRef<HTMLInputElement>(null);
  const order = usePacking((state) => state.order);
  const packingError = usePacking((state) => state.error);
  const stableWeight = useScale((state) => (state.reading?.status === 'stable' ? state.reading.weightKg : null));

  // The scale is read live while the screen is open. A settled weight (above zero) goes into the scanned order's
  // package, or, in every other mode, into the package the packer is at when it settles. An empty scale (0 kg) is
  // no weight: it weighs nothing, and it blocks nothing.
  useEffect(() => useScale.getState().listen(), []);
  useEffect(() => void usePackingSetup.getState().load(), []);
  // A reading weighs one parcel: a box added later (or the next shipment) waits for a reading of its own, and is never
  // given the one before. A weight typed over the scale's stays until the scale settles on another reading (a parcel
  // that only moved on the scale settles on the same one); emptied, the scale's next reading is a new parcel's.
  const lastReading = useRef<string | null>(null);
  useEffect(() => {
    if (stableWeight === null) return;
    if (!(Number(stableWeight) > 0)) {
      lastReading.current = null;
      return;
    }
    const fresh = stableWeight !== lastReading.current;
    lastReading.current = stableWeight;
    if (order) usePacking.getState().weighed(stableWeight);
    else if (fresh) useNewShipment.getState().weighFromScale(useNewShipment.getState().activePackage, stableWeight);
  }, [stableWeight, order]);

  // Leaving the screen puts a finished label away: Back (or a link) never brings it back as the step to do, where
  // the next order's scan would go into its check.
  useEffect(
    () => () => {
      if (useLabel.getState().shipment) startNewShipment(useSession.getState().client);
    },
    [],
  );

  // The sender starts as the client's own address.
  useEffect(() => {
    if (!senderName && client) useNewShipment.getState().reset(draftFromClient(client));
  }, [client, senderName]);

  useEffect(() => {
    if (!labelShipment) searchRef.current?.focus();
  }, [labelShipment]);

  const getRates = () => {
    const attributes = useNewShipment.getState().validate();
    // Beside a scanned order, the rates book for it: what is confirmed from them closes the order.
    if (attributes) void useRates.getState().load(attributes, usePacking.getState().order?.attributes.number);
    else setTimeout(() => document.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus(), 0);
  };

  const showLabel = (shipment: Shipment) => {
    // Booked from the rates beside a scanned order: the order is done.
    usePacking.getState().clear();
    void useLabel.getState().show(shipment);
  };

  const startNext = () => {
    startNewShipment(client);
    setTimeout(() => searchRef.current?.focus(), 0);
  };

  const scanOrder = (text: string) => {
    void usePacking
      .getState()
      .scan(text)
      .then(() => {
        // Not an order, or one shipped already: the field's text is selected for the next scan.
        if (!usePacking.getState().order) searchRef.current?.select();
      });
  };

  // An order scanned while the last label waited for its check: the next parcel starts with it.
  const startWithOrder = (number: string) => {
    startNewShipment(client);
    useReceiverSearch.setState({ text: number });
    scanOrder(number);
  };

  if (labelShipment) return <LabelPanel onNewShipment={startNext} onNextOrder={startWithOrder} />;

  return (
    <div className="new-shipment">
      <div className="new-shipment__form">
        {errorCount > 0 ? <ErrorNotice message={t('newShipment.correct', { count: errorCount })} /> : null}
        {!order ? <ErrorNotice message={packingError} /> : null}
        <ShipmentForm onSubmit={getRates} searchRef={searchRef} onScan={scanOrder} />
      </div>
      <div className="new-shipment__rates">
        {order ? (
          <>
            <OrderPanel />
            {ratesStatus !== 'idle' ? <RatesPanel onDone={showLabel} onRefresh={getRates} /> : null}
          </>
        ) : ratesStatus === 'idle' ? (
          <section className="card rates rates--empty" aria-label={t('rates.heading')}>
            <h2>{t('rates.heading')}</h2>
            <p className="muted">{t('rates.empty')}</p>
          </section>
        ) : (
          <RatesPanel onDone={showLabel} onRefresh={getRates} />
        )}
      </div>
    </div>
  );
}
