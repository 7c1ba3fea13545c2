// What the device area's menu shows of sensors: the /device/sensors page (loaded by its route on demand).

// A sensor type's icon (the company's own or the built-in one), as the sensor schedule editor lists tags.
export { SensorTypeIcon } from './components/SensorTypeIcon';
export { SensorListPage } from './pages/SensorListPage';
