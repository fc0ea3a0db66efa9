import { Stack, Tabs, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useSearchParams } from '../../../client/lib/router/index.ts';
import { useSelf } from '../../../client/lib/self.ts';
import { SectionLoading } from '../../../client/ui/SectionState.tsx';
import { ADMIN_FLAG } from '../../../shared/constants.ts';
import { timeMessages } from '../time.messages.ts';
import { AccountsTab } from './AccountsTab.tsx';
import { MeetingTab } from './MeetingTab.tsx';
import { TimeTab } from './TimeTab.tsx';

// document 3 §2: /time-tracking with the tabs Time, Accounts, Meeting and Reports, then
// Approvals and (admins) Profitability (decision 090). The tab is in
// the address (?tab=), so a reload or a link keeps it. Reports (charts) loads on demand.

const ReportsTab = lazy(async () => ({ default: (await import('./ReportsTab.tsx')).ReportsTab }));
const ApprovalsTab = lazy(async () => ({ default: (await import('./ApprovalsTab.tsx')).ApprovalsTab }));
const ProfitabilityTab = lazy(async () => ({ default: (await import('./ProfitabilityTab.tsx')).ProfitabilityTab }));

const TABS = ['time', 'accounts', 'meeting', 'reports', 'approvals', 'profitability'] as const;
type Tab = (typeof TABS)[number];

export const TimeTrackingPage = () => {
  const [params, setParams] = useSearchParams();
  const isAdmin = useSelf().data?.isAdmin === ADMIN_FLAG.yes;
  const wanted = params.get('tab') as Tab | null;
  const tab: Tab = wanted && TABS.includes(wanted) ? wanted : 'time';
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {timeMessages.timeTitle}
      </Title>
      <Tabs
        value={tab}
        onChange={(value) => setParams(value && value !== 'time' ? { tab: value } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="time">{timeMessages.timeTabTime}</Tabs.Tab>
          <Tabs.Tab value="accounts">{timeMessages.timeTabAccounts}</Tabs.Tab>
          <Tabs.Tab value="meeting">{timeMessages.timeTabMeeting}</Tabs.Tab>
          <Tabs.Tab value="reports">{timeMessages.timeTabReports}</Tabs.Tab>
          <Tabs.Tab value="approvals">{timeMessages.timeTabApprovals}</Tabs.Tab>
          {isAdmin && <Tabs.Tab value="profitability">{timeMessages.timeTabProfitability}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="time" pt="md">
          <TimeTab />
        </Tabs.Panel>
        <Tabs.Panel value="accounts" pt="md">
          <AccountsTab isAdmin={isAdmin} />
        </Tabs.Panel>
        <Tabs.Panel value="meeting" pt="md">
          <MeetingTab isAdmin={isAdmin} />
        </Tabs.Panel>
        <Tabs.Panel value="reports" pt="md">
          <Suspense fallback={<SectionLoading />}>
            <ReportsTab />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="approvals" pt="md">
          <Suspense fallback={<SectionLoading />}>
            <ApprovalsTab />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="profitability" pt="md">
          <Suspense fallback={<SectionLoading />}>
            <ProfitabilityTab isAdmin={isAdmin} />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
};
