// The webhook deliveries table: bench:webhooks prints it, the suite writes it into bench/RESULTS.md.
import type { DeliveryResult } from './measureDelivery';

/** The columns of the deliveries table, here and in bench/RESULTS.md. */
export const deliveryTableHeader = [
  'engine',
  'messages',
  'concurrency',
  'body B',
  'floor req/s',
  'deliveries/s',
  'deliveries / floor',
  'commit→arrival p50 ms',
  'p99 ms',
];

/** One engine's row of the deliveries table. */
export function deliveryTableRow(engine: string, r: DeliveryResult): string[] {
  return [
    engine,
    String(r.messages),
    String(r.concurrency),
    String(r.bodyBytes),
    r.floorPerSecond.toFixed(0),
    r.deliveredPerSecond.toFixed(0),
    `${(r.deliveredPerSecond / r.floorPerSecond).toFixed(2)}×`,
    r.latencyMs.p50.toFixed(0),
    r.latencyMs.p99.toFixed(0),
  ];
}

/** The columns of the at-the-head table. */
export const headTableHeader = [
  'engine',
  'transactions',
  'commit→arrival p50 ms',
  'p99 ms',
  'sent→arrival p50 ms',
  'p99 ms',
];

/** One engine's row of the at-the-head table. */
export function headTableRow(engine: string, r: DeliveryResult): string[] {
  return [
    engine,
    String(r.head.commitToArrival.samples),
    r.head.commitToArrival.p50.toFixed(0),
    r.head.commitToArrival.p99.toFixed(0),
    r.head.sendToArrival.p50.toFixed(0),
    r.head.sendToArrival.p99.toFixed(0),
  ];
}
