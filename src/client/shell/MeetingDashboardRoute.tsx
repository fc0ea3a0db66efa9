import { MeetingDashboardPage } from '../../features/meetings/client/MeetingDashboardPage.tsx';
import { MeetingTrendsCard } from '../../features/reports/client/MeetingTrendsCard.tsx';
import { LazyCalendar } from './LazyCalendar.tsx';

/**
 * The meeting dashboard with its calendar (that meeting's items only). The meetings and calendar
 * features do not import each other; this route, which knows both, puts one into the other.
 */
export const MeetingDashboardRoute = () => (
  <MeetingDashboardPage
    calendar={(props) => <LazyCalendar {...props} />}
    trends={(props) => <MeetingTrendsCard {...props} />}
  />
);
