// Online backups and restores (decision 023): `npm run backup` / `npm run restore`, the scheduled backups of
// BACKUP_DIR, and the running embedded server's dump for the command line.
export { checksumFile, readArchive, type Progress } from './archive';
export { createBackup, pgliteSource, postgresSource, type BackupResult, type DatabaseSource } from './backup';
export { copyPgliteFolder, heldMailNote, pgliteDump, type PgliteCopy } from './database';
export { BackupError, databaseInfoSchema, describeCounts, type DatabaseInfo, type Manifest } from './manifest';
export { restoreBackup, type RestoreResult, type RestoreTarget } from './restore';
export { archiveName, BACKUP_JOB, backupPeriod, checkScheduledBackups, takeScheduledBackup, type ScheduledBackupDeps } from './schedule';
