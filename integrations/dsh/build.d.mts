/** The persistent bundle's client module (lib/client.js) as generated from src/index.client.js. */
export function clientModule(): string;
