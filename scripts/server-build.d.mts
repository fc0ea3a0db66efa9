/** The compiled server in `outDir` (default dist/server): its URL, and whether it is newer than its sources. */
export declare const compiledServer: (outDir?: string) => { fresh: boolean; url: string };
/** Compiles the server into `outDir` (default dist/server); resolves with the milliseconds it took. */
export declare const buildServer: (outDir?: string) => Promise<number>;
