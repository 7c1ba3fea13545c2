// What the app shell shows of schedules: the dots on their menu entry and tabs.
export { useScheduleDots } from './dots';
