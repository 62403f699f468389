// Worker entry: the HTTP app and the Durable Object class it binds.
import { createApp } from './app';

export { DocumentDO } from '../durable-objects/document-do';
export { LayoutDO } from '../durable-objects/layout-do';
export { RateLimiterDO } from '../durable-objects/rate-limiter-do';

export default createApp();
