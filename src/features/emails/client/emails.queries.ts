import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api.ts';
import type { EmailTemplate, EmailVariableInfo, SaveEmailTemplate } from '../emails.schemas.ts';

export const emailKeys = {
  all: ['emails'] as const,
  templates: (tenantId: string) => ['emails', 'templates', tenantId] as const,
  variables: ['emails', 'variables'] as const,
};

/** Every email template of the workspace, with its default and custom text (admins). */
export const useEmailTemplates = (tenantId: string | null) =>
  useQuery({
    queryKey: emailKeys.templates(tenantId ?? ''),
    queryFn: ({ signal }) => api.get<EmailTemplate[]>('/email-templates', { signal, silent: true }),
    enabled: tenantId !== null,
  });

/** The variables and what each holds (the same for every workspace). */
export const useEmailVariables = () =>
  useQuery({
    queryKey: emailKeys.variables,
    queryFn: ({ signal }) => api.get<EmailVariableInfo[]>('/email-variables', { signal, silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The saved (or reset) template in place of the old one in the list. */
const useApplyTemplate = (tenantId: string) => {
  const queryClient = useQueryClient();
  return (template: EmailTemplate) =>
    queryClient.setQueryData<EmailTemplate[]>(emailKeys.templates(tenantId), (list) =>
      list?.map((item) => (item.id === template.id ? template : item)),
    );
};

export const useSaveEmailTemplate = (tenantId: string) => {
  const apply = useApplyTemplate(tenantId);
  return useMutation({
    mutationFn: ({ id, ...body }: SaveEmailTemplate & { id: string }) =>
      api.put<EmailTemplate>(`/email-templates/${encodeURIComponent(id)}`, body, { silent: true }),
    onSuccess: apply,
  });
};

export const useResetEmailTemplate = (tenantId: string) => {
  const apply = useApplyTemplate(tenantId);
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<EmailTemplate>(`/email-templates/${encodeURIComponent(id)}`, undefined, { silent: true }),
    onSuccess: apply,
  });
};
