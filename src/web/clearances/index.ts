// Clearances' face for other features' pages (issue 27): the point persons' section of a church's page, and what
// the admin area's section is made of (the requirements and the members' records).
export { ChurchClearances } from './church-clearances';
export { MemberClearanceList, ClearanceList, ClearanceCard } from './clearance-records';
export {
  memberClearancesOptions,
  requirementsOptions,
  useCreateRequirement,
  useUpdateRequirement,
  type AdminClearanceSearch,
} from './clearances-api';
