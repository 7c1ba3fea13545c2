import { isLanguage, type SystemSettingsValues } from '@vitrine/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { type EventBus, publish } from '../../platform/bus';
import { SCHEDULE_CONFIRM_KEY } from './remote-config';
import { readSettings, SYSTEM_SCOPE, writeSetting } from './settings';

// The platform-wide settings the system role changes on /setting/server, kept in the settings
// table's system scope. Every process holds them in memory: read at start, replaced at once by
// its own saves, and read again when another process announces a save on the bus.

/** What a new installation starts with: links on PUBLIC_URL, English, UTC, approval on, registration open. */
export const SYSTEM_DEFAULTS: SystemSettingsValues = {
  public_url: null,
  default_language: 'en',
  default_timezone: 'UTC',
  schedule_confirm: true,
  registration_open: true,
};

/** Setting keys by field; schedule_confirm is the key a company's own choice uses too. */
const KEYS: Record<keyof SystemSettingsValues, string> = {
  public_url: 'public_url',
  default_language: 'default_language',
  default_timezone: 'default_timezone',
  schedule_confirm: SCHEDULE_CONFIRM_KEY,
  registration_open: 'registration_open',
};
const FIELDS = Object.keys(KEYS) as (keyof SystemSettingsValues)[];

/** A stored value of the right type, or the default (a row written by an older version is ignored). */
function fromRows(rows: { key: string; value: unknown }[]): SystemSettingsValues {
  const value = (field: keyof SystemSettingsValues) => rows.find((row) => row.key === KEYS[field])?.value;
  const text = (field: keyof SystemSettingsValues) => {
    const found = value(field);
    return typeof found === 'string' ? found : undefined;
  };
  const flag = (field: 'schedule_confirm' | 'registration_open') => {
    const found = value(field);
    return typeof found === 'boolean' ? found : SYSTEM_DEFAULTS[field];
  };
  const language = text('default_language');
  return {
    public_url: text('public_url') ?? null,
    default_language: language && isLanguage(language) ? language : SYSTEM_DEFAULTS.default_language,
    default_timezone: text('default_timezone') ?? SYSTEM_DEFAULTS.default_timezone,
    schedule_confirm: flag('schedule_confirm'),
    registration_open: flag('registration_open'),
  };
}

export class SystemSettingStore {
  private values: SystemSettingsValues = SYSTEM_DEFAULTS;
  /** Bumped by every save and reload: a slower reload never overwrites a newer value. */
  private version = 0;

  constructor(
    private readonly db: Db,
    private readonly configuredPublicUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Reloads whenever another process saved, or the bus was down (a save may have been missed). */
  follow(bus: EventBus) {
    bus.on((event) => {
      if (event.type === 'system-settings-changed') void this.reloadLogged();
    });
    bus.onReconnect(() => void this.reloadLogged());
  }

  /** The settings now in force. */
  get current(): SystemSettingsValues {
    return this.values;
  }

  /** The address links in mails and the player's pairing screen use. */
  get publicUrl(): string {
    return this.values.public_url ?? this.configuredPublicUrl;
  }

  async reload(): Promise<void> {
    const version = ++this.version;
    const rows = await readSettings(this.db, [SYSTEM_SCOPE], Object.values(KEYS));
    if (version === this.version) this.values = fromRows(rows);
  }

  /** Saves every value in one transaction and tells the other processes at its commit. */
  async save(values: SystemSettingsValues): Promise<SystemSettingsValues> {
    await this.db.transaction(async (tx) => {
      for (const field of FIELDS) await writeSetting(tx, SYSTEM_SCOPE, KEYS[field], values[field]);
      await publish(tx, { type: 'system-settings-changed' });
    });
    this.version++;
    this.values = { ...values };
    return this.values;
  }

  private async reloadLogged() {
    try {
      await this.reload();
    } catch (err) {
      this.log.error({ err }, 'system settings: could not reload');
    }
  }
}
