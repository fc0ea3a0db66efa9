import { fuzzShard } from './fuzz-run.ts';

// The fuzz run (test/fuzz-run.ts), shard 2 of 3.
fuzzShard(1, 3);
