// The desktop app: Electron's main process runs the station core (the same createStation as `station serve`)
// on 127.0.0.1, opens one hardened window on it, bridges printing and app facts to the UI, and quits cleanly.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, Menu, shell, type IpcMainInvokeEvent, type MenuItemConstructorOptions } from 'electron';
import { DEFAULT_BOUNDS, isExternalWebUrl, isStationUrl, parseBounds, secureWebPreferences } from './desktop/window-options.ts';
import { APP_FOLDER_NAME } from './data-dir.ts';
import { consoleLogger } from './logger.ts';
import { BRIDGE_CHANNELS } from './preload/bridge.ts';
import { createCupsBackend } from './printing/cups.ts';
import { createElectronBackend } from './printing/electron.ts';
import { createPrintViews } from './printing/print-views.ts';
import { DEFAULT_PORT, PortInUseError, createStation, type Station } from './station.ts';

const logger = consoleLogger();
const development = !app.isPackaged;
// The same folder `station serve` uses by default, so desktop and headless run one station; STATION_DATA_DIR
// puts the station (and Chromium's profile) elsewhere, e.g. for a second desk or a test.
app.setPath('userData', process.env.STATION_DATA_DIR || join(app.getPath('appData'), APP_FOLDER_NAME));
let station: Station | undefined;
let stationUrl = '';
let mainWindow: BrowserWindow | undefined;

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.whenReady().then(start, (error: unknown) => fail(error));
}

function fail(error: unknown): void {
  logger.error('Shipping Station could not start', error);
  dialog.showErrorBox('Shipping Station cannot start', error instanceof Error ? error.message : String(error));
  app.exit(1);
}

async function start(): Promise<void> {
  const root = app.getAppPath();
  const views = createPrintViews();
  const raw = process.platform === 'win32' ? undefined : createCupsBackend();
  const port = Number(process.env.STATION_PORT || DEFAULT_PORT);
  station = await createStation({
    dataDir: app.getPath('userData'),
    port,
    logger,
    resourcesDir: app.isPackaged ? join(process.resourcesPath, 'resources') : join(root, 'resources'),
    rendererDir: join(root, 'out', 'renderer'),
    printViews: views,
    printBackend: createElectronBackend({
      BrowserWindow,
      printerSource: () => mainWindow?.webContents,
      stationUrl: () => stationUrl,
      views,
      raw,
    }),
  });

  const firstRun = await station.clients.ensureFirstClient();
  try {
    stationUrl = await station.start();
  } catch (error) {
    await station.stop();
    if (error instanceof PortInUseError) {
      dialog.showErrorBox('Shipping Station cannot start', `${error.message}\n\nSet STATION_PORT to use another port.`);
      app.exit(1);
      return;
    }
    throw error;
  }
  logger.info(`Shipping Station listening on ${stationUrl}`);
  registerBridge();
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate()));
  createMainWindow();
  if (firstRun) {
    const file = join(app.getPath('userData'), 'first-run-credentials.txt');
    writeFileSync(file, `username: ${firstRun.client.username}\npassword: ${firstRun.password}\n`, { mode: 0o600 });
    void dialog.showMessageBox(mainWindow!, {
      type: 'info',
      title: 'Welcome to Shipping Station',
      message: `Sign in as “${firstRun.client.username}” with the password ${firstRun.password}`,
      detail: `This is shown once. It is also saved in ${file}, readable only by you.`,
    });
  }
}

function windowStateFile(): string {
  return join(app.getPath('userData'), 'window-state.json');
}

function createMainWindow(): void {
  const bounds = parseBounds(existsSync(windowStateFile()) ? readFileSync(windowStateFile(), 'utf8') : undefined);
  mainWindow = new BrowserWindow({
    ...bounds,
    minWidth: 1024,
    minHeight: 700,
    title: 'Shipping Station',
    show: false,
    webPreferences: secureWebPreferences(join(import.meta.dirname, '..', 'preload', 'index.cjs')),
  });
  if (bounds.maximized) mainWindow.maximize();
  mainWindow.once('ready-to-show', () => mainWindow?.show());

  // Navigation stays on the station's own pages; web links open in the OS browser; no new windows.
  mainWindow.webContents.on('will-navigate', (event, url) => {
    if (isStationUrl(url, stationUrl)) return;
    event.preventDefault();
    if (isExternalWebUrl(url)) void shell.openExternal(url);
  });
  mainWindow.webContents.setWindowOpenHandler(({ url }) => {
    if (isExternalWebUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  mainWindow.webContents.on('will-attach-webview', (event) => event.preventDefault());

  const saveState = () => {
    if (!mainWindow) return;
    const maximized = mainWindow.isMaximized();
    writeFileSync(windowStateFile(), JSON.stringify({ ...(maximized ? DEFAULT_BOUNDS : mainWindow.getBounds()), maximized }));
  };
  mainWindow.on('close', saveState);
  mainWindow.on('closed', () => (mainWindow = undefined));
  void mainWindow.loadURL(`${stationUrl}/`);
}

/** The bridge's handlers answer only the station's own pages in the desk window. */
function fromDeskWindow(event: IpcMainInvokeEvent): boolean {
  return event.sender === mainWindow?.webContents && isStationUrl(event.senderFrame?.url ?? '', stationUrl);
}

function registerBridge(): void {
  const handle = (channel: string, handler: () => unknown) =>
    ipcMain.handle(channel, (event) => {
      if (!fromDeskWindow(event)) throw new Error('Refused: not the desk window.');
      return handler();
    });
  handle(BRIDGE_CHANNELS.apiBase, () => `${stationUrl}/v3`);
  handle(BRIDGE_CHANNELS.integrationKey, () => station!.keys.desktopIntegrationKey);
}

function menuTemplate(): MenuItemConstructorOptions[] {
  const go = (screen: string) => () => void mainWindow?.webContents.executeJavaScript(`location.hash = '#/${screen}'`);
  const view: MenuItemConstructorOptions[] = [
    { label: 'New shipment', accelerator: 'CmdOrCtrl+N', click: go('new') },
    { label: 'Shipments', accelerator: 'CmdOrCtrl+1', click: go('shipments') },
    { label: 'Tracking', accelerator: 'CmdOrCtrl+2', click: go('tracking') },
    { label: 'Settings', accelerator: 'CmdOrCtrl+,', click: go('settings') },
  ];
  if (development) view.push({ type: 'separator' }, { role: 'reload' }, { role: 'toggleDevTools' });
  return [
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    { label: 'File', submenu: [{ role: process.platform === 'darwin' ? 'close' : 'quit' }] },
    { role: 'editMenu' },
    { label: 'Desk', submenu: view },
    { role: 'windowMenu' },
  ];
}

// A clean quit: the scheduler and the print monitor stop, requests in flight finish, the database closes.
let quitting = false;
app.on('before-quit', (event) => {
  if (quitting || !station) return;
  event.preventDefault();
  quitting = true;
  station.stop().then(
    () => app.quit(),
    (error: unknown) => {
      logger.error('Stopping the station failed', error);
      app.exit(1);
    },
  );
});

app.on('window-all-closed', () => app.quit());
