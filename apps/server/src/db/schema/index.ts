export * from './account';
export * from './content';
export * from './device';
export * from './font';
export * from './platform';
export * from './playlist';
export * from './tenancy';
export * from './text';
