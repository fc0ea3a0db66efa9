import { BoardsSection } from '../../features/boards/client/BoardsSection.tsx';
import { KpiSection } from '../../features/kpis/client/KpiSection.tsx';
import { StartMeetingButton } from '../../features/live/client/StartMeetingButton.tsx';
import { MeetingDashboardPage } from '../../features/meetings/client/MeetingDashboardPage.tsx';
import type { MeetingDashboardSlots } from '../../features/meetings/client/meetings.slots.ts';
import { HealthLink } from '../../features/os-health/client/HealthLink.tsx';
import { ProposalSettingsCard } from '../../features/proposals/client/ProposalSettingsCard.tsx';
import { ProposedPanel } from '../../features/proposals/client/ProposedPanel.tsx';
import { MeetingTrendsCard } from '../../features/reports/client/MeetingTrendsCard.tsx';
import { SlackRecapChannel } from '../../features/slack/client/SlackRecapChannel.tsx';
import { ActionItemsSection, GoalsSection } from '../../features/tasks/client/ActionItemsSection.tsx';
import { LazyCalendar } from './LazyCalendar.tsx';

/**
 * The meeting dashboard: the meetings feature's page with every other feature's section put in
 * as a slot. The features do not import each other; this route, which knows them all, composes.
 */
const slots: MeetingDashboardSlots = {
  startButton: (props) => <StartMeetingButton {...props} />,
  recapChannel: (props) => <SlackRecapChannel {...props} />,
  actionItems: (props) => <ActionItemsSection {...props} />,
  goals: (props) => <GoalsSection {...props} />,
  boards: (props) => <BoardsSection {...props} />,
  // Proposed issues beside their settings (one column when narrow).
  proposals: (props) => (
    <div className="cadence-panel-grid">
      <ProposedPanel {...props} />
      <ProposalSettingsCard {...props} />
    </div>
  ),
  kpis: (props) => <KpiSection {...props} />,
  // Below the board and the scorecard: it waits until the page is scrolled near it.
  calendar: (props) => <LazyCalendar whenNear {...props} />,
  trends: (props) => (
    <>
      <HealthLink meeting={props.meeting} />
      <MeetingTrendsCard {...props} />
    </>
  ),
};

export const MeetingDashboardRoute = () => <MeetingDashboardPage slots={slots} />;
