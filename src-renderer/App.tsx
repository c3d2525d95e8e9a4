// The desk app's frame: sign-in until there is a session, then the navigation and the current screen.
import React, { Suspense, lazy, useEffect, useState } from 'react';
import { senderComplete } from '../src-shared/client.ts';
import { hasRole, type Role } from '../src-shared/roles.ts';
import { ErrorNotice, Loading } from './components/Notice.tsx';
import { DatabaseBanner } from './components/DatabaseBanner.tsx';
import { BlockedOverlay, LiveRegions } from './components/FeedbackLayer.tsx';
import { MainNavigation } from './components/MainNavigation.tsx';
import { ShortcutHelp } from './components/ShortcutHelp.tsx';
import { StationDay } from './components/StationDay.tsx';
import { AuditLog } from './screens/audit/AuditLog.tsx';
import { CloseDay } from './screens/close-day/CloseDay.tsx';
import { NewShipment } from './screens/new-shipment/NewShipment.tsx';
import { Orders } from './screens/orders/Orders.tsx';
import { Returns } from './screens/returns/Returns.tsx';
import { SenderAddress } from './screens/settings/SenderAddress.tsx';
import { SiteChooser } from './screens/settings/SiteChooser.tsx';
import { Settings } from './screens/settings/Settings.tsx';
import { Shipments } from './screens/shipments/Shipments.tsx';
import { SignIn } from './screens/sign-in/SignIn.tsx';
import { TrackingScreen } from './screens/tracking/Tracking.tsx';
import { Today } from './screens/today/Today.tsx';
import { useNavigation, type Screen } from './store/navigation.ts';
import { useSession } from './store/session.ts';
import { deskSiteOf, severalSites, useSites } from './store/sites.ts';
import { usePrinting } from './store/printing.ts';
import { openNewShipment } from './store/start-shipment.ts';
import { usePreferences } from './store/preferences.ts';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from './i18n/messages/en.ts';

/**
 * Reports and their charts (recharts with its d3, about a sixth of the desk's script) load when a supervisor first
 * opens them, so the desk starts without parsing them.
 */
const Reports = lazy(() => import('./screens/reports/Reports.tsx').then((module) => ({ default: module.Reports })));

/** The screens, each with the role it needs: closing the day, reports and the audit log are for supervisors and admins. */
const NAVIGATION: { screen: Screen; needs: Role }[] = [
  { screen: 'today', needs: 'packer' },
  { screen: 'new', needs: 'packer' },
  { screen: 'orders', needs: 'packer' },
  { screen: 'shipments', needs: 'packer' },
  { screen: 'returns', needs: 'packer' },
  { screen: 'tracking', needs: 'packer' },
  { screen: 'close-day', needs: 'supervisor' },
  { screen: 'reports', needs: 'supervisor' },
  { screen: 'audit', needs: 'supervisor' },
  { screen: 'settings', needs: 'packer' },
];

/** A screen's name, as the navigation and its heading say it. */
export const screenName = (screen: Screen): MessageKey => `nav.${screen}`;

/** The desk, with what every screen shares: the announcements, the stop for a blocked parcel, and the shortcuts' help. */
export function App(): React.JSX.Element {
  return (
    <>
      <Desk />
      <LiveRegions />
      <BlockedOverlay />
      <ShortcutHelp />
    </>
  );
}

function Desk(): React.JSX.Element {
  const { t } = useTranslation();
  const { status, client, who, config, error, start, signOut } = useSession();
  const role = who?.role ?? 'packer';
  const offered = NAVIGATION.filter((item) => hasRole(role, item.needs));
  const { screen, go } = useNavigation();
  const needs = NAVIGATION.find((item) => item.screen === screen)?.needs;
  // An admin whose account has no sender address yet is asked for it first (once a session: "Not now" goes on).
  const [senderLater, setSenderLater] = useState(false);
  const asksForSender = role === 'admin' && client !== null && !senderComplete(client.attributes) && !senderLater;
  // With several sites, a desk whose site nobody chose asks a supervisor or admin which it stands at (once a
  // session: Not now keeps the main site), and tells a packer where it stands and whom to ask.
  const several = useSites(severalSites);
  const deskSite = useSites(deskSiteOf);
  const siteChosen = useSites((state) => state.chosen);
  const [siteLater, setSiteLater] = useState(false);
  const asksForSite = several && !siteChosen && !siteLater && !asksForSender;
  const userLine = [
    who ? t('app.who', { username: who.username, role: who.role }) : '',
    config?.desk ? t('app.desk', { desk: config.desk }) : '',
  ]
    .filter(Boolean)
    .join(' · ');
  // The site the desk stands at, when the account has several: the title of the whole line says which it is.
  const siteLine = several && deskSite ? t('app.site', { site: deskSite.attributes.name }) : '';

  useEffect(() => {
    void start();
  }, [start]);
  useEffect(() => {
    if (status === 'signed-in') void usePrinting.getState().load();
  }, [status]);
  // The signed-in person's language, theme and text size; at sign-in, the desk's.
  const userKey = status === 'signed-in' && client && who ? `${client.id}:${who.username}` : null;
  useEffect(() => usePreferences.getState().forUser(userKey), [userKey]);
  // Not now holds for one person's session: whoever signs in next at this desk is asked again.
  useEffect(() => setSiteLater(false), [userKey]);

  // A station that waits for its database (it started before it) keeps the desk starting: the banner says why.
  if (status === 'starting')
    return (
      <>
        <DatabaseBanner />
        <Loading label={t('app.connecting')} />
      </>
    );
  if (status === 'unreachable') {
    return (
      <main className="sign-in">
        <div className="card sign-in__card">
          <h1>{t('app.name')}</h1>
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
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="app__header">
        <span className="app__name">{t('app.name')}</span>
        <MainNavigation
          label={t('app.mainNavigation')}
          links={offered.map((item) => ({
            key: item.screen,
            href: `#/${item.screen}`,
            label: t(screenName(item.screen)),
            current: screen === item.screen,
            onOpen: () => {
              if (item.screen === 'new') openNewShipment(client);
              go(item.screen);
            },
          }))}
        />
        {/* account · user (role) · desk · site, then the station's day: each line cut with an ellipsis when the bar is
            narrow, whole in its title. */}
        <div className="app__who">
          <span className="app__client" title={client?.attributes.name}>
            {client?.attributes.name}
          </span>
          <span className="sr-only"> · </span>
          <span className="app__user" title={[userLine, siteLine].filter(Boolean).join(' · ')}>
            {userLine}
            {siteLine ? (
              <>
                {' · '}
                <span className="app__site" title={t('app.siteTitle')}>
                  {siteLine}
                </span>
              </>
            ) : null}
          </span>
          <StationDay />
        </div>
        <button type="button" className="link" onClick={signOut}>
          {t('app.signOut')}
        </button>
      </header>
      <main className="app__main" id="main" tabIndex={-1}>
        {/* Today names its day in its own heading; every other screen is headed by its name. */}
        {screen !== 'today' || asksForSender ? (
          <h1 className="screen-title">{t(screenName(asksForSender ? 'settings' : screen))}</h1>
        ) : null}
        <DatabaseBanner />
        {asksForSite ? <SiteChooser canChoose={hasRole(role, 'supervisor')} onDone={() => setSiteLater(true)} /> : null}
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
            {screen === 'reports' && hasRole(role, 'supervisor') ? (
              <Suspense fallback={<Loading label={t('reports.loading')} />}>
                <Reports />
              </Suspense>
            ) : null}
            {screen === 'audit' && hasRole(role, 'supervisor') ? <AuditLog /> : null}
            {/* A screen reached by its address (#/close-day) that the role may not use says whose it is, never blank. */}
            {needs !== undefined && !hasRole(role, needs) ? <NotForRole screen={screen} needs={needs} /> : null}
            {screen === 'settings' ? <Settings /> : null}
          </>
        )}
      </main>
    </div>
  );
}

/** In place of a screen the signed-in role may not use: whose it is, and the way back to Today. */
function NotForRole({ screen, needs }: { screen: Screen; needs: Role }): React.JSX.Element {
  const { t } = useTranslation();
  const go = useNavigation((state) => state.go);
  return (
    <section className="card" aria-labelledby="not-for-role">
      <p id="not-for-role" role="status">
        {t('app.notForRole', { screen: screen === 'close-day' ? 'closeDay' : screen, role: needs })}
      </p>
      <button type="button" className="primary" onClick={() => go('today')}>
        {t('app.backToToday')}
      </button>
    </section>
  );
}
