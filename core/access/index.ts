// Access rules without I/O: scopes, API keys, read capabilities (signed) and open-mode write capabilities (hashed).
export * from './scopes';
export * from './api-keys';
export * from './capabilities';
export * from './write-capabilities';
