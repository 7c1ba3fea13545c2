// A part of one of the contract's message files (scripts/contract-message-parts.ts).
declare module '*.json?part=public' {
  const messages: Record<string, Record<string, unknown>>;
  export default messages;
}
declare module '*.json?part=areas' {
  const messages: Record<string, Record<string, unknown>>;
  export default messages;
}
