export * from './common.ts';
export * from './product.ts';
export * from './webhook.ts';
