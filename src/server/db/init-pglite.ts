// Creates a new embedded database in its own short-lived process. PGlite's initdb grows the WASM heap
// to ~800 MB, which a process never gives back; doing it here keeps the server at its steady size.
import { PGlite } from '@electric-sql/pglite';

const dir = process.argv[2];
if (!dir) throw new Error('usage: init-pglite <dir>');
const db = await PGlite.create(dir);
await db.query('select 1');
await db.close();
