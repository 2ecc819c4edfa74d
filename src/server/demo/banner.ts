import { DEMO_CASEWORKER } from './needs';
import { DEMO_ADMIN, DEMO_MEMBER_PASSWORD, type DemoSecondFactor } from './seed';

const demo = (name: string) => `${name}@demo.example.org`;

/**
 * The demo accounts a visitor of a fresh start signs in as, each with the part it plays, so a tester knows whom
 * to be for the page they want to see (docs/product.md's roles; the demo seeds in this folder give them their parts).
 */
export const DEMO_ROLES = [
  {
    role: 'Foster family',
    email: demo('linda.park'),
    does: "Linda Park: her family's care team and calendar, the needs she asked for",
  },
  {
    role: 'Point person',
    email: demo('grace.miller'),
    does: "Grace Miller: Central Assembly's point person (confirms its members) and leader of the Parks' care team",
  },
  {
    role: 'Caseworker',
    email: DEMO_CASEWORKER.email,
    does: `${DEMO_CASEWORKER.name} (${DEMO_CASEWORKER.agency}): asks the churches for a family's needs`,
  },
] as const;

type BannerInput = {
  publicUrl: string;
  secondFactor: DemoSecondFactor;
  mailDir: string;
  isSmtpSet: boolean;
};

/**
 * What a fresh start prints once it is ready: where to open the site and whom to sign in as. Set apart from the
 * JSON log lines by rules above and below, so it is not lost among them.
 */
export function demoBanner({ publicUrl, secondFactor, mailDir, isSmtpSet }: BannerInput): string {
  const rule = `  ${'─'.repeat(76)}`;
  const pad = (label: string) => `    ${label.padEnd(15)}`;
  const indent = ' '.repeat(19);
  const lines = [
    '',
    rule,
    `  Foster Care Network is running at ${publicUrl}`,
    '  (there, or at 127.0.0.1 or [::1] on the same port: at another address forms are refused; PUBLIC_URL sets it)',
    '',
    `  Demo accounts (password ${DEMO_MEMBER_PASSWORD} unless one is given):`,
    ...DEMO_ROLES.flatMap(({ role, email, does }) => [`${pad(role)}${email}`, `${indent}${does}`]),
    `${pad('Admin')}${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`,
    `${indent}the admin area; then a code from an authenticator app with the key`,
    `${indent}${secondFactor.key.replace(/(.{4})/g, '$1 ').trim()}`,
    `${indent}(or the recovery code ${secondFactor.recoveryCode}, which works once)`,
    `${pad('Other members')}${['daniel.ortiz', 'ruth.nguyen', 'hannah.lee', 'tom.baker'].map(demo).join(', ')}, …`,
    '',
    `  Mail is written to ${mailDir}${isSmtpSet ? ' (SMTP is set: sent by SMTP instead)' : ''}`,
    rule,
    '',
  ];
  return `${lines.join('\n')}\n`;
}
