import { useViewer } from '../../features/meetings/client/meetings.queries.ts';
import { DirectoryPage } from '../../features/people/client/DirectoryPage.tsx';
import type { DirectorySlots } from '../../features/people/client/people.slots.ts';
import { AuditList } from '../../features/vault/client/AuditList.tsx';
import { messages } from '../../shared/messages.ts';
import { clientMessages } from '../client.messages.ts';

/** What a departed person saw in the vault, for an admin to rotate (decision 063). */
const SeenInVault = ({ userId }: { userId: string }) => {
  const viewer = useViewer();
  return (
    <AuditList
      source={{ kind: 'seenBy', userId }}
      timezone={viewer.timezone}
      heading={{ title: messages.vaultSeenTitle, hint: clientMessages.vaultSeenHint, order: 3 }}
      compact
    />
  );
};

const slots: DirectorySlots = {
  seenInVault: (props) => <SeenInVault {...props} />,
};

/** The directory (people) with the vault's part put in by the shell: the two features do not import each other. */
export const DirectoryRoute = () => <DirectoryPage slots={slots} />;
