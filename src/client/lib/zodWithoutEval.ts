// The CSP forbids eval (script-src 'self'). zod probes for it with `new Function("")` when it
// builds its first object schema; the probe's throw is caught, but Chromium still reports a CSP
// violation for the page (Lighthouse: best practices, "Issues logged in the Chrome DevTools").
// zod reads its configuration from this global, kept across copies of the package, and under
// `jitless` skips the probe and parses without generated code. The entry imports this first, and
// zod loads only later with the pages that use it (decision 095), so the setting comes first.

interface ZodGlobalConfig {
  jitless?: boolean;
}

export const skipZodEvalProbe = () => {
  const scope = globalThis as { __zod_globalConfig?: ZodGlobalConfig };
  scope.__zod_globalConfig ??= {};
  scope.__zod_globalConfig.jitless = true;
};

skipZodEvalProbe();
