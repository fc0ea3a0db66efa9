import { API_ROOT, CLIENT_ID_HEADER } from '../../shared/constants.ts';
import { ApiError } from './api.ts';
import { clientId } from './clientId.ts';
import { getToken } from './session.ts';

// Files the server makes (scorecard CSV/XLSX, PDF exports): fetched with the session's token (a
// plain link could not send it), then saved through a temporary download link.

const fileNameOf = (disposition: string | null, fallback: string) => {
  const star = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (star) return decodeURIComponent(star);
  return disposition?.match(/filename="?([^";]+)"?/i)?.[1] ?? fallback;
};

/** Saves a blob under `fileName` through a temporary link. */
export const saveBlob = (blob: Blob, fileName: string) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

/**
 * GETs (or POSTs) `path` under API_ROOT and saves the answer (its name and size); a failure is an ApiError with the server's
 * message, or `failedMessage` when it sent none.
 */
export const downloadFile = async (
  path: string,
  fallbackName: string,
  failedMessage: string,
  /** A POST with this JSON body instead of a GET (the server's backup). */
  post?: { body: unknown },
): Promise<{ fileName: string; size: number }> => {
  const headers: Record<string, string> = { [CLIENT_ID_HEADER]: clientId };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (post) headers['Content-Type'] = 'application/json';
  const response = await fetch(
    `${API_ROOT}${path}`,
    post ? { method: 'POST', headers, body: JSON.stringify(post.body) } : { headers },
  );
  if (!response.ok) {
    let message = failedMessage;
    try {
      const body = (await response.json()) as { message?: unknown };
      if (typeof body.message === 'string' && body.message) message = body.message;
    } catch {
      // Not JSON: keep the generic message.
    }
    throw new ApiError(response.status, message, null);
  }
  const blob = await response.blob();
  const fileName = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  saveBlob(blob, fileName);
  return { fileName, size: blob.size };
};
