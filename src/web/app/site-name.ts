export const SITE_NAME = 'Foster Care Network';
