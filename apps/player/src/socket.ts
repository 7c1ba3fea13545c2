import type { DeviceCommand, PlayerInfo, PlayerMessage, PlayerState, ServerMessage } from '@vitrine/contract';
import {
  CLOCK_FIRST_PINGS,
  CLOCK_PING_SECONDS,
  HEARTBEAT_SECONDS,
  PLAYER_SOCKET_PATH,
  PlayerSocketClose,
} from '@vitrine/contract';
import { backoffDelay, jittered } from './backoff';

const HEARTBEAT_MS = HEARTBEAT_SECONDS * 1000;
// Nothing heard for this long: the connection is dead though not closed (a pulled cable).
const SILENCE_MS = HEARTBEAT_MS * 2.5;
const PING_MS = CLOCK_PING_SECONDS * 1000;
// A ping of the first ones not answered within this long: the next one goes anyway.
const FIRST_PING_WAIT_MS = 1_000;

export type ConnectionStatus = 'connecting' | 'connected' | 'offline';

export type ConnectionEvents = {
  status(status: ConnectionStatus): void;
  state(state: PlayerState): void;
  /** A server clock reading for a message sent at sentAt and answered at receivedAt (ms). */
  clock(serverTime: number, sentAt: number, receivedAt: number): void;
  /** The token no longer counts (deleted from the console, or refused): register anew. */
  unpaired(): void;
  /** Another tab or window authenticated with this token: stay closed. */
  replaced(): void;
  /** Do this, then acknowledge() it. */
  command(commandId: number, command: DeviceCommand): void;
  /** Something the manifest holds changed: fetch it again. */
  manifest(): void;
  /** A networked sensor the screen listens to read a tag: a tap. */
  sensor(sensorId: string): void;
};

/** The part of a WebSocket the connection uses, so tests can hand it a fake. */
export type SocketLike = {
  send(data: string): void;
  close(code?: number): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
};

export type ConnectionOptions = {
  url: string;
  token: string;
  info: () => PlayerInfo;
  events: ConnectionEvents;
  open?: (url: string) => SocketLike;
  random?: () => number;
  /** The screen's clock the clock samples are timed by (ServerClock.local). */
  now?: () => number;
};

/** ws: or wss: like the page, on the same host (the server checks the Origin). */
export function socketUrl({ protocol, host }: Pick<Location, 'protocol' | 'host'>): string {
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${PLAYER_SOCKET_PATH}`;
}

/**
 * The player's one socket: auth first, heartbeats with jitter, clock pings (a few at once when
 * welcomed, then one every CLOCK_PING_SECONDS), reconnects with full-jitter backoff until it is
 * stopped, unpaired, refused or replaced.
 */
export class PlayerConnection {
  private socket: SocketLike | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private attempt = 0;
  private stopped = false;
  private authSentAt = 0;
  private lastReceivedAt = 0;
  private lastInfo = '';
  private pingTimer: ReturnType<typeof setTimeout> | undefined;
  /** Pings of the first round still to send. */
  private firstPings = 0;
  private readonly open: (url: string) => SocketLike;
  private readonly random: () => number;
  private readonly now: () => number;

  constructor(private readonly options: ConnectionOptions) {
    this.open = options.open ?? ((url) => new WebSocket(url));
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.pingTimer);
    this.detach()?.close(1000);
  }

  /** The network came back: try now instead of waiting out the backoff. */
  retryNow(): void {
    if (this.stopped || this.socket) return;
    clearTimeout(this.timer);
    this.connect();
  }

  private connect(): void {
    this.options.events.status('connecting');
    let socket: SocketLike;
    try {
      socket = this.open(this.options.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => this.authenticate();
    socket.onmessage = (event) => this.receive(event.data);
    // An error event is always followed by close, which decides what happens next.
    socket.onclose = (event) => this.closed(event.code);
  }

  private authenticate(): void {
    const info = this.options.info();
    this.authSentAt = this.now();
    this.lastReceivedAt = this.authSentAt;
    this.lastInfo = JSON.stringify(info);
    this.send({ type: 'auth', token: this.options.token, info });
  }

  private receive(data: unknown): void {
    let message: ServerMessage;
    try {
      message = JSON.parse(String(data));
    } catch {
      return;
    }
    const now = this.now();
    this.lastReceivedAt = now;
    const { events } = this.options;
    switch (message.type) {
      case 'welcome':
        // Only a welcome proves the server took us: a socket closed right after opening keeps backing off.
        this.attempt = 0;
        events.clock(message.server_time, this.authSentAt, now);
        events.status('connected');
        events.state(message.state);
        this.scheduleHeartbeat();
        this.firstPings = CLOCK_FIRST_PINGS;
        this.ping();
        break;
      case 'heartbeat':
        events.clock(message.server_time, message.sent_at, now);
        break;
      case 'pong':
        events.clock(message.server_time, message.sent_at, now);
        if (this.firstPings > 0) this.ping();
        break;
      case 'state':
        events.state(message.state);
        break;
      case 'command':
        events.command(message.command_id, message.command);
        break;
      case 'manifest':
        events.manifest();
        break;
      case 'sensor':
        events.sensor(message.sensor_id);
        break;
      case 'unpaired':
        this.stop();
        events.unpaired();
        break;
      case 'error':
        // The server closes the socket itself when an error ends it.
        break;
    }
  }

  /** A command's result; lost if the socket is down (the server then reads it as timed out). */
  acknowledge(commandId: number, ok: boolean, result: string | null = null): void {
    this.send({ type: 'ack', command_id: commandId, ok, result });
  }

  private closed(code: number): void {
    this.socket = null;
    clearTimeout(this.timer);
    clearTimeout(this.pingTimer);
    if (this.stopped) return;
    if (code === PlayerSocketClose.replaced) {
      this.stopped = true;
      this.options.events.replaced();
    } else if (code === PlayerSocketClose.unauthorized) {
      this.stopped = true;
      this.options.events.unpaired();
    } else {
      this.options.events.status('offline');
      this.scheduleReconnect();
    }
  }

  private scheduleReconnect(): void {
    const delay = backoffDelay(this.attempt++, this.random);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  private scheduleHeartbeat(): void {
    this.timer = setTimeout(() => this.beat(), jittered(HEARTBEAT_MS, this.random));
  }

  /** Asks the server's time; the first ones follow each other as soon as answered. */
  private ping(): void {
    clearTimeout(this.pingTimer);
    if (!this.socket) return;
    const first = this.firstPings > 0;
    if (first) this.firstPings--;
    this.send({ type: 'ping', sent_at: this.now() });
    this.pingTimer = setTimeout(() => this.ping(), first ? FIRST_PING_WAIT_MS : PING_MS);
  }

  private beat(): void {
    const now = this.now();
    if (now - this.lastReceivedAt > SILENCE_MS) {
      this.detach()?.close(1000);
      this.closed(1006);
      return;
    }
    // Info rides along only when it changed (rotated, resized, storage filled).
    const info = this.options.info();
    const serialized = JSON.stringify(info);
    const changed = serialized !== this.lastInfo;
    this.lastInfo = serialized;
    this.send(changed ? { type: 'heartbeat', sent_at: now, info } : { type: 'heartbeat', sent_at: now });
    this.scheduleHeartbeat();
  }

  private send(message: PlayerMessage): void {
    this.socket?.send(JSON.stringify(message));
  }

  /** Takes the socket away from its handlers, so its late close event changes nothing. */
  private detach(): SocketLike | null {
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onclose = null;
    }
    return socket;
  }
}
