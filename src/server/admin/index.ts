// The admin area's public face: other features' admin pages (churches) write CSV and search as it does.
export { toCsv, type CsvCell } from './csv';
export { likePattern } from './profiles';
