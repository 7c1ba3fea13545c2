// Enumerations of spec 001 §3, with their exact numbers.
export const UploadStatus = { waiting: 0, uploading: 1, success: 2, error: 4 } as const;
export type UploadStatus = (typeof UploadStatus)[keyof typeof UploadStatus];

export const DeviceStatus = {
  unconfirmed: 0,
  online: 1,
  offline: 2,
  rejected: 3,
  lost: 4,
  expired: 5,
  played: 6,
} as const;
export type DeviceStatus = (typeof DeviceStatus)[keyof typeof DeviceStatus];

export const ContentType = {
  image: 1,
  video: 2,
  website: 3,
  playlist: 4,
  h5: 5,
  videoWall: 7,
  document: 8,
  music: 9,
  stream: 10,
} as const;
export type ContentType = (typeof ContentType)[keyof typeof ContentType];

export const AccountStatus = { inactive: 0, active: 1, disabled: 2 } as const;
export type AccountStatus = (typeof AccountStatus)[keyof typeof AccountStatus];

export const ScheduleType = {
  composition: 'composition',
  playlist: 'playlist',
  template: 'template',
  standard: 'standard',
  sync: 'sync',
  videoWall: 'video_wall',
  multiSync: 'multi_sync',
  insert: 'insert',
  sensor: 'sensor',
} as const;
export type ScheduleType = (typeof ScheduleType)[keyof typeof ScheduleType];

/** Marker on records that need an administrator's confirmation. */
export const CONFIRMATION_MARKER = 'ntc';

export const Orientation = {
  landscape: 0,
  portrait: 90,
  landscapeFlipped: 180,
  portraitFlipped: 270,
} as const;
export type Orientation = (typeof Orientation)[keyof typeof Orientation];
