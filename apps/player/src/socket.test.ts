import type { PlayerMessage, PlayerState, ServerMessage } from '@vitrine/contract';
import {
  CLOCK_FIRST_PINGS,
  CLOCK_PING_SECONDS,
  HEARTBEAT_SECONDS,
  PlayerSocketClose,
} from '@vitrine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ConnectionEvents, PlayerConnection, type SocketLike, socketUrl } from './socket';
import { STATE_DEFAULTS } from './testing';

class FakeSocket implements SocketLike {
  sent: PlayerMessage[] = [];
  closedWith: number | undefined;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number): void {
    this.closedWith = code;
  }
  // What the server and the network do:
  opened(): void {
    this.onopen?.(new Event('open'));
  }
  receive(message: ServerMessage): void {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
  }
  dropped(code: number): void {
    this.onclose?.({ code } as CloseEvent);
  }
}

const STATE: PlayerState = {
  signage_id: 'AB3K9Q',
  paired: false,
  pin: '123456',
  pin_expires_at: '2030-01-01T00:05:00.000Z',
  device_name: null,
  company_name: null,
  server_time: '2030-01-01T00:00:00.000Z',
  ...STATE_DEFAULTS,
};
const INFO = { resolution: '1920x1080', orientation: 0 as const, language: 'en' };

function setup(random = () => 0.5) {
  const sockets: FakeSocket[] = [];
  const events = {
    status: vi.fn(),
    state: vi.fn(),
    clock: vi.fn(),
    unpaired: vi.fn(),
    replaced: vi.fn(),
    command: vi.fn(),
    manifest: vi.fn(),
    sensor: vi.fn(),
  } satisfies ConnectionEvents;
  let info: typeof INFO = { ...INFO };
  const connection = new PlayerConnection({
    url: 'ws://screen.test/backend/player/socket',
    token: 'token-0123456789abcdefghij',
    info: () => info,
    events,
    random,
    open: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
  });
  const welcome = (socket: FakeSocket) => {
    socket.opened();
    socket.receive({ type: 'welcome', server_time: Date.now() + 5_000, state: STATE });
  };
  return {
    connection,
    sockets,
    events,
    welcome,
    setInfo: (next: typeof INFO) => {
      info = next;
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('socketUrl', () => {
  it('follows the page protocol', () => {
    expect(socketUrl({ protocol: 'http:', host: 'tv.local:8080' })).toBe(
      'ws://tv.local:8080/backend/player/socket',
    );
    expect(socketUrl({ protocol: 'https:', host: 'signage.example' })).toBe(
      'wss://signage.example/backend/player/socket',
    );
  });
});

describe('PlayerConnection', () => {
  it('sends auth with token and info before anything else', () => {
    const { connection, sockets, events } = setup();
    connection.start();
    expect(events.status).toHaveBeenLastCalledWith('connecting');
    expect(sockets[0].sent).toEqual([]);
    sockets[0].opened();
    expect(sockets[0].sent).toEqual([{ type: 'auth', token: 'token-0123456789abcdefghij', info: INFO }]);
  });

  it('on welcome reports connected, the state and a clock reading', () => {
    const { connection, sockets, events, welcome } = setup();
    connection.start();
    welcome(sockets[0]);
    expect(events.status).toHaveBeenLastCalledWith('connected');
    expect(events.state).toHaveBeenCalledWith(STATE);
    expect(events.clock).toHaveBeenCalledWith(Date.now() + 5_000, Date.now(), Date.now());
  });

  it('heartbeats every 30 s ±20%, with info only when it changed', () => {
    const { connection, sockets, welcome, setInfo } = setup(() => 0); // jitter → 24 s
    connection.start();
    welcome(sockets[0]);
    const socket = sockets[0];
    const beats = () => socket.sent.filter((message) => message.type === 'heartbeat');
    vi.advanceTimersByTime(HEARTBEAT_SECONDS * 800 - 1);
    expect(beats()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(beats()[0]).toEqual({ type: 'heartbeat', sent_at: Date.now() });
    socket.receive({ type: 'heartbeat', server_time: Date.now(), sent_at: Date.now() });
    setInfo({ ...INFO, orientation: 90 as 0 });
    vi.advanceTimersByTime(HEARTBEAT_SECONDS * 800);
    expect(beats()[1]).toEqual({
      type: 'heartbeat',
      sent_at: Date.now(),
      info: { ...INFO, orientation: 90 },
    });
  });

  it('pings for the clock: the first ones one after another, then one every 10 s', () => {
    const { connection, sockets, events, welcome } = setup();
    connection.start();
    welcome(sockets[0]);
    const socket = sockets[0];
    const pings = () => socket.sent.filter((message) => message.type === 'ping');
    expect(pings()).toEqual([{ type: 'ping', sent_at: Date.now() }]);
    // Each answer brings the next ping at once, until the first round is done.
    for (let answered = 1; answered <= CLOCK_FIRST_PINGS; answered++) {
      vi.advanceTimersByTime(30);
      const { sent_at } = pings().at(-1) as { sent_at: number };
      socket.receive({ type: 'pong', server_time: 1_000_000 + answered, sent_at });
      expect(events.clock).toHaveBeenLastCalledWith(1_000_000 + answered, sent_at, Date.now());
    }
    expect(pings()).toHaveLength(CLOCK_FIRST_PINGS);
    // The last of the first round went 30 ms ago; a second after it, the steady pace begins.
    vi.advanceTimersByTime(1_000 - 30);
    expect(pings()).toHaveLength(CLOCK_FIRST_PINGS + 1);
    vi.advanceTimersByTime(CLOCK_PING_SECONDS * 1000 - 1);
    expect(pings()).toHaveLength(CLOCK_FIRST_PINGS + 1);
    vi.advanceTimersByTime(1);
    expect(pings()).toHaveLength(CLOCK_FIRST_PINGS + 2);
  });

  it('times its clock samples by the clock it is given', () => {
    const sockets: FakeSocket[] = [];
    const clock = vi.fn();
    let local = 500.25;
    const connection = new PlayerConnection({
      url: 'ws://screen.test/backend/player/socket',
      token: 'token-0123456789abcdefghij',
      info: () => INFO,
      events: { ...setup().events, clock },
      now: () => local,
      open: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket;
      },
    });
    connection.start();
    sockets[0].opened();
    local = 510.5;
    sockets[0].receive({ type: 'welcome', server_time: 9_000, state: STATE });
    expect(clock).toHaveBeenLastCalledWith(9_000, 500.25, 510.5);
    expect(sockets[0].sent.at(-1)).toEqual({ type: 'ping', sent_at: 510.5 });
  });

  it('stops pinging when the socket closes', () => {
    const { connection, sockets, welcome } = setup();
    connection.start();
    welcome(sockets[0]);
    const pings = () => sockets.flatMap((socket) => socket.sent).filter((message) => message.type === 'ping');
    sockets[0].dropped(1006);
    const before = pings().length;
    vi.advanceTimersByTime(CLOCK_PING_SECONDS * 3000); // reconnects meanwhile, never welcomed
    expect(sockets.length).toBeGreaterThan(1);
    expect(pings()).toHaveLength(before);
  });

  it('passes heartbeat replies on as clock readings', () => {
    const { connection, sockets, events, welcome } = setup();
    connection.start();
    welcome(sockets[0]);
    vi.advanceTimersByTime(200);
    sockets[0].receive({ type: 'heartbeat', server_time: 99_000, sent_at: Date.now() - 100 });
    expect(events.clock).toHaveBeenLastCalledWith(99_000, Date.now() - 100, Date.now());
  });

  it('reconnects with growing full-jitter backoff and resets it after a welcome', () => {
    const { connection, sockets, events, welcome } = setup(() => 0.999);
    connection.start();
    sockets[0].dropped(1006);
    expect(events.status).toHaveBeenLastCalledWith('offline');
    vi.advanceTimersByTime(998);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2); // attempt 0: below 1 s
    sockets[1].dropped(1006);
    vi.advanceTimersByTime(1_997);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3); // attempt 1: below 2 s
    welcome(sockets[2]);
    sockets[2].dropped(1001);
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(4); // back to attempt 0
  });

  it('never waits more than 60 s between attempts', () => {
    const { connection, sockets } = setup(() => 0.9999);
    connection.start();
    for (let attempt = 0; attempt < 12; attempt++) {
      sockets[attempt].dropped(1006);
      vi.advanceTimersByTime(60_000);
      expect(sockets).toHaveLength(attempt + 2);
    }
  });

  it('stops and reports replaced when another window takes over', () => {
    const { connection, sockets, events, welcome } = setup();
    connection.start();
    welcome(sockets[0]);
    sockets[0].dropped(PlayerSocketClose.replaced);
    vi.advanceTimersByTime(10 * 60_000);
    expect(events.replaced).toHaveBeenCalledOnce();
    expect(events.unpaired).not.toHaveBeenCalled();
    expect(sockets).toHaveLength(1);
    expect(sockets[0].sent.filter((m) => m.type === 'heartbeat')).toEqual([]);
  });

  it('stops and asks to register anew when the token is refused', () => {
    const { connection, sockets, events } = setup();
    connection.start();
    sockets[0].opened();
    sockets[0].dropped(PlayerSocketClose.unauthorized);
    vi.advanceTimersByTime(10 * 60_000);
    expect(events.unpaired).toHaveBeenCalledOnce();
    expect(events.replaced).not.toHaveBeenCalled();
    expect(sockets).toHaveLength(1);
  });

  it('keeps its token and reconnects when closed for a slow auth', () => {
    const { connection, sockets, events } = setup();
    connection.start();
    sockets[0].opened();
    sockets[0].dropped(PlayerSocketClose.authTimeout);
    vi.advanceTimersByTime(60_000);
    expect(events.unpaired).not.toHaveBeenCalled();
    expect(sockets.length).toBeGreaterThan(1);
  });

  it('closes and asks to register anew when unpaired from the console', () => {
    const { connection, sockets, events, welcome } = setup();
    connection.start();
    welcome(sockets[0]);
    sockets[0].receive({ type: 'unpaired' });
    expect(events.unpaired).toHaveBeenCalledOnce();
    expect(sockets[0].closedWith).toBe(1000);
    vi.advanceTimersByTime(10 * 60_000);
    expect(sockets).toHaveLength(1);
  });

  it('passes pushed state on', () => {
    const { connection, sockets, events, welcome } = setup();
    connection.start();
    welcome(sockets[0]);
    const claimed = { ...STATE, paired: true, pin: null, device_name: 'Lobby' };
    sockets[0].receive({ type: 'state', state: claimed });
    expect(events.state).toHaveBeenLastCalledWith(claimed);
  });

  it('passes commands on and sends their acknowledgement', () => {
    const { connection, sockets, events, welcome } = setup();
    connection.start();
    welcome(sockets[0]);
    sockets[0].receive({ type: 'command', command_id: 7, command: { action: 'volume', value: 20 } });
    expect(events.command).toHaveBeenCalledWith(7, { action: 'volume', value: 20 });
    connection.acknowledge(7, false, 'no media');
    expect(sockets[0].sent.at(-1)).toEqual({ type: 'ack', command_id: 7, ok: false, result: 'no media' });
  });

  it('says when the manifest changed', () => {
    const { connection, sockets, events, welcome } = setup();
    connection.start();
    welcome(sockets[0]);
    sockets[0].receive({ type: 'manifest' });
    expect(events.manifest).toHaveBeenCalledTimes(1);
  });

  it('hands on a networked sensor’s read the server relays', () => {
    const { connection, sockets, events, welcome } = setup();
    connection.start();
    welcome(sockets[0]);
    sockets[0].receive({ type: 'sensor', sensor_id: 'SHELF-1' });
    expect(events.sensor).toHaveBeenCalledWith('SHELF-1');
  });

  it('drops a silent connection and reconnects', () => {
    const { connection, sockets, events, welcome } = setup(() => 0.5);
    connection.start();
    welcome(sockets[0]);
    // Heartbeats go out but nothing comes back.
    vi.advanceTimersByTime(HEARTBEAT_SECONDS * 1000 * 3);
    expect(sockets[0].closedWith).toBe(1000);
    expect(events.status).toHaveBeenCalledWith('offline');
    vi.advanceTimersByTime(1_000);
    expect(sockets.length).toBeGreaterThan(1);
  });

  it('does nothing more after stop', () => {
    const { connection, sockets, events } = setup();
    connection.start();
    connection.stop();
    sockets[0].dropped(1006);
    vi.advanceTimersByTime(10 * 60_000);
    expect(sockets).toHaveLength(1);
    expect(events.status).not.toHaveBeenCalledWith('offline');
  });

  it('retries at once when the network comes back', () => {
    const { connection, sockets } = setup(() => 0.999);
    connection.start();
    sockets[0].dropped(1006);
    connection.retryNow();
    expect(sockets).toHaveLength(2);
  });
});
