import { Anchor, Box, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { clientMessages } from '../client.messages.ts';

export interface ErrorDetailsProps {
  /** The toast's first line, e.g. "Error: Some fields are not valid". */
  message: string;
  /** Lines shown under "View details": field errors, status, request id. */
  details: string[];
}

/** The body of an HTTP-error toast (document 1 §8): the message and an expandable details list. */
export const ErrorDetails = ({ message, details }: ErrorDetailsProps) => {
  const [open, setOpen] = useState(false);
  return (
    <Stack gap={4}>
      <Text size="sm">{message}</Text>
      {details.length > 0 && (
        <>
          <Anchor
            component="button"
            type="button"
            size="xs"
            ta="left"
            w="fit-content"
            aria-expanded={open}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? clientMessages.hideDetails : clientMessages.viewDetails}
          </Anchor>
          {/* A long validation report scrolls instead of pushing the toast off screen. Plain markup:
              toasts load with every page, Mantine's animated Collapse and List would too. */}
          {open && (
            <Box component="ul" fz="xs" m={0} pl="md" mah={160} style={{ overflowY: 'auto', overflowWrap: 'anywhere' }}>
              {details.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </Box>
          )}
        </>
      )}
    </Stack>
  );
};
