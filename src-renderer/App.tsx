// The desk app's frame: sign-in until there is a session, then the navigation and the current screen.
import React, { useEffect, useState } from 'react';
import { senderComplete } from '../src-shared/client.ts';
import { hasRole, type Role } from '../src-shared/roles.ts';
import { ErrorNotice, Loading } from './components/Notice.tsx';
import { DatabaseBanner } from './components/DatabaseBanner.tsx';
import { StationDay } from './components/StationDay.tsx';
import { AuditLog } from './screens/audit/AuditLog.tsx';
import { CloseDay } from './screens/close-day/CloseDay.tsx';
import { NewShipment } from './screens/new-shipment/NewShipment.tsx';
import { Orders } from './screens/orders/Orders.tsx';
import { Reports } from './screens/reports/Reports.tsx';
import { Returns } from './screens/returns/Returns.tsx';
import { SenderAddress } from './screens/settings/SenderAddress.tsx';
import { Settings } from './screens/settings/Settings.tsx';
import { Shipments } from './screens/shipments/Shipments.tsx';
import { SignIn } from './screens/sign-in/SignIn.tsx';
import { TrackingScreen } from './screens/tracking/Tracking.tsx';
import { Today } from './screens/today/Today.tsx';
import { useNavigation, type Screen } from './store/navigation.ts';
import { useSession } from './store/session.ts';
import { usePrinting } from './store/printing.ts';
import { openNewShipment } from './store/start-shipment.ts';

/** The screens, each with the role it needs: closing the day, reports and the audit log are for supervisors and admins. */
const NAVIGATION: { screen: Screen; label: string; needs: Role }[] = [
  { screen: 'today', label: 'Today', needs: 'packer' },
  { screen: 'new', label: 'New shipment', needs: 'packer' },
  { screen: 'orders', label: 'Orders', needs: 'packer' },
  { screen: 'shipments', label: 'Shipments', needs: 'packer' },
  { screen: 'returns', label: 'Returns', needs: 'packer' },
  { screen: 'tracking', label: 'Tracking', needs: 'packer' },
  { screen: 'close-day', label: 'Close day', needs: 'supervisor' },
  { screen: 'reports', label: 'Reports', needs: 'supervisor' },
  { screen: 'audit', label: 'Audit log', needs: 'supervisor' },
  { screen: 'settings', label: 'Settings', needs: 'packer' },
];

export function App(): React.JSX.Element {
  const { status, client, who, config, error, start, signOut } = useSession();
  const role = who?.role ?? 'packer';
  const offered = NAVIGATION.filter((item) => hasRole(role, item.needs));
  const { screen, go } = useNavigation();
  // An admin whose account has no sender address yet is asked for it first (once a session: "Not now" goes on).
  const [senderLater, setSenderLater] = useState(false);
  const asksForSender = role === 'admin' && client !== null && !senderComplete(client.attributes) && !senderLater;

  useEffect(() => {
    void start();
  }, [start]);
  useEffect(() => {
    if (status === 'signed-in') void usePrinting.getState().load();
  }, [status]);

  if (status === 'starting') return <Loading label="Connecting to the station…" />;
  if (status === 'unreachable') {
    return (
      <main className="sign-in">
        <div className="card sign-in__card">
          <h1>Shipping Station</h1>
          <ErrorNotice message={error} />
        </div>
      </main>
    );
  }
  if (status !== 'signed-in') {
    return (
      <>
        <DatabaseBanner />
        <SignIn />
      </>
    );
  }

  return (
    <div className="app">
      <header className="app__header">
        <span className="app__name">Shipping Station</span>
        <nav aria-label="Main">
          {offered.map((item) => (
            <a
              key={item.screen}
              href={`#/${item.screen}`}
              aria-current={screen === item.screen ? 'page' : undefined}
              onClick={(event) => {
                event.preventDefault();
                if (item.screen === 'new') openNewShipment(client);
                go(item.screen);
              }}
            >
              {item.label}
            </a>
          ))}
        </nav>
        {/* account · user (role) · desk */}
        <div className="app__who">
          <span className="app__client">{client?.attributes.name}</span>
          <span className="sr-only"> · </span>
          <span className="app__user">
            {who ? `${who.username} (${who.role})` : ''}
            {config?.desk ? `${who ? ' · ' : ''}desk ${config.desk}` : ''}
          </span>
          <StationDay />
        </div>
        <button type="button" className="link" onClick={signOut}>
          Sign out
        </button>
      </header>
      <main className="app__main">
        <DatabaseBanner />
        {asksForSender ? (
          <SenderAddress canEdit firstRun onDone={() => setSenderLater(true)} />
        ) : (
          <>
            {screen === 'today' ? <Today /> : null}
            {screen === 'new' ? <NewShipment /> : null}
            {screen === 'orders' ? <Orders /> : null}
            {screen === 'shipments' ? <Shipments /> : null}
            {screen === 'returns' ? <Returns /> : null}
            {screen === 'tracking' ? <TrackingScreen /> : null}
            {screen === 'close-day' && hasRole(role, 'supervisor') ? <CloseDay /> : null}
            {screen === 'reports' && hasRole(role, 'supervisor') ? <Reports /> : null}
            {screen === 'audit' && hasRole(role, 'supervisor') ? <AuditLog /> : null}
            {screen === 'settings' ? <Settings /> : null}
          </>
        )}
      </main>
    </div>
  );
}
