// bench/fleet's simulated players, one process's share (forked with IPC by fleet.mjs). Each player
// does what apps/player/src/socket.ts does: auth with its device token on open, heartbeats with
// jitter once welcomed, an ack for every command, and after a close a reconnect with full-jitter
// backoff whose attempt counter resets only on a welcome. It differs in one way: a socket closed
// as unauthorized (4401) or replaced (4409) is counted and retried, where the real player would
// register anew or give up, so that a run always ends with the whole fleet back.
//
// bench/publish adds the manifest: with `manifest: <server's http URL>` in the start message, a
// player fetches GET /backend/player/manifest (If-None-Match: the ETag it holds, as the player
// does) when the socket says 'manifest' and when the parent sends {type:'fetch-all'} (every player
// at once, as after a reconnect or a poll). {type:'report'} then also answers `manifest`: when
// each 'manifest' message arrived and when each fetch ended with which status, since the last
// report ([status, at] pairs; notified: [at]). Its baselines, in the same run: {type:'bare-connect',
// url} opens a second socket per player to a bare WebSocket server (bare-server.mjs), whose every
// message counts as a notice in `notified` (the report's `bareOnline`: how many of them are open);
// {type:'fetch-all', url} has every player GET that URL at once instead of its manifest (with the
// same token header, no ETag, on the same keep-alive connections), counted in `fetched`.
//
// bench/ota adds upgrades: with `ota: <server's http URL>` in the start message, a player whose
// state (welcome or 'state' on the socket) carries an upgrade it has not taken downloads the
// package (GET its url with the device token; on 429 it comes back after Retry-After, as the
// browser player does) and reports it installed with the offered version. {type:'report'} then
// also answers `ota`: when each offer arrived (offered: [at]), when each download ended with
// which status (downloaded: [status, at]), how many downloads were told to come back (busy), and
// the reports' statuses (reported: [status]).
//
// Messages from the parent: {type:'start', url, tokens, rate, window} connects one player per
// token, at most `rate` per second and `window` at a time awaiting their first welcome;
// {type:'report'} answers {type:'report', online, fullSince, events, delayMs, waiting} (events: [kind, at]
// since the last report, at = when that connection attempt began or, for the close of a socket,
// when it closed; delayMs: this process's longest event-loop delay since the last report; waiting:
// the players not online by what they wait for). Unasked,
// each ack is told as {type:'ack', command_id, at}. Times are performance.timeOrigin +
// performance.now(), comparable across processes.
import http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import WebSocket from 'ws';

// The player's constants (packages/contract/src/player.ts, apps/player/src/backoff.ts).
const HEARTBEAT_MS = 30 * 1000;
const SILENCE_MS = HEARTBEAT_MS * 2.5;
const BACKOFF_BASE_MS = 1_000;
const BACKOFF_CAP_MS = 60_000;
/** An opening handshake not answered in this long is given up (a timeout), as Chromium does. */
const HANDSHAKE_MS = 240_000;
/** What a player reports with its auth: small, like a real one. */
const INFO = {
  resolution: '1920x1080',
  timezone: 'UTC',
  player_version: 'bench-fleet',
  storage_mode: 'cache-storage',
  language: 'en',
};

const clock = () => performance.timeOrigin + performance.now();
const backoffDelay = (attempt) =>
  Math.floor(Math.random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt)));
const jittered = (periodMs) => Math.round(periodMs * (0.8 + 0.4 * Math.random()));

let url = '';
/** The server's HTTP base URL when the players fetch manifests (bench/publish), else null. */
let manifestBase = null;
/** Keep-alive connections for the manifest fetches, shared by this process's players. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
let notified = [];
/** The players' sockets to the bare WebSocket server that opened. */
let bareOnline = 0;
let fetched = [];
/** The server's HTTP base URL when the players take upgrades (bench/ota), else null. */
let otaBase = null;
let offered = [];
let downloaded = [];
let reported = [];
let busy = 0;
const players = [];
let online = 0;
/** When the last of this process's players got its welcome (null while some are not online). */
let fullSince = null;
/** Players of the initial connect welcomed at least once (the connect window counts on it). */
let firstWelcomed = 0;
let events = [];
const record = (kind, at = clock()) => events.push([kind, at]);
const delay = monitorEventLoopDelay({ resolution: 20 });
delay.enable();

/** ECONNREFUSED, ECONNRESET…, `HTTP 503` for a refused upgrade, `timeout` for a handshake never answered. */
function errorKind(err) {
  if (err.code && err.code !== 'WS_ERR_UNEXPECTED_RESPONSE') return err.code;
  const status = /Unexpected server response: (\d+)/.exec(err.message);
  if (status) return `HTTP ${status[1]}`;
  if (/handshake has timed out/.test(err.message)) return 'timeout';
  return err.message.slice(0, 60);
}

class Player {
  socket = null;
  timer = undefined;
  attempt = 0;
  attemptAt = 0;
  welcomed = false;
  everWelcomed = false;
  failed = false;
  lastReceivedAt = 0;
  etag = null;
  /** The plan whose upgrade this player took (once per plan). */
  upgradePlan = null;

  constructor(token) {
    this.token = token;
  }

  connect() {
    const socket = new WebSocket(url, { handshakeTimeout: HANDSHAKE_MS, perMessageDeflate: false });
    this.socket = socket;
    this.attemptAt = clock();
    this.failed = false;
    socket.on('open', () => {
      this.lastReceivedAt = Date.now();
      socket.send(JSON.stringify({ type: 'auth', token: this.token, info: INFO }));
    });
    socket.on('message', (data) => this.receive(data));
    // An error is always followed by close, which decides what happens next. It counts from when
    // the attempt began: a busy event loop may hear of a refusal late.
    socket.on('error', (err) => {
      this.failed = true;
      record(errorKind(err), this.attemptAt);
    });
    socket.on('close', (code) => this.closed(code));
  }

  receive(data) {
    let message;
    try {
      message = JSON.parse(String(data));
    } catch {
      return;
    }
    this.lastReceivedAt = Date.now();
    if (otaBase && (message.type === 'welcome' || message.type === 'state'))
      this.offer(message.state?.upgrade);
    switch (message.type) {
      case 'welcome':
        this.attempt = 0;
        if (!this.everWelcomed) {
          this.everWelcomed = true;
          firstWelcomed++;
        }
        if (!this.welcomed) {
          this.welcomed = true;
          online++;
          if (online === players.length) fullSince = clock();
        }
        this.scheduleHeartbeat();
        break;
      case 'command': {
        const at = clock();
        this.send({ type: 'ack', command_id: message.command_id, ok: true, result: null });
        process.send({ type: 'ack', command_id: message.command_id, at });
        break;
      }
      case 'unpaired':
        record('unpaired');
        break;
      case 'manifest':
        if (manifestBase) {
          notified.push(clock());
          // Fetched on the next turn: each player of a real fleet is a machine of its own, so here
          // one's fetch must not hold up the notices of the others that arrived with it.
          setImmediate(() => this.fetchManifest());
        }
        break;
    }
  }

  /** An upgrade in the player's state: taken once per plan (downloaded, then reported installed). */
  offer(upgrade) {
    if (!upgrade || upgrade.plan_id === this.upgradePlan) return;
    this.upgradePlan = upgrade.plan_id;
    offered.push(clock());
    this.download(upgrade);
  }

  /** GET the package; on 429 again after Retry-After; then POST the report. */
  download(upgrade) {
    const headers = { authorization: `Bearer ${this.token}` };
    const request = http.get(`${otaBase}${upgrade.url}`, { agent, headers }, (response) => {
      response.resume();
      response.on('end', () => {
        if (response.statusCode === 429) {
          busy++;
          const retryS = Number(response.headers['retry-after']) || 5;
          setTimeout(() => this.download(upgrade), retryS * 1000 * (0.8 + 0.4 * Math.random()));
          return;
        }
        downloaded.push([response.statusCode, clock()]);
        if (response.statusCode === 200) this.report(upgrade);
      });
    });
    request.on('error', (err) => downloaded.push([errorKind(err), clock()]));
  }

  report(upgrade) {
    const body = JSON.stringify({ plan_id: upgrade.plan_id, state: 'installed', version: upgrade.version });
    const request = http.request(
      `${otaBase}/backend/player/ota/report`,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${this.token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => reported.push(response.statusCode));
      },
    );
    request.on('error', (err) => reported.push(errorKind(err)));
    request.end(body);
  }

  /** GET player/manifest with the ETag held; records the status and when it ended. */
  fetchManifest() {
    const headers = { authorization: `Bearer ${this.token}` };
    if (this.etag) headers['if-none-match'] = this.etag;
    this.fetch(`${manifestBase}/backend/player/manifest`, headers, (response) => {
      if (response.statusCode === 200) this.etag = response.headers.etag ?? null;
    });
  }

  /** GET `url` (the bare fetch round): records the status and when it ended. */
  fetchBare(url) {
    this.fetch(url, { authorization: `Bearer ${this.token}` }, () => {});
  }

  fetch(url, headers, then) {
    const request = http.get(url, { agent, headers }, (response) => {
      response.resume();
      response.on('end', () => {
        then(response);
        fetched.push([response.statusCode, clock()]);
      });
    });
    request.on('error', (err) => fetched.push([errorKind(err), clock()]));
  }

  /** A second socket, to the bare WebSocket server: each message it hears counts as a notice. */
  connectBare(bareUrl) {
    const socket = new WebSocket(bareUrl, { perMessageDeflate: false });
    socket.on('open', () => bareOnline++);
    socket.on('message', () => notified.push(clock()));
    socket.on('error', (err) => record(`bare ${errorKind(err)}`));
  }

  closed(code) {
    this.socket = null;
    clearTimeout(this.timer);
    if (this.welcomed) {
      this.welcomed = false;
      online--;
      fullSince = null;
    }
    if (!this.failed) record(`close ${code}`);
    this.timer = setTimeout(() => this.connect(), backoffDelay(this.attempt++));
  }

  scheduleHeartbeat() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.beat(), jittered(HEARTBEAT_MS));
  }

  beat() {
    const now = Date.now();
    if (now - this.lastReceivedAt > SILENCE_MS) {
      record('silent');
      this.socket?.terminate();
      return;
    }
    this.send({ type: 'heartbeat', sent_at: now });
    this.scheduleHeartbeat();
  }

  send(message) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }
}

/** The players not online, by what they wait for. */
function waiting() {
  const counts = { 'to retry': 0, 'for the upgrade': 0, 'for a welcome': 0 };
  for (const player of players) {
    if (player.welcomed) continue;
    if (!player.socket) counts['to retry']++;
    else if (player.socket.readyState === WebSocket.CONNECTING) counts['for the upgrade']++;
    else counts['for a welcome']++;
  }
  return counts;
}

/**
 * Connects the players at most `rate` per second and `window` awaiting their first welcome at a
 * time, so that the first connect goes as fast as the server takes it and is no storm.
 */
function start(tokens, rate, window) {
  for (const token of tokens) players.push(new Player(token));
  const stepMs = 20;
  const perStep = (rate * stepMs) / 1000;
  let next = 0;
  let due = 0;
  const timer = setInterval(() => {
    due = Math.min(due + perStep, perStep + 1);
    while (next < players.length && due >= 1 && next - firstWelcomed < window) {
      players[next++].connect();
      due--;
    }
    if (next >= players.length) clearInterval(timer);
  }, stepMs);
}

process.on('message', (message) => {
  if (message.type === 'start') {
    url = message.url;
    manifestBase = message.manifest ?? null;
    otaBase = message.ota ?? null;
    start(message.tokens, message.rate, message.window);
  } else if (message.type === 'fetch-all') {
    for (const player of players) {
      if (message.url) player.fetchBare(message.url);
      else player.fetchManifest();
    }
  } else if (message.type === 'bare-connect') {
    for (const player of players) player.connectBare(message.url);
  } else if (message.type === 'report') {
    const manifest = manifestBase ? { notified, fetched } : undefined;
    const ota = otaBase ? { offered, downloaded, reported, busy } : undefined;
    process.send({
      type: 'report',
      online,
      fullSince,
      events,
      delayMs: delay.max / 1e6,
      waiting: waiting(),
      bareOnline,
      manifest,
      ota,
    });
    events = [];
    notified = [];
    fetched = [];
    offered = [];
    downloaded = [];
    reported = [];
    busy = 0;
    delay.reset();
  }
});
// The parent went away (or stopped us): no player outlives the benchmark.
process.on('disconnect', () => process.exit(0));
