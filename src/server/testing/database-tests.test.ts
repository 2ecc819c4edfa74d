import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testsThatReachTheDatabase } from '../../../scripts/database-tests';

// The PostgreSQL run of the API suite runs the files that can reach the database (decision 053): a file left out
// must be one that runs the same code on both runs.

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fn-db-tests-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

describe('the files the PostgreSQL run takes', () => {
  it('takes a file that reaches a door or DATABASE_URL through its imports, type-only and re-exports included', () => {
    write('src/server/testing/db.ts', 'export const createTestDatabase = () => null;\n');
    write('src/server/config.ts', 'export type Config = { databaseUrl?: string };\n');
    write('src/server/reads-env.ts', 'export const url = process.env.DATABASE_URL;\n');
    write('src/server/forum/forum.ts', "export { createTestDatabase } from '../testing/db';\n");
    write('src/server/forum/forum.test.ts', "import { createTestDatabase } from './forum';\ncreateTestDatabase();\n");
    write('src/server/typed.test.ts', "import type { Config } from './config';\nexport const c: Config = {};\n");
    write('src/server/deep/a.ts', "export * from './b';\n");
    write('src/server/deep/b.ts', "import { url } from '../reads-env';\nexport const b = url;\n");
    write('src/server/deep/deep.test.ts', "import { b } from './a';\nvoid b;\n");
    write('src/server/own.test.ts', 'if (process.env.DATABASE_URL) console.log(1);\n');
    write('src/shared/pure.ts', 'export const add = (a: number, b: number) => a + b;\n');
    write('src/shared/pure.test.ts', "import { add } from './pure';\nimport { z } from 'zod';\nvoid add(1, 2), z;\n");
    write('src/shared/cycle-a.ts', "import './cycle-b';\n");
    write('src/shared/cycle-b.ts', "import './cycle-a';\n");
    write('src/shared/cycle.test.ts', "import './cycle-a';\n");
    write('src/web/page.test.tsx', "import '../server/testing/db';\n");
    expect(testsThatReachTheDatabase(root)).toEqual([
      'src/server/deep/deep.test.ts',
      'src/server/forum/forum.test.ts',
      'src/server/own.test.ts',
      'src/server/typed.test.ts',
    ]);
  });

  it('takes this repository’s tests of routes and leaves out those of pure functions', () => {
    const taken = testsThatReachTheDatabase();
    expect(taken).toContain('src/server/forum/forum.test.ts');
    expect(taken).toContain('src/server/security/authorization-matrix.test.ts');
    expect(taken).toContain('src/server/backup/backup-process.test.ts');
    expect(taken).not.toContain('src/shared/states.test.ts');
    expect(taken).not.toContain('src/server/care/recurrence.test.ts');
    for (const file of taken) expect(fs.existsSync(file), file).toBe(true);
  });
});
