import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api.ts';

/** GET /api/health's result. A 503 (fail envelope) means the server answers but the database does not. */
export interface Health {
  status: string;
  database: string;
  /** Scheduled backups (BACKUP_DIR), when the server has them. */
  backups?: { ageSeconds: number | null; lastFailed: boolean };
}

export const healthKeys = {
  all: ['health'] as const,
};

export const useHealth = () =>
  useQuery({
    queryKey: healthKeys.all,
    queryFn: ({ signal }) => api.raw<Health>('GET', '/api/health', undefined, { signal }),
  });
