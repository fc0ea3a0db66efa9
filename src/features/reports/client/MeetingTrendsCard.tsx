import { SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { reportsMessages } from '../reports.messages.ts';
import { TrendsCard } from './components/TrendsPanel.tsx';
import { meetingReportPath } from './reportPaths.ts';
import { useMeetingTrends } from './reports.queries.ts';

/**
 * The trends card of the meeting dashboard, for those who see the meeting's report
 * (its leaders and admins; `canSee`): this year's figures and a link to the report.
 */
export const MeetingTrendsCard = ({ meeting, canSee }: { meeting: { id: string; title: string }; canSee: boolean }) => {
  const trends = useMeetingTrends(meeting.id, {}, canSee);
  if (!canSee) return null;
  if (trends.isPending) return <SectionLoading />;
  if (trends.isError)
    return (
      <SectionError
        title={reportsMessages.reportTrendsLoadFailed}
        error={trends.error}
        onRetry={() => trends.refetch()}
      />
    );
  return <TrendsCard trends={trends.data} reportLink={meetingReportPath(meeting)} />;
};
