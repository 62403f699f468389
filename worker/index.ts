// Worker entry: the HTTP app and the Durable Object class it binds.
import { createApp } from './app';

export { DocumentDO } from '../durable-objects/document-do';

export default createApp();
