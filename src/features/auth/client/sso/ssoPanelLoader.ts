// A step between the sign-in page and the panel: the page's first chunk then names one small file
// to load, not the panel's whole list of dependencies (decision 095).
export const loadSsoPanel = () => import('./SsoPanel.tsx');
