// What other features show of devices: a screen's online state, and how long ago something was seen.
export { DeviceStatusBadge, LastSeen } from './components/labels';
