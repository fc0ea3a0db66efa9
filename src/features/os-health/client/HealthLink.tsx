import { Anchor } from '@mantine/core';
import { IconHeartbeat } from '@tabler/icons-react';
import { Link } from '../../../client/lib/router/index.ts';
import { osHealthMessages } from '../os-health.messages.ts';

/** The meeting dashboard's way to the meeting's health page (its people and admins see it). */
export const HealthLink = ({ meeting }: { meeting: { id: string } }) => (
  <Anchor component={Link} to={`/health/${meeting.id}`} size="sm" className="cadence-tap">
    <IconHeartbeat size={16} style={{ verticalAlign: 'text-bottom', marginRight: 4 }} aria-hidden />
    {osHealthMessages.dashboardLink}
  </Anchor>
);
