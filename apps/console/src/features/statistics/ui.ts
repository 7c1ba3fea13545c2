// What other features show of statistics: a log page's toolbar (its choices read this area's data).
export { LogFilters } from './components/LogFilters';
