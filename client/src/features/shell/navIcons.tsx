import {
  IconAdjustments, IconBuildingCog, IconCalendarEvent, IconChartBar, IconClockHour4, IconFileSpreadsheet, IconHome,
  IconKey, IconShieldCog, IconStar, IconStars, IconUserCircle, IconUsers, IconUsersGroup, type Icon,
} from '@tabler/icons-react';
import type { NavIconName } from './navigation';

export const NAV_ICONS: Record<NavIconName, Icon> = {
  home: IconHome,
  schedule: IconCalendarEvent,
  customers: IconUsersGroup,
  ratings: IconStar,
  trackedTimes: IconClockHour4,
  profile: IconUserCircle,
  password: IconKey,
  reports: IconChartBar,
  jobsReport: IconFileSpreadsheet,
  ratingsReport: IconStars,
  admin: IconShieldCog,
  organizationTimes: IconAdjustments,
  users: IconUsers,
  settings: IconBuildingCog,
};
