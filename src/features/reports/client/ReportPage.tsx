import { Alert, Anchor, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { ApiError } from '../../../client/lib/api.ts';
import { Link, useNavigate, useParams, useSearchParams } from '../../../client/lib/router/index.ts';
import { PageLoadError, SectionError, SectionLoading } from '../../../client/ui/SectionState.tsx';
import { showError } from '../../../client/ui/toast.ts';
import { isRealIsoDate } from '../../../shared/dates.ts';
import { reportsMessages } from '../reports.messages.ts';
import type { Report, ReportFormat } from '../reports.schemas.ts';
import { ReportCharts } from './components/ReportCharts.tsx';
import { ReportFigures, ReportTables } from './components/ReportTables.tsx';
import { TrendsCard } from './components/TrendsPanel.tsx';
import { meetingReportPath, memberReportPath } from './reportPaths.ts';
import {
  downloadReport,
  type ReportWindow,
  useMeetingReport,
  useMeetingTrends,
  useUserReport,
} from './reports.queries.ts';
import './reports.print.css';

// The meeting report (/reports/meetings/{meetingId}/{slug}), the member report (…/users/{memberId})
// and the user report (/reports/users/{userId}): document 3 §2–§3. The window lives in the
// address (?dateSince=…&dateUntil=…), so a reload or a shared link shows the same report.

const useWindow = () => {
  const [params, setParams] = useSearchParams();
  const range: ReportWindow = {
    dateSince: params.get('dateSince') ?? undefined,
    dateUntil: params.get('dateUntil') ?? undefined,
  };
  /** Sets both ends at once (the other as shown), so the server never fills one in differently. */
  const setDate = (key: 'dateSince' | 'dateUntil', value: string, shown: ReportWindow) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        const both = { ...shown, [key]: value };
        for (const field of ['dateSince', 'dateUntil'] as const) {
          const date = both[field];
          if (date) next.set(field, date);
          else next.delete(field);
        }
        return next;
      },
      { replace: true },
    );
  return { range, setDate, search: params.toString() };
};

/** A window the server refused: the field it named (if a date) and its message, shown under the inputs. */
interface WindowProblem {
  field: 'dateSince' | 'dateUntil' | null;
  message: string;
}

/**
 * From, Until, the member choice (meeting reports), exports and print. Hidden when printed. With
 * no report (the address's window was refused) the dates stay, to be put right; the rest waits.
 */
const Toolbar = ({
  report,
  range,
  problem,
  setDate,
  onMember,
  onExport,
}: {
  report: Report | undefined;
  range: ReportWindow;
  problem: WindowProblem | null;
  setDate: (key: 'dateSince' | 'dateUntil', value: string, shown: ReportWindow) => void;
  onMember: ((memberId: string | null) => void) | null;
  onExport: (format: ReportFormat) => void;
}) => {
  const shownRange = {
    dateSince: range.dateSince ?? report?.dateSince ?? '',
    dateUntil: range.dateUntil ?? report?.dateUntil ?? '',
  };
  const dateField = (key: 'dateSince' | 'dateUntil', label: string) => (
    <TextInput
      type="date"
      label={label}
      // A date that does not exist is shown empty (as the browser would), so that React and the
      // field agree and the next date picked is the one sent.
      value={isRealIsoDate(shownRange[key]) ? shownRange[key] : ''}
      // Marked invalid (its border, aria-invalid); the message is the alert under the toolbar.
      error={problem?.field === key}
      onChange={(event) => setDate(key, event.currentTarget.value, shownRange)}
    />
  );
  const exportable = report !== undefined && problem === null;
  return (
    <Group align="flex-end" wrap="wrap" gap="sm" className="cadence-no-print">
      {dateField('dateSince', reportsMessages.reportFrom)}
      {dateField('dateUntil', reportsMessages.reportUntil)}
      {onMember && report && (
        <Select
          label={reportsMessages.reportMember}
          value={report.person?.userId ?? ''}
          onChange={(value) => onMember(value || null)}
          data={[
            { value: '', label: reportsMessages.reportWholeMeeting },
            ...report.people.map((p) => ({ value: p.userId, label: p.fullName })),
          ]}
          allowDeselect={false}
          w={220}
        />
      )}
      <Button variant="default" onClick={() => onExport('csv')} disabled={!exportable}>
        {reportsMessages.reportExportCsv}
      </Button>
      <Button variant="default" onClick={() => onExport('xlsx')} disabled={!exportable}>
        {reportsMessages.reportExportXlsx}
      </Button>
      <Button
        variant="default"
        leftSection={<IconPrinter size={16} aria-hidden />}
        onClick={() => globalThis.print()}
        disabled={!report}
      >
        {reportsMessages.reportPrint}
      </Button>
    </Group>
  );
};

/** The body of any report: figures, charts, the meeting's trends, lists. */
const ReportBody = ({ report, trends }: { report: Report; trends: ReturnType<typeof useMeetingTrends> | null }) => (
  <Stack gap="md">
    <ReportFigures report={report} />
    <ReportCharts report={report} />
    {trends &&
      (trends.isPending ? (
        <SectionLoading />
      ) : trends.isError ? (
        <SectionError
          title={reportsMessages.reportTrendsLoadFailed}
          error={trends.error}
          onRetry={() => trends.refetch()}
        />
      ) : (
        <TrendsCard trends={trends.data} />
      ))}
    <ReportTables report={report} />
  </Stack>
);

const exportFailed = (error: unknown) =>
  showError(error instanceof Error ? error.message : reportsMessages.reportExportFailed);

/** A window the server refused (400): its message under the inputs, the last good report kept. */
const windowProblem = (error: unknown): WindowProblem | null => {
  if (!(error instanceof ApiError && error.status === 400)) return null;
  const errors = error.errors ?? {};
  if (errors.dateUntil) return { field: 'dateUntil', message: errors.dateUntil };
  if (errors.dateSince) return { field: 'dateSince', message: errors.dateSince };
  return { field: null, message: errors.memberId ?? error.message };
};

const ReportLayout = ({
  title,
  fallbackTitle,
  back,
  query,
  trends,
  toolbar,
}: {
  title: (report: Report) => string;
  /** The heading while no report could be shown (the address's window was refused). */
  fallbackTitle: string;
  back: ReactNode;
  query: ReturnType<typeof useMeetingReport>;
  trends: ReturnType<typeof useMeetingTrends> | null;
  toolbar: (report: Report | undefined, problem: WindowProblem | null) => ReactNode;
}) => {
  const problem = windowProblem(query.error);
  // A refused window keeps the last report on screen, with its inputs to put the window right.
  const lastGood = useRef<Report | undefined>(undefined);
  if (query.data) lastGood.current = query.data;
  const report = query.data ?? (problem ? lastGood.current : undefined);
  // Once the inputs are shown for a refused window they stay while the next window loads (focus kept).
  const refused = useRef(false);
  if (problem) refused.current = true;
  else if (query.data) refused.current = false;
  if (query.isPending && !report && !refused.current) return <SectionLoading />;
  if (query.isError && !report) {
    if (problem === null) {
      const forbidden = query.error instanceof ApiError && query.error.status === 403;
      return (
        <PageLoadError
          back={back}
          error={query.error}
          notFoundTitle={reportsMessages.reportNotFound}
          failedTitle={forbidden ? query.error.message : reportsMessages.reportLoadFailed}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      );
    }
  }
  return (
    <Stack gap="md" className="cadence-report">
      <div className="cadence-no-print">{back}</div>
      <Stack gap={2}>
        <Title order={1} size="h2">
          {report ? title(report) : fallbackTitle}
        </Title>
        {report && (
          <Text size="sm" c="dimmed">
            {report.dateSince} – {report.dateUntil}
          </Text>
        )}
      </Stack>
      {toolbar(report, problem)}
      {problem && (
        <Text c="red.8" size="sm" role="alert">
          {problem.message}
        </Text>
      )}
      {report ? (
        <ReportBody report={report} trends={problem ? null : trends} />
      ) : query.isPending ? (
        <SectionLoading />
      ) : (
        // The figures' place, in its error state until the window is put right.
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} p="sm">
          <Text size="sm">{reportsMessages.reportWindowNoFigures}</Text>
        </Alert>
      )}
    </Stack>
  );
};

const BackLink = ({ to, label }: { to: string; label: string }) => (
  <Anchor component={Link} to={to} size="sm">
    <Group gap={4}>
      <IconArrowLeft size={14} aria-hidden />
      {label}
    </Group>
  </Anchor>
);

/** /reports/meetings/{meetingId}/{slug} and …/users/{memberId}. */
export const MeetingReportPage = () => {
  const { meetingId = '', memberId, slug = 'meeting' } = useParams();
  const navigate = useNavigate();
  const { range, setDate, search } = useWindow();
  const query = useMeetingReport(meetingId, range, memberId);
  const trends = useMeetingTrends(meetingId, range, !memberId && query.isSuccess);
  const dashboard = `/meeting-dashboard/${meetingId}/${slug}`;
  const [exporting, setExporting] = useState(false);
  return (
    <ReportLayout
      query={query}
      trends={memberId ? null : trends}
      back={<BackLink to={dashboard} label={reportsMessages.reportBack} />}
      title={(report) =>
        report.person && report.meeting
          ? reportsMessages.reportMemberTitle(report.person.fullName, report.meeting.title)
          : reportsMessages.reportMeetingTitle(report.meeting?.title ?? '')
      }
      fallbackTitle={reportsMessages.reportMeetingTitle(slug.replace(/-/g, ' '))}
      toolbar={(report, problem) => (
        <Toolbar
          report={report}
          range={range}
          problem={problem}
          setDate={setDate}
          onMember={(id) => {
            const meeting = report?.meeting ?? { id: meetingId, title: slug };
            const path = id ? memberReportPath(meeting, id) : meetingReportPath(meeting);
            void navigate(`${path}${search ? `?${search}` : ''}`);
          }}
          onExport={(format) => {
            if (exporting) return;
            setExporting(true);
            downloadReport({ meetingId, memberId }, range, format, reportsMessages.reportExportFailed)
              .catch(exportFailed)
              .finally(() => setExporting(false));
          }}
        />
      )}
    />
  );
};

/** /reports/users/{userId}: one person across their meetings (linked from the directory). */
export const UserReportPage = () => {
  const { userId = '' } = useParams();
  const { range, setDate } = useWindow();
  const query = useUserReport(userId, range);
  return (
    <ReportLayout
      query={query}
      trends={null}
      back={<BackLink to="/directory" label={reportsMessages.reportBackToDirectory} />}
      title={(report) => reportsMessages.reportUserTitle(report.person?.fullName ?? '')}
      fallbackTitle={reportsMessages.reportUserFallbackTitle}
      toolbar={(report, problem) => (
        <Toolbar
          report={report}
          range={range}
          problem={problem}
          setDate={setDate}
          onMember={null}
          onExport={(format) =>
            downloadReport({ userId }, range, format, reportsMessages.reportExportFailed).catch(exportFailed)
          }
        />
      )}
    />
  );
};
