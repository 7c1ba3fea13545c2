import './styles.css';
import type {
  DeviceCommand,
  Manifest,
  ManifestRuleAction,
  PlayerInfo,
  PlayerState,
  PlayerUpgrade,
  Program,
  VideoWallCell,
} from '@vitrine/contract';
import { PLAYER_UPGRADE_HEALTH_SECONDS } from '@vitrine/contract';
import {
  acknowledge,
  CallRefused,
  fetchManifest,
  poll,
  reportContentError,
  reportRuleFirings,
  reportUpgrade,
  uploadPlaybacks,
} from './api';
import { backoffDelay } from './backoff';
import { ServerClock } from './clock';
import { type CommandPlayer, LEAVE_MS, runCommand } from './commands';
import { ContentErrorReporter } from './content-errors';
import { ScreenEffects, timeZoneOf } from './effects';
import { applyLanguage, resolveLanguage, translator } from './i18n';
import { collectInfo } from './info';
import { licenceDelay, licenceProblem } from './licence';
import { PinGuard } from './lock';
import { dropBroken, screenMediaFiles, warmMedia } from './media-cache';
import { indexedDbStore, memoryStore } from './playback-store';
import { PlaybackQueue } from './playbacks';
import { RuleRunner } from './rules';
import { choose, recheckDelay, triggerFor } from './schedule';
import type { ScreenView } from './screens/dom';
import { renderPaired } from './screens/paired';
import { type ProgramScreen, renderProgramScreen } from './screens/program';
import { renderReplaced } from './screens/replaced';
import { SettingsScreen } from './screens/settings';
import { renderStarting } from './screens/starting';
import { StartupCurtain } from './screens/startup';
import { renderUnlicensed } from './screens/unlicensed';
import { renderUnpaired } from './screens/unpaired';
import { IntervalCapture, uploadScreenshot } from './screenshot';
import { listenForTags, type TagListener } from './sensor-input';
import { greet } from './session';
import { type ConnectionStatus, PlayerConnection, socketUrl } from './socket';
import {
  forgetDevice,
  loadClockOffset,
  loadDeviceKey,
  loadManifest,
  loadState,
  loadToken,
  rememberDeviceKey,
  saveClockOffset,
  saveManifest,
  saveState,
} from './store';
import { registerServiceWorker } from './sw-register';
import { PowerTimers } from './timers';
import {
  buildStorage,
  buildUrl,
  dropDownloads,
  hasBuild,
  keepOnlyBuilds,
  runningBuild,
} from './upgrade/builds';
import { UpgradeFailed } from './upgrade/failed';
import { loadPin, savePin } from './upgrade/pin';
import { failTrialOnError, markStarted, onTrial, runTrial, tellParent } from './upgrade/trial';
import type { Upgrader } from './upgrade/upgrader';
import { PLAYER_VERSION } from './version';

// While the socket is down, the server is polled this often (state and commands, with ETag), so a
// claim, a setting or a command from the console still arrives.
const POLL_MS = 10_000;
// Commands already run, so one handed over by both a poll and the socket runs once.
const OBEYED_KEPT = 100;
// Slack after a PIN's end before asking for the next one, so the server has moved on.
const PIN_RENEW_SLACK_MS = 500;

// An upgraded build runs under /player/v/<version>/ (null: the build the server ships); one on
// trial runs in a hidden frame of the page that downloaded it (docs/ota.md).
const running = runningBuild(location.pathname);
const trial = running !== null && onTrial(location.search, window.parent !== window);
// A page that tries this build looks for the mark; on trial, an error before it is healthy fails it.
markStarted(PLAYER_VERSION);
// Set once the screen is paired, connected and drawn: what a build on trial waits for.
let healthy = false;
if (trial && running) failTrialOnError(running, () => healthy);
const root = document.getElementById('screen')!;
const language = resolveLanguage(location.search, navigator.language);
applyLanguage(document.documentElement, language);
const t = translator(language);
const clock = new ServerClock(undefined, saveClockOffset);
clock.restore(loadClockOffset());
const power = new PowerTimers(() => clock.now());
const effects = new ScreenEffects(root);
// Screenshots the screen takes by itself at its screen-capture interval.
const capture = new IntervalCapture(() => (token ? uploadScreenshot(null, token) : Promise.resolve()));
const curtain = new StartupCurtain(document.body);

let info: PlayerInfo = { language };
let status: ConnectionStatus = 'connecting';
let view: ScreenView = renderStarting(root, t);
let current: PlayerState | null = null;
let shown = '';
let token: string | null = null;
let connection: PlayerConnection | null = null;
let pinTimer: ReturnType<typeof setTimeout> | undefined;
let bootTimer: ReturnType<typeof setTimeout> | undefined;
let pollTimer: ReturnType<typeof setInterval> | undefined;
let pollTag: string | null = null;
// What the screen plays (the last manifest, kept for a start without the server) and its ETag.
let manifest: Manifest | null = loadManifest();
let manifestTag: string | null = null;
let manifestLoading = false;
let manifestAgain = false;
let programScreen: ProgramScreen | null = null;
// The socket went to the build on trial (the server keeps one per screen): it comes back if the trial fails.
let socketLent = false;
/** Where tag reads come in (start() listens); the socket hands it a networked sensor's. */
let tags: TagListener | null = null;
// Where the manifest's media is kept for playing offline.
const mediaFiles = screenMediaFiles();
// When to choose again what plays (the next schedule change, at most a minute away).
let chooseTimer: ReturnType<typeof setTimeout> | undefined;
const obeyed = new Set<number>();
const contentErrors = new ContentErrorReporter((report) =>
  token ? reportContentError(token, report) : Promise.resolve(),
);
// Proof of play, kept in IndexedDB until the server has it.
const playbacks = new PlaybackQueue({
  store: indexedDbStore() ?? memoryStore(),
  send: (list) => (token ? uploadPlaybacks(token, list) : Promise.reject(new Error('no device token yet'))),
  serverNow: () => clock.now(),
});

// Control rules the screen fires itself (docs/rules.md), reported until the server has them.
const rules = new RuleRunner({
  now: () => clock.now(),
  perform: performRuleAction,
  send: (list) => (token ? reportRuleFirings(token, list) : Promise.reject(new Error('no device token yet'))),
});

/** A rule's action on this screen: a setting as a command would set it, or a restart. */
function performRuleAction(action: ManifestRuleAction): void {
  if (action.action === 'restart') {
    // After the firing is kept (and, online, on its way).
    setTimeout(() => location.reload(), LEAVE_MS);
    return;
  }
  const settings = { ...effects.current };
  if (action.action === 'brightness') settings.brightness = action.value;
  else if (action.action === 'volume') settings.volume = action.value;
  else settings.screen_on = action.action === 'power-on';
  commandPlayer.setSettings(settings);
}

function setStatus(next: ConnectionStatus): void {
  status = next;
  view.setStatus(next);
  checkHealth();
}

/** Paired, socket connected and its screen drawn: the build is healthy (once per page). */
function checkHealth(): void {
  if (healthy || !current?.paired || status !== 'connected' || shown === '') return;
  healthy = true;
  if (trial && running) tellParent({ type: 'vitrine-healthy', version: running });
  else if (running) void confirmPinned(running);
}

/**
 * An upgraded build up and healthy after the switch: its pin is marked healthy (the shipped page's
 * watchdog stops counting), the plan hears `installed` with the version it runs, and builds other
 * than this one and the one before it are dropped.
 */
async function confirmPinned(version: string): Promise<void> {
  const pin = loadPin();
  if (pin?.version !== version) return;
  if (pin.plan_id !== null && token) {
    await reportUpgrade(token, { plan_id: pin.plan_id, state: 'installed', version: PLAYER_VERSION }).catch(
      () => {},
    );
  }
  savePin({ ...pin, healthy: true, boots: 0, plan_id: null });
  const storage = buildStorage();
  if (storage) await keepOnlyBuilds(storage, [version, pin.previous]).catch(() => {});
}

// The upgrader, loaded with the package's code when the first mandatory offer comes.
let upgrader: Upgrader | null = null;
let upgraderLoading: Promise<Upgrader> | null = null;
// The newest offer in the screen's state, handed to the upgrader once it is loaded.
let offered: PlayerUpgrade | null = null;
// Whether this page looked for downloads an earlier page kept of an offer gone since.
let keptDownloadsDropped = false;

async function loadUpgrader(): Promise<Upgrader> {
  const [{ Upgrader }, { downloadPackage }] = await Promise.all([
    import('./upgrade/upgrader'),
    import('./upgrade/download'),
  ]);
  upgrader = new Upgrader({
    version: PLAYER_VERSION,
    running,
    storage: buildStorage,
    download: (upgrade, storage, signal) =>
      downloadPackage(upgrade.url, upgrade.md5, {
        token: token ?? '',
        deviceKey: loadDeviceKey(),
        storage,
        signal,
      }),
    report: (report) =>
      token ? reportUpgrade(token, report) : Promise.reject(new Error('no device token yet')),
    trial: tryBuild,
    savePin,
    switchTo: (version) => location.replace(buildUrl(version, location.search)),
  });
  return upgrader;
}

/** The state's offer: a mandatory one loads the upgrader; the upgrader, once there, hears each. */
function offerUpgrade(upgrade: PlayerUpgrade | null): void {
  offered = upgrade;
  if (upgrader) {
    upgrader.offer(upgrade);
    return;
  }
  if (!upgrade?.mandatory) {
    // No download is wanted: the pieces of one whose offer went while the page was closed go
    // (once: until the upgrader loads, this page downloads nothing).
    const storage = buildStorage();
    if (!keptDownloadsDropped && storage) void dropDownloads(storage).catch(() => {});
    keptDownloadsDropped = true;
    return;
  }
  if (upgraderLoading) return;
  upgraderLoading = loadUpgrader();
  upgraderLoading.then(
    (loaded) => loaded.offer(offered),
    // Not loaded (offline with a stale page): the next state's offer tries again.
    () => {
      upgraderLoading = null;
    },
  );
}

/** Tries a kept build in a hidden frame, served by the service worker; the socket comes back if it fails. */
async function tryBuild(url: string, version: string, signal: AbortSignal): Promise<void> {
  if (!(await navigator.serviceWorker?.getRegistration())) {
    throw new UpgradeFailed(
      'no_worker',
      {},
      'This screen runs without its service worker, which serves upgraded builds.',
    );
  }
  await navigator.serviceWorker.ready;
  try {
    await runTrial(url, version, PLAYER_UPGRADE_HEALTH_SECONDS, signal);
  } catch (error) {
    if (socketLent && token) {
      socketLent = false;
      connect(token);
    }
    throw error;
  }
}

/** Keeps what the manifest and the startup media need, for playing (and starting) offline. */
function warm(): void {
  const startup = current?.startup;
  void warmMedia(manifest, mediaFiles, [startup?.logo ?? null, startup?.video ?? null]).then(updateInfo);
}

function show(state: PlayerState): void {
  saveState(state);
  // Just claimed: it may have a program already.
  if (state.paired && current && !current.paired) void refreshManifest();
  const startupChanged = JSON.stringify(state.startup) !== JSON.stringify(current?.startup);
  current = state;
  curtain.show(state.startup);
  if (startupChanged) warm();
  power.update(state);
  effects.apply(state.settings);
  capture.update(state.paired && !trial ? state.settings.screenshot_interval : 0);
  // The time zone set for it is the one it reports (the next heartbeat carries a change).
  info = { ...info, timezone: timeZoneOf(state.settings) };
  present();
  // A build on trial leaves upgrades to the page that tries it; a state kept from before is no offer.
  if (!trial && token) offerUpgrade(state.upgrade);
}

/**
 * Shows what plays now: the winning schedule's program by server time, else the default content,
 * else the identity screen; and looks again when that may change.
 */
function present(): void {
  clearTimeout(chooseTimer);
  const state = current;
  if (!state) return;
  const now = clock.now();
  const problem = state.paired ? licenceProblem(state.license, now) : null;
  const choice = state.paired && !problem ? choose(manifest, now) : null;
  // Look again when the program may change, and at the licence's expiry.
  const expiry = state.paired ? licenceDelay(state.license, now) : null;
  const recheck = state.paired && manifest ? recheckDelay(manifest, now) : null;
  const next = Math.min(expiry ?? Number.POSITIVE_INFINITY, recheck ?? Number.POSITIVE_INFINITY);
  if (Number.isFinite(next)) chooseTimer = setTimeout(present, next);
  if (choice) {
    play(choice.program, choice.schedule_id, choice.wall);
    curtain.ready();
    return;
  }
  // Settings change the page without drawing the screen anew.
  const { server_time: _time, token: _token, settings: _settings, ...visible } = state;
  const key = JSON.stringify(visible);
  const shownKey = problem ? `${problem}|${key}` : key;
  if (shownKey === shown) return;
  shown = shownKey;
  replaceView(
    problem
      ? renderUnlicensed(root, { state, t, problem })
      : state.paired
        ? renderPaired(root, { state, language, now: () => clock.now() })
        : renderUnpaired(root, { state, t, origin: state.console_url ?? location.origin, now: clock.now() }),
  );
  renewPinWhenDue(state);
  curtain.ready();
  checkHealth();
}

function replaceView(next: ScreenView): void {
  view.destroy();
  programScreen = null;
  view = next;
  view.setStatus(status);
}

/** The paired screen's program instead of its identity and clock; a new one follows without a blank. */
function play(program: Program, scheduleId: number | null, wall: VideoWallCell | null): void {
  if (!programScreen) {
    clearTimeout(pinTimer);
    shown = 'program';
    const screen = renderProgramScreen(root, {
      now: () => clock.now(),
      language,
      timeZone: () => timeZoneOf(effects.current),
      onContentError: (report) => contentErrors.report(report),
      // A kept copy that would not play is dropped and fetched anew (media-cache.ts).
      onMediaFailed: (url) =>
        void dropBroken(url, mediaFiles).then((dropped) => {
          if (dropped) warm();
        }),
      // A screen turned off (by command or power timer) shows nothing: what starts then is not
      // counted; nor what a build on trial plays, hidden, beside the page that tries it.
      onPlayback: (item, forSchedule, alone, sensorId) =>
        effects.current.screen_on && !power.off && !trial
          ? playbacks.begin(item, forSchedule, alone, sensorId)
          : () => {},
    });
    replaceView(screen);
    programScreen = screen;
  }
  programScreen.play(program, scheduleId, wall);
  checkHealth();
}

/**
 * A tag read on this screen (a wedge reader, Web NFC, or a networked sensor through the server):
 * decided here from the kept manifest, so a tap works while the server is unreachable.
 */
function onSensorRead(sensorId: string): void {
  if (!current?.paired || trial) return;
  rules.read(sensorId);
  if (!programScreen) return;
  const trigger = triggerFor(manifest, sensorId, clock.now());
  if (trigger) programScreen.interrupt(trigger.program, trigger.id, trigger.seconds * 1000, sensorId);
}

/** Fetches the manifest when it changed (ETag), keeps it, and shows its program. */
async function refreshManifest(): Promise<void> {
  if (!token) return;
  if (manifestLoading) {
    // A change announced while the last one is being fetched: fetch again after it.
    manifestAgain = true;
    return;
  }
  manifestLoading = true;
  try {
    const answer = await fetchManifest(token, manifestTag);
    if (answer) {
      manifestTag = answer.etag ?? '';
      manifest = answer.manifest;
      saveManifest(answer.manifest);
      if (!trial) rules.update(manifest);
      // What was kept fills the storage: the next heartbeat reports it (the server checks it when publishing).
      warm();
      // No program any more: the identity screen comes back.
      if (programScreen && !choose(manifest, clock.now())) shown = '';
      if (current) show(current);
    }
  } catch {
    // Unreachable, or refused (hello and the poll deal with a refused token): the next poll asks again.
  } finally {
    manifestLoading = false;
  }
  if (manifestAgain) {
    manifestAgain = false;
    await refreshManifest();
  }
}

function renewPinWhenDue(state: PlayerState): void {
  clearTimeout(pinTimer);
  if (state.paired || !state.pin_expires_at) return;
  const left = Date.parse(state.pin_expires_at) - clock.now();
  pinTimer = setTimeout(refresh, Math.max(1_000, left + PIN_RENEW_SLACK_MS));
}

/** Hello, timed to read the server clock, and its state on screen. */
async function greetAndShow(): Promise<string> {
  const sentAt = clock.local();
  const session = await greet(info);
  clock.sample(Date.parse(session.state.server_time), sentAt, clock.local());
  show(session.state);
  return session.token;
}

/** Registers (or greets with the stored token), then opens the socket; retries while unreachable. */
async function boot(attempt = 0): Promise<void> {
  clearTimeout(bootTimer);
  try {
    connect(await greetAndShow());
  } catch {
    // Unreachable, or busy: try again, no later than the poll would.
    setStatus('offline');
    bootTimer = setTimeout(() => boot(attempt + 1), Math.min(POLL_MS, backoffDelay(attempt)));
  }
}

/** Asks hello for the current state: a new PIN, or a claim noticed while the socket is down. */
async function refresh(): Promise<void> {
  if (!connection) return;
  try {
    const greeted = await greetAndShow();
    // The old token was refused and the screen registered anew: the socket needs the new one.
    if (greeted !== token) connect(greeted);
  } catch {
    // Unreachable: ask again for the next PIN soon; the poll covers the rest.
    if (current && !current.paired) pinTimer = setTimeout(refresh, POLL_MS);
  }
}

/** The socket's fallback: the state and the waiting commands, and the manifest, when they changed. */
async function pollNow(): Promise<void> {
  await pollState();
  await refreshManifest();
}

async function pollState(): Promise<void> {
  if (!token) return;
  const sentAt = clock.local();
  try {
    const answer = await poll(token, pollTag);
    if (!answer) return;
    pollTag = answer.etag;
    clock.sample(Date.parse(answer.poll.state.server_time), sentAt, clock.local());
    show(answer.poll.state);
    for (const { command_id, command } of answer.poll.commands) obey(command_id, command);
  } catch (error) {
    if (error instanceof CallRefused && error.tokenRefused) {
      forget();
      restart();
    }
    // Unreachable or busy: the next round asks again.
  }
}

function obey(commandId: number, command: DeviceCommand): void {
  if (obeyed.has(commandId)) return;
  obeyed.add(commandId);
  if (obeyed.size > OBEYED_KEPT) obeyed.delete(obeyed.values().next().value as number);
  void runCommand(commandPlayer, commandId, command);
}

function connect(nextToken: string): void {
  connection?.stop();
  token = nextToken;
  pollTag = null;
  manifestTag = null;
  connection = new PlayerConnection({
    url: socketUrl(location),
    token: nextToken,
    info: () => info,
    now: clock.local,
    events: {
      status: (next) => {
        setStatus(next);
        // Changes pushed while the socket was down were missed: ask (the ETag makes it cheap).
        if (next === 'connected') {
          void refreshManifest();
          void playbacks.flush(true);
          void rules.flush();
        }
      },
      state: show,
      clock: (serverTime, sentAt, receivedAt) => clock.sample(serverTime, sentAt, receivedAt),
      unpaired: () => {
        forget();
        restart();
      },
      // The build on trial took the socket: play on, polling, until it is switched to or given up.
      replaced: () => {
        if (!upgrader?.trying) return showReplaced();
        socketLent = true;
        setStatus('offline');
      },
      command: obey,
      manifest: () => void refreshManifest(),
      sensor: (sensorId) => tags?.relayed(sensorId),
    },
  });
  connection.start();
}

const commandPlayer: CommandPlayer = {
  // Over the socket when it is up, else over HTTP (a lost ack reads as timed out on the server).
  ack: (commandId, ok, result) => {
    if (status === 'connected') connection?.acknowledge(commandId, ok, result);
    else if (token) acknowledge(token, { command_id: commandId, ok, result }).catch(() => {});
  },
  settings: () => effects.current,
  setSettings: (settings) => (current ? show({ ...current, settings }) : effects.apply(settings)),
  screenshot: (commandId) => uploadScreenshot(commandId, token ?? ''),
  identify: () => effects.identify(current?.signage_id ?? ''),
  refresh,
  reload: () => location.reload(),
};

const settingsScreen = new SettingsScreen({
  t,
  state: () => current,
  info: () => info,
  server: location.origin,
  guard: new PinGuard(),
  reload: () => location.reload(),
  unpair: () => {
    forget();
    restart();
  },
});

/** The screen is no longer this device: its token, state, manifest and unsent playbacks go. */
function forget(): void {
  forgetDevice();
  rules.update(null);
  void playbacks.clear();
}

function restart(): void {
  connection?.stop();
  connection = null;
  token = null;
  manifest = null;
  void boot();
}

function showReplaced(): void {
  connection = null;
  clearTimeout(pinTimer);
  clearTimeout(chooseTimer);
  clearInterval(pollTimer);
  shown = '';
  replaceView(renderReplaced(root, t, () => location.reload()));
}

async function updateInfo(): Promise<void> {
  info = await collectInfo(language, timeZoneOf(effects.current));
}

/**
 * Which build runs this screen, before anything else (docs/ota.md "Boot"): the shipped page goes
 * to the pinned upgraded build (or gives it up: see bootChoice); an upgraded build no longer
 * pinned goes back to the shipped page. True when it leaves this page.
 */
async function chooseBuild(): Promise<boolean> {
  if (trial) return false;
  const pin = loadPin();
  if (running !== null) {
    if (pin?.version === running) return false;
    location.replace(`/player/${location.search}`);
    return true;
  }
  if (!pin) return false;
  const storage = buildStorage();
  const kept = new Set<string>();
  for (const version of [pin.version, pin.previous]) {
    if (version && storage && (await hasBuild(storage, version).catch(() => false))) kept.add(version);
  }
  // The choice's code comes with the build (the service worker keeps it): missing, the shipped
  // build runs this time and the pin waits for the next start.
  const boot = await import('./upgrade/boot').catch(() => null);
  if (!boot) return false;
  const { bootChoice } = boot;
  const choice = bootChoice(pin, PLAYER_VERSION, (version) => kept.has(version));
  savePin(choice.pin);
  const stored = loadToken();
  if (choice.failed && stored) {
    await reportUpgrade(stored, { ...choice.failed, state: 'failed' }).catch(() => {});
  }
  if (!choice.pin && storage) await keepOnlyBuilds(storage, []).catch(() => {});
  if (choice.go === null) return false;
  location.replace(buildUrl(choice.go, location.search));
  return true;
}

async function start(): Promise<void> {
  rememberDeviceKey(location.search);
  if (await chooseBuild()) return;
  registerServiceWorker();
  settingsScreen.listen();
  // Media kept in IndexedDB (no Cache Storage here) is registered before anything plays.
  await mediaFiles?.restore?.();
  // A paired screen that starts with the server unreachable shows its idle screen at once.
  const saved = loadState();
  if (saved?.paired) show(saved);
  // Its rules fire from the kept manifest, the server reachable or not.
  if (saved?.paired && !trial) rules.update(manifest);
  await updateInfo();
  if (!trial) playbacks.start();
  if (manifest) warm();
  pollTimer = setInterval(() => {
    if (connection && status !== 'connected') void pollNow();
  }, POLL_MS);
  addEventListener('resize', () => void updateInfo());
  screen.orientation?.addEventListener('change', () => void updateInfo());
  addEventListener('online', () => connection?.retryNow());
  // Tag reads: a keyboard-wedge reader typing an ID and Enter, Web NFC where the browser has it, and
  // a networked sensor's through the socket.
  tags = listenForTags(window, onSensorRead);
  await boot();
}

void start();
