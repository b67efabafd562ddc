// Run as a process of its own by the worker pool's tests: a pool that is never closed, whose one
// task prints its result. The process must exit by itself once the task is done.
import { createWorkerPool } from '../../../signature-aggregator/bls/createWorkerPool';

const pool = createWorkerPool({ file: require.resolve('./testWorker'), workerData: null, size: 2, name: 'child' });
void pool.run<{ ran: number }>('spin', { ms: 300 }).then((result) => console.log('ran', result.ran));
