export * from './first-view-cases';
export * from './submission-cases';
export * from './pay-cases';
