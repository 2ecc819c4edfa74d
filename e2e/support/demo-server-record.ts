import path from 'node:path';

// Kept apart from demo-server.ts, which uses vitest's test hooks: the global setup reads this too.

/** What the global setup needs to stop the demo server after the run (support/demo-server.ts). */
export type DemoServerRecord = { pid: number; root: string; log: string };

/** Where the record is kept: in the run's folder (global-setup.ts). */
export const demoServerRecordFile = (runRoot: string) => path.join(runRoot, 'demo-server.json');
