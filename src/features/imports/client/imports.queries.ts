import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/lib/api.ts';
import { clientId } from '../../../client/lib/clientId.ts';
import { onRealtime } from '../../../client/lib/socket.ts';
import {
  type CsvColumns,
  type CsvImportKind,
  IMPORTS_PAGE,
  type ImportOptions,
  type ImportPage,
  type ImportPreview,
  type ImportRecord,
} from '../imports.schemas.ts';
import { type UploadProgress, uploadWithProgress } from './upload-progress.ts';

// The one client owner of imports: query keys and calls. A preview and a confirmation send the
// same file and settings (the server keeps nothing in between).

export const importsKeys = {
  all: ['imports'] as const,
  list: (offset: number) => ['imports', 'list', offset] as const,
};

/** The multipart body: `options` first, so the server knows what it reads before the file arrives. */
const formOf = (options: ImportOptions, file: File) => {
  const form = new FormData();
  form.append('options', JSON.stringify(options));
  form.append('file', file, file.name);
  return form;
};

export const useImports = (offset: number) =>
  useQuery({
    queryKey: importsKeys.list(offset),
    queryFn: ({ signal }) =>
      api.get<ImportPage>(`/imports?offset=${offset}&limit=${IMPORTS_PAGE.size}`, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });

type Progress = (progress: UploadProgress) => void;

/** A generic CSV's headers, first rows and suggested mapping; the upload reports its progress. */
export const useCsvColumns = () =>
  useMutation({
    mutationFn: ({ kind, file, onProgress }: { kind: CsvImportKind; file: File; onProgress?: Progress }) => {
      const form = new FormData();
      form.append('options', JSON.stringify({ kind }));
      form.append('file', file, file.name);
      return uploadWithProgress<CsvColumns>('/imports/columns', form, onProgress);
    },
  });

export const usePreviewImport = () =>
  useMutation({
    mutationFn: ({ options, file, onProgress }: { options: ImportOptions; file: File; onProgress?: Progress }) =>
      uploadWithProgress<ImportPreview>('/imports/preview', formOf(options, file), onProgress),
  });

export const useConfirmImport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    // A large file is written a chunk at a time: the server tells this tab how far it is.
    mutationFn: async ({
      options,
      file,
      onProgress,
    }: {
      options: ImportOptions;
      file: File;
      onProgress?: Progress;
    }) => {
      const stop = onRealtime('import.progress', ({ clientId: tab, written, total }) => {
        if (tab === clientId) onProgress?.({ phase: 'writing', written, total });
      });
      try {
        return await uploadWithProgress<ImportRecord>('/imports', formOf(options, file), onProgress);
      } finally {
        stop();
      }
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: importsKeys.all }),
  });
};

export const useUndoImport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<ImportRecord>(`/imports/${id}/undo`, undefined, { silent: true }),
    // The scorecards it touched reload too.
    onSuccess: () => void queryClient.invalidateQueries(),
  });
};
