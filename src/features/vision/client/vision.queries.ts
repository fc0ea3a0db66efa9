import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api.ts';
import { registerRealtimeUpdater } from '../../../client/lib/realtimeCache.ts';
import { VISION_TEMPLATES_PAGE } from '../../../shared/constants.ts';
import type {
  CreateSection,
  CreateTemplate,
  Section,
  Template,
  TemplatesPage,
  UpdateSection,
  UpdateTemplate,
} from '../vision.schemas.ts';

export const visionKeys = {
  all: ['vision'] as const,
  templates: ['vision', 'templates'] as const,
  template: (id: string) => ['vision', 'template', id] as const,
};

const silent = { silent: true } as const;

/** getTemplates: the workspace's templates (the selector) and the product's catalogue. */
export const useTemplates = () =>
  useQuery({
    queryKey: visionKeys.templates,
    queryFn: ({ signal }) =>
      api.get<TemplatesPage>(`/vision/templates?limit=${VISION_TEMPLATES_PAGE.max}`, { signal, ...silent }),
  });

export const useTemplate = (id: string | null) =>
  useQuery({
    queryKey: visionKeys.template(id ?? ''),
    queryFn: ({ signal }) => api.get<Template>(`/vision/templates/${id}`, { signal, ...silent }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });

const useRefresh = () => {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: visionKeys.all });
};

export const useCreateTemplate = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: CreateTemplate) => api.post<Template>('/vision/templates', input, silent),
    onSuccess: refresh,
  });
};

export const useUpdateTemplate = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: UpdateTemplate) => api.patch<Template>(`/vision/templates/${id}`, patch, silent),
    onSuccess: (template) => {
      queryClient.setQueryData(visionKeys.template(id), template);
      void queryClient.invalidateQueries({ queryKey: visionKeys.templates });
    },
  });
};

export const useDeleteTemplate = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.delete<boolean>(`/vision/templates/${id}`, undefined, silent),
    onSuccess: refresh,
  });
};

/** saveSection: Add Section (no id) or Update Section (from the version the editor started with). */
export const useSaveSection = (templateId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: CreateSection | UpdateSection }) =>
      id
        ? api.put<Section>(`/vision/sections/${id}`, input, silent)
        : api.post<Section>(`/vision/templates/${templateId}/sections`, input, silent),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: visionKeys.template(templateId) }),
  });
};

export const useDeleteSection = (templateId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<boolean>(`/vision/sections/${id}`, undefined, silent),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: visionKeys.template(templateId) }),
  });
};

/** Listeners for edits made elsewhere to a section (the open editor shows a notice). */
const sectionWatchers = new Set<(data: { sectionId: string | null; version: number | null }) => void>();
export const watchSectionEdits = (listener: (data: { sectionId: string | null; version: number | null }) => void) => {
  sectionWatchers.add(listener);
  return () => {
    sectionWatchers.delete(listener);
  };
};

// Someone else changed the board: it refetches, and an open editor of that section hears of it.
registerRealtimeUpdater('vision.changed', (queryClient, data) => {
  void queryClient.invalidateQueries({ queryKey: visionKeys.templates });
  void queryClient.invalidateQueries({ queryKey: visionKeys.template(data.templateId) });
  for (const listener of sectionWatchers) listener(data);
});
// Live sections follow the goals and the backburner: in the cards' meeting rooms, and (for
// viewers in none of them) the event each person allowed to see such a card gets (decision 057).
registerRealtimeUpdater('task.changed', (queryClient) => {
  void queryClient.invalidateQueries({ queryKey: ['vision', 'template'] });
});
registerRealtimeUpdater('task.visibleChanged', (queryClient) => {
  void queryClient.invalidateQueries({ queryKey: ['vision', 'template'] });
});
