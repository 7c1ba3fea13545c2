// What other features show of devices: a screen's online state.
export { DeviceStatusBadge } from './components/labels';
