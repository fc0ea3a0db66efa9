import { StartMeetingButton } from '../../features/live/client/StartMeetingButton.tsx';
import { AccountsPage, MeetingsPage } from '../../features/meetings/client/MeetingsListPage.tsx';
import type { MeetingsListSlots } from '../../features/meetings/client/meetings.slots.ts';

/** The meetings and accounts lists, with the live feature's start button in each row. */
const slots: MeetingsListSlots = {
  startButton: (props) => <StartMeetingButton {...props} />,
};

export const MeetingsRoute = () => <MeetingsPage slots={slots} />;
export const AccountsRoute = () => <AccountsPage slots={slots} />;
