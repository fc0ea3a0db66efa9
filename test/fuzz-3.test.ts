import { fuzzShard } from './fuzz-run.ts';

// The fuzz run (test/fuzz-run.ts), shard 3 of 3.
fuzzShard(2, 3);
