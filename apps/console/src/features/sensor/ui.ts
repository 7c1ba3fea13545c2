// What the device area's menu shows of sensors: the /device/sensors page (loaded by its route on demand).
export { SensorListPage } from './pages/SensorListPage';
