import { messages } from '../../../shared/messages.ts';
import { KpiPanel } from './KpiPanel.tsx';

/** The meeting dashboard's scorecard (document 2 §2): "KPI's". */
export const KpiSection = ({
  meetingId,
  timezone,
  viewerId,
}: {
  meetingId: string;
  timezone: string;
  viewerId: string;
}) => <KpiPanel meetingId={meetingId} title={messages.kpiSection} timezone={timezone} viewerId={viewerId} />;
