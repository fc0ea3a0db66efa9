import {
  IconAlertTriangle,
  IconBulb,
  IconCalendar,
  IconChartBar,
  IconCoins,
  IconCompass,
  IconFlag,
  IconHeart,
  IconHeartHandshake,
  IconRoute,
  IconSettings,
  IconShield,
  IconSpeakerphone,
  IconStar,
  IconTarget,
  IconTool,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import type { AgencyIcon } from '../../../shared/constants.ts';

// The icons a category's avatar or a column's image names (AGENCY_ICONS): drawn here, never markup.

const ICONS: Record<AgencyIcon, typeof IconTarget> = {
  target: IconTarget,
  compass: IconCompass,
  megaphone: IconSpeakerphone,
  users: IconUsers,
  user: IconUser,
  chart: IconChartBar,
  bulb: IconBulb,
  route: IconRoute,
  handshake: IconHeartHandshake,
  settings: IconSettings,
  shield: IconShield,
  calendar: IconCalendar,
  star: IconStar,
  flag: IconFlag,
  heart: IconHeart,
  alert: IconAlertTriangle,
  tools: IconTool,
  coins: IconCoins,
};

export const AgencyIconView = ({ name, size = 20 }: { name: string | null; size?: number }) => {
  const Icon = ICONS[name as AgencyIcon] ?? IconBulb;
  return <Icon size={size} aria-hidden />;
};
