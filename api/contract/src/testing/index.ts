export * from './first-view-cases';
export * from './submission-cases';
