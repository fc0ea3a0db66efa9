import { API_ROOT, CLIENT_ID_HEADER } from '../../shared/constants.ts';
import { ApiError } from './api.ts';
import { clientId } from './clientId.ts';
import { getToken } from './session.ts';

// A file the API answers (an export) saved through the browser: fetched with the bearer token,
// named by its Content-Disposition, and failures as an ApiError with the server's message.

const fileNameOf = (disposition: string | null, fallback: string) => {
  const star = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (star) return decodeURIComponent(star);
  return disposition?.match(/filename="?([^";]+)"?/i)?.[1] ?? fallback;
};

/** Downloads `API_ROOT + path`; `fallbackName` when the answer names no file. */
export const downloadFromApi = async (path: string, fallbackName: string, failureMessage: string): Promise<void> => {
  const headers: Record<string, string> = { [CLIENT_ID_HEADER]: clientId };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${API_ROOT}${path}`, { headers });
  if (!response.ok) {
    let message = failureMessage;
    try {
      const body = (await response.json()) as { message?: unknown };
      if (typeof body.message === 'string' && body.message) message = body.message;
    } catch {
      // Not JSON: keep the generic message.
    }
    throw new ApiError(response.status, message, null);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
