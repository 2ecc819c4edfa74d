// Preloaded into the server by scripts/bench/memory.ts (NODE_OPTIONS=--import, built to plain JavaScript first so
// that it adds no TypeScript loader to the process it measures). On SIGUSR2 it writes where the process's memory
// is to the file named by MEMORY_PROBE_FILE: V8's heap, memory outside it, and PGlite's WebAssembly memory.
import fs from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';

export type ProbeReport = {
  /** process.memoryUsage(), in bytes. */
  usage: NodeJS.MemoryUsage;
  /** heapUsed after a full collection: what live objects hold (the report's own collection, after `usage`). */
  liveHeap: number;
  /** V8's heap spaces: the size each holds (young generation, old generation, code…), in bytes. */
  spaces: Record<string, number>;
  /** The WebAssembly memories made so far (PGlite's), in bytes: what each has grown to. */
  wasm: number[];
  /** The resident part of each mapping the size of a WebAssembly memory (Linux), in bytes. */
  wasmResident: number;
};

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

const memories: WebAssembly.Memory[] = [];
const Memory = WebAssembly.Memory;
// Records each memory as it is made: PGlite keeps its own out of reach.
WebAssembly.Memory = new Proxy(Memory, {
  construct(target, args: [WebAssembly.MemoryDescriptor]) {
    const memory = new target(...args);
    memories.push(memory);
    return memory;
  },
});

/** The resident bytes of anonymous mappings exactly as large as one of the memories (V8 maps each on its own). */
function wasmResident(sizes: number[]): number {
  let text: string;
  try {
    text = fs.readFileSync('/proc/self/smaps', 'utf8');
  } catch {
    return NaN;
  }
  let total = 0;
  let counting = false;
  for (const line of text.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(\S*)/.exec(line);
    if (head) {
      const size = parseInt(head[2]!, 16) - parseInt(head[1]!, 16);
      counting = !head[3] && sizes.includes(size);
      continue;
    }
    const rss = counting ? /^Rss:\s+(\d+) kB/.exec(line) : null;
    if (rss) total += Number(rss[1]) * 1024;
  }
  return total;
}

process.on('SIGUSR2', () => {
  const wasm = memories.map((m) => m.buffer.byteLength);
  const usage = process.memoryUsage();
  const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.space_size]));
  collectGarbage();
  if (process.env.MEMORY_PROBE_SNAPSHOT) v8.writeHeapSnapshot(process.env.MEMORY_PROBE_SNAPSHOT);
  const report: ProbeReport = {
    usage,
    liveHeap: process.memoryUsage().heapUsed,
    spaces,
    wasm,
    wasmResident: wasmResident(wasm),
  };
  const file = process.env.MEMORY_PROBE_FILE;
  if (file) fs.writeFileSync(`${file}.tmp`, JSON.stringify(report));
  if (file) fs.renameSync(`${file}.tmp`, file);
});
