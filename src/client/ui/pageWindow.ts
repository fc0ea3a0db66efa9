// The numbers a pager shows (src/client/ui/PageNav.tsx).

/** document 1 §9: pagination shows at most five page numbers, centred on the current page. */
export const pageWindow = (page: number, totalPages: number, size = 5): number[] => {
  const total = Math.max(1, totalPages);
  const count = Math.min(size, total);
  const start = Math.max(1, Math.min(page - Math.floor(size / 2), total - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
};
