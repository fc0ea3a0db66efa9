import { DigestSetting } from '../../features/digests/client/DigestSetting.tsx';
import {
  ScorecardSettingsPage,
  type ScorecardSettingsSlots,
} from '../../features/kpis/client/ScorecardSettingsPage.tsx';

/** Scorecard settings with the before-meeting digest's setting beside the KPI reminder. */
const slots: ScorecardSettingsSlots = {
  reminders: (props) => <DigestSetting {...props} />,
};

export const ScorecardSettingsRoute = () => <ScorecardSettingsPage slots={slots} />;
