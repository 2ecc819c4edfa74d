import fs from 'node:fs';
import path from 'node:path';

/** Where a running embedded server tells the admin command line how to reach it. */
export function controlFile(dataDir: string) {
  return path.join(dataDir, 'control.json');
}

export type ControlInfo = { pid: number; port: number; token: string };

export function readControl(dataDir: string): ControlInfo | undefined {
  try {
    return JSON.parse(fs.readFileSync(controlFile(dataDir), 'utf8')) as ControlInfo;
  } catch {
    return undefined;
  }
}
