export * from './choices';
export * from './dates';
export * from './errors';
export * from './job';
export * from './search';
export * from './tiers';
export * from './validate';
