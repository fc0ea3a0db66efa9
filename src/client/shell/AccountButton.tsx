import { Avatar, UnstyledButton } from '@mantine/core';
import type { Self } from '../../shared/self.ts';
import { clientMessages } from '../client.messages.ts';

/** The signed-in person's avatar, the top bar's account button. */
export const AccountAvatar = ({ self }: { self: Self }) => (
  <Avatar
    src={self.user.image}
    name={`${self.user.firstName} ${self.user.lastName}`}
    color="initials"
    size={34}
    alt=""
  />
);

/**
 * The account button as it looks before the menu's code has arrived (UserMenu loads after the
 * first paint): pressing it opens the menu once it is there.
 */
export const AccountButton = ({ self, onOpen }: { self: Self; onOpen: () => void }) => (
  <UnstyledButton
    aria-label={clientMessages.accountMenu}
    aria-haspopup="menu"
    aria-expanded={false}
    style={{ borderRadius: '50%' }}
    onClick={onOpen}
  >
    <AccountAvatar self={self} />
  </UnstyledButton>
);
