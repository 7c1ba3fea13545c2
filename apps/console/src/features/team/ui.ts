// What other features show of teams: the member, device and content tabs of a holder.
export { HoldingsTabs } from './components/HoldingsTabs';
