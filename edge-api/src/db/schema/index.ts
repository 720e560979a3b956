export * from './addresses';
export * from './app-settings';
export * from './faqs';
export * from './jobs';
export * from './users';
