import { fuzzShard } from './fuzz-run.ts';

// The fuzz run (test/fuzz-run.ts), shard 1 of 3.
fuzzShard(0, 3);
