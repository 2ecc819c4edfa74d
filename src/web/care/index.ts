// Care teams' public face to other features' pages (issue 27): what the dashboard shows of them.
export { DashboardWeNeed } from './we-need';
export { NextCareTasks } from './next-care-tasks';
