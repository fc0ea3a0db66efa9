import { FrameworkBoard } from '../../features/agency/client/components/FrameworkBoard.tsx';
import { BoardView } from '../../features/boards/client/components/BoardView.tsx';
import { KpiSection } from '../../features/kpis/client/KpiSection.tsx';
import { LiveMeetingPage } from '../../features/live/client/LiveMeetingPage.tsx';
import type { LiveStepSlots } from '../../features/live/client/live.slots.ts';
import { ProposedPanel } from '../../features/proposals/client/ProposedPanel.tsx';
import { GoalsSection } from '../../features/tasks/client/ActionItemsSection.tsx';

/** The live meeting with the steps of the kpis, tasks, boards and agency features put in as slots. */
const slots: LiveStepSlots = {
  scorecard: (props) => <KpiSection {...props} />,
  goals: (props) => <GoalsSection {...props} />,
  board: (props) => <BoardView {...props} />,
  framework: (props) => <FrameworkBoard {...props} actions={null} />,
  proposals: (props) => <ProposedPanel {...props} />,
};

export const LiveMeetingRoute = () => <LiveMeetingPage slots={slots} />;
