// What the startup area shows on other areas' screens: the company's startup video and logo in a
// drawer of the device list, and a model's inside the model drawer of /setting/model.
export { StartupDrawer } from './components/StartupDrawer';
export { StartupMediaPanel } from './components/StartupMediaPanel';
