import { ApiError } from '../../../client/lib/api.ts';
import { clientId } from '../../../client/lib/clientId.ts';
import { clearToken, getToken } from '../../../client/lib/session.ts';
import { toCamelKeys } from '../../../shared/case.ts';
import { API_ROOT, CLIENT_ID_HEADER } from '../../../shared/constants.ts';
import type { FieldErrors } from '../../../shared/errors.ts';
import { importsMessages as t } from '../imports.messages.ts';

// An import's multipart upload with progress (decision 126): fetch cannot report how much of a
// request body was sent, XMLHttpRequest's upload events can. Answers and failures come back as
// the api client's do (the envelope's result, or an ApiError with the server's message).

/**
 * Where an upload is: sending the file (with a share done), then waiting on the server, which may
 * say how many of the items it writes are written (a large import's confirmation).
 */
export type UploadProgress =
  /** `percent`: 0–100 of the file sent. */
  { phase: 'uploading'; percent: number } | { phase: 'server' } | { phase: 'writing'; written: number; total: number };

export const uploadWithProgress = <T>(
  path: string,
  form: FormData,
  onProgress?: (progress: UploadProgress) => void,
): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_ROOT}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader(CLIENT_ID_HEADER, clientId);
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable)
        onProgress?.({ phase: 'uploading', percent: Math.round((event.loaded / event.total) * 100) });
    };
    xhr.upload.onload = () => onProgress?.({ phase: 'server' });
    xhr.onerror = () => reject(new ApiError(0, t.uploadFailed, undefined));
    xhr.onabort = () => reject(new ApiError(0, t.uploadFailed, undefined));
    xhr.onload = () => {
      let body: Record<string, unknown> = {};
      try {
        body = toCamelKeys(JSON.parse(xhr.responseText)) as Record<string, unknown>;
      } catch {
        // Not JSON (a proxy's page): the status says enough.
      }
      if (xhr.status >= 200 && xhr.status < 300 && body.status === 'success') {
        resolve(body.result as T);
        return;
      }
      if (xhr.status === 401) clearToken();
      const message =
        typeof body.message === 'string' && body.message
          ? body.message
          : xhr.status === 413
            ? t.fileTooLarge
            : t.uploadFailed;
      reject(new ApiError(xhr.status, message, body, body.errors as FieldErrors | undefined));
    };
    onProgress?.({ phase: 'uploading', percent: 0 });
    xhr.send(form);
  });
