// The workspace this browser used last (document 1 §9: "Last workspace kept locally"). It is
// sent with every sign-in and outlives logout, so the next sign-in opens the same workspace.

const LAST_TENANT_KEY = 'cadence.lastTenant';

export const getLastTenant = (): string | null => {
  try {
    return localStorage.getItem(LAST_TENANT_KEY);
  } catch {
    return null;
  }
};

export const setLastTenant = (tenantId: string): void => {
  try {
    localStorage.setItem(LAST_TENANT_KEY, tenantId);
  } catch {
    // Storage disabled: the next sign-in asks for the workspace again, which is harmless.
  }
};
