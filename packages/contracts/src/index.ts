export * from './addresses';
export * from './auth';
export * from './common';
export * from './errors';
export * from './faqs';
export * from './health';
export * from './settings';
