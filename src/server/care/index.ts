// Care teams' face to other features (issue 27): the live topics, who is an active member of a team (the live
// channel asks), and telling a team what happened.
export {
  CARE_TEAM_TOPIC_FAMILY,
  CLEARANCES_TOPIC,
  MY_CARE_TEAMS_TOPIC_FAMILY,
  careTeamTopic,
  isActiveCareMember,
  myCareTeamsTopic,
} from './store';
export { notifyCare } from './notify';
// The care figures' count a church's page shows, and what the demo's care teams are made with (issue 27).
export { churchCareTeams } from './figures';
export { addDays, addMonths, localParts, occurrencesOf, ruleOf, zonedInstant } from './recurrence';
export { activeClaimsOf, claimsOn, skipsOf } from './store';
