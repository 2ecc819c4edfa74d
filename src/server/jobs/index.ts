// Background work (decision 030): the runner, the jobs' declarations, and the periods claimed once across instances.
export {
  createJobRunner,
  defineJob,
  instanceName,
  type Job,
  type JobContext,
  type JobRunner,
  type JobStatus,
  type RunObserver,
  type RunOutcome,
} from './runner';
export { cronPeriod, everyHours, fixedPeriod, type Period } from './period';
