import { Box, Divider } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { authMessages } from '../../auth.messages.ts';
import { useAuthConfig } from '../auth.queries.ts';

// Google Identity Services renders its own button and hands back an ID token (the
// "credential"); the server verifies it. The script is loaded only on the pages that show the
// button and only when the server has a Google client id (its CSP allows Google only then).

const GIS_SRC = 'https://accounts.google.com/gsi/client';

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: { credential?: string }) => void }): void;
      renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
    };
  };
}

let gisScript: Promise<GoogleIdentity> | null = null;

const loadGoogleIdentity = (): Promise<GoogleIdentity> => {
  gisScript ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GIS_SRC;
    script.async = true;
    script.onload = () => {
      const google = (window as unknown as { google?: GoogleIdentity }).google;
      if (google) resolve(google);
      else reject(new Error('Google Identity Services did not load'));
    };
    script.onerror = () => {
      gisScript = null; // allow a later page to try again
      reject(new Error('Google Identity Services could not be loaded'));
    };
    document.head.append(script);
  });
  return gisScript;
};

/**
 * "Sign in with Google", with an "or" line above it; nothing when the server has no Google
 * client id. Failures are only logged (document 1 §8): the email form still works.
 */
export const GoogleButton = ({ onCredential }: { onCredential: (credential: string) => void }) => {
  const config = useAuthConfig();
  const clientId = config.data?.googleClientId ?? null;
  const container = useRef<HTMLDivElement>(null);
  // The callback is registered once with Google; it must always call the latest handler.
  const latest = useRef(onCredential);
  latest.current = onCredential;

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadGoogleIdentity()
      .then((google) => {
        if (cancelled || !container.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          callback: (response) => {
            if (response.credential) latest.current(response.credential);
            else console.error('Google sign-in returned no credential');
          },
        });
        google.accounts.id.renderButton(container.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'continue_with',
          width: container.current.clientWidth || 320,
        });
      })
      .catch((error: unknown) => console.error(error));
    return () => {
      cancelled = true;
    };
  }, [clientId]);

  if (!clientId) return null;
  return (
    <>
      <Divider label={authMessages.orSeparator} labelPosition="center" />
      <Box ref={container} mih={44} display="flex" style={{ justifyContent: 'center' }} />
    </>
  );
};
