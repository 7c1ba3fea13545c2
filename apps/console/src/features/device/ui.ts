// What other features show of devices: a screen's online state, and how long ago something was seen.

// The pieces of a device's settings other forms reuse (presets): its default content, its weekly
// power periods, and a picker of devices for a batch.
export { DefaultProgramSelect } from './components/DefaultProgramSelect';
export { useFeatureLabel } from './components/feature-gate';
export { DeviceStatusBadge, LastSeen } from './components/labels';
export { DevicePicker } from './timer/DevicePicker';
export { TimerPeriods } from './timer/TimerPeriods';
/** Weekdays Monday first, and their names in the user's language (control rules' days). */
export { WEEK_ORDER, weekdayName } from './timer/timer-text';
