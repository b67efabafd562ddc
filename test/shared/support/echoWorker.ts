// A worker module for startWorker's tests: posts back its workerData and whether this thread has a
// TypeScript require hook installed.
import { parentPort, workerData } from 'node:worker_threads';

parentPort!.postMessage({ workerData, typeScriptHook: '.ts' in require.extensions });
