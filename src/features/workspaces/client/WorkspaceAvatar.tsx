import { Avatar, type MantineSize } from '@mantine/core';
import { messages } from '../../../shared/messages.ts';

/** A workspace's logo, or its initial on a colour derived from its name. */
export const WorkspaceAvatar = ({
  name,
  iconLogo,
  size = 'md',
}: {
  name: string;
  iconLogo: string | null;
  size?: MantineSize | number;
}) =>
  iconLogo ? (
    <Avatar src={iconLogo} alt={messages.workspaceLogo(name)} size={size} radius="md" />
  ) : (
    <Avatar name={name} color="initials" size={size} radius="md" aria-hidden>
      {name.trim().charAt(0).toUpperCase()}
    </Avatar>
  );
