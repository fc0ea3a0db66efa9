import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../client/lib/api.ts';
import { downloadFile } from '../../../client/lib/download.ts';
import type { Health, HealthItemFigure, HealthItemsPage } from '../os-health.schemas.ts';

// The health page's one owner of its cache: the figures and the items behind one figure.

export interface HealthParams {
  meetingId?: string | undefined;
  quarters: number;
}

export interface HealthItemsParams {
  meetingId?: string | undefined;
  figure: HealthItemFigure;
  quarter: string;
  offset: number;
  limit: number;
}

export const osHealthKeys = {
  all: ['os-health'] as const,
  figures: (params: HealthParams) => ['os-health', 'figures', params] as const,
  items: (params: HealthItemsParams) => ['os-health', 'items', params] as const,
};

const queryString = (fields: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) params.set(key, String(value));
  return params.toString();
};

const silent = { silent: true };

export const useHealth = (params: HealthParams) =>
  useQuery({
    queryKey: osHealthKeys.figures(params),
    queryFn: ({ signal }) => api.get<Health>(`/os-health?${queryString({ ...params })}`, { signal, ...silent }),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useHealthItems = (params: HealthItemsParams | null) =>
  useQuery({
    queryKey: osHealthKeys.items(params as HealthItemsParams),
    queryFn: ({ signal }) =>
      api.get<HealthItemsPage>(`/os-health/items?${queryString({ ...(params as HealthItemsParams) })}`, {
        signal,
        ...silent,
      }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });

export const downloadHealthCsv = (params: HealthParams, failedMessage: string) =>
  downloadFile(`/os-health/export?${queryString({ ...params })}`, 'os-health.csv', failedMessage);
