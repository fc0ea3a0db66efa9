import { Badge, Button, ColorSwatch, Group, Modal, NavLink, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation } from '../../../client/lib/router/index.ts';
import { DIALOG_CLOSE_DELAY_MS } from '../../../shared/constants.ts';
import { livePath } from '../../../shared/live.ts';
import { DEFAULT_MEETING_COLOR } from '../../meetings/client/meetings.format.ts';
import { liveMessages } from '../live.messages.ts';
import type { LiveSessionEntry } from '../live.schemas.ts';
import { useLiveSessions } from './live.queries.ts';

// The sidebar's 'Live' section (document 1 §2): the workspace's meetings under way. A member
// opens the live meeting; anyone else gets a dialog saying who may join.

const Swatch = ({ color }: { color: string | null }) => (
  <ColorSwatch color={color ?? DEFAULT_MEETING_COLOR} size={10} withShadow={false} aria-hidden />
);

export const LiveNav = ({ onNavigate }: { onNavigate: () => void }) => {
  const sessions = useLiveSessions();
  const { pathname } = useLocation();
  const [outsider, setOutsider] = useState<LiveSessionEntry | null>(null);
  const list = sessions.data ?? [];
  // A failure here is logged only (document 1 §7 'GET meetings/live-sessions'); an empty list hides the section.
  if (list.length === 0) return null;
  return (
    <Stack gap={2} mt="md" aria-label={liveMessages.liveSection} role="group">
      <Group gap={6} px="sm" py={4}>
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
          {liveMessages.liveSection}
        </Text>
        <Badge size="xs" color="red" variant="filled" circle>
          {list.length}
        </Badge>
      </Group>
      {list.map((entry) => {
        const path = livePath(entry.meetingId, entry.sessionId);
        const look = {
          label: entry.meetingTitle,
          leftSection: <Swatch color={entry.meetingColor} />,
          rightSection: <span className="live-dot" aria-hidden />,
          style: { borderRadius: 'var(--mantine-radius-md)' },
        };
        return entry.participant ? (
          <NavLink
            key={entry.sessionId}
            component={Link}
            to={path}
            active={pathname === path}
            onClick={onNavigate}
            {...look}
          />
        ) : (
          <NavLink key={entry.sessionId} component="button" onClick={() => setOutsider(entry)} {...look} />
        );
      })}
      <Modal
        opened={outsider !== null}
        onClose={() => setOutsider(null)}
        title={outsider?.meetingTitle ?? ''}
        centered
        transitionProps={{ duration: DIALOG_CLOSE_DELAY_MS }}
      >
        <Stack gap="md">
          <Text size="sm">{liveMessages.liveNotMember}</Text>
          <Group justify="flex-end">
            <Button onClick={() => setOutsider(null)} data-autofocus>
              {liveMessages.okButton}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
};
