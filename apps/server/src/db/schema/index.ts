export * from './account';
export * from './device';
export * from './platform';
export * from './tenancy';
