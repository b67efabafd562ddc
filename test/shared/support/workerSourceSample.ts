// What the worker-code test must catch: a worker's source in a template string (never run).
export const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
parentPort.postMessage('ready');
`;
