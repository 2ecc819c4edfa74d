import * as contracts from '../../shared/contracts/public';
import type { AppDeps } from '../deps';
import { clientIp } from '../http/client-ip';
import { contractRouter, guarded } from '../http/contracts';
import type { RateLimiter, RateRule } from '../rate-limit/rate-limit';
import { confirmHuman, requireHuman, sendContactMessage, spendHumanToken } from './service';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
// Per client (and per account): a person writes once or twice; a script hammering the team's inbox is stopped early.
const SEND_RULES: RateRule[] = [
  { limit: 5, windowMs: 10 * MINUTE },
  { limit: 20, windowMs: DAY },
];
const HUMAN_RULE: RateRule = { limit: 30, windowMs: 60 * MINUTE };

export const CONTACT_RATE_MESSAGES = {
  send: 'You have sent several messages in a short time. Please wait a while before sending another.',
  human: 'Too many confirmations from your network. Please wait a while and try again.',
} as const;

/**
 * The contact form (product.md §3.15, §8 "contact us"): anybody may write to the team. Visitors
 * first click 'I am indeed human' (POST /contact/human gives a short-lived signed token); signed-in members
 * need not. Messages go through the outbox to STAFF_EMAIL.
 */
export function contactRoutes(deps: AppDeps, limiter: RateLimiter) {
  const clientOf = (c: Parameters<typeof clientIp>[0]) => clientIp(c, deps.config.trustProxy);

  return contractRouter()
    .openapi(guarded(deps, contracts.confirmHuman), async (c) => {
      await limiter.hit([{ key: `contact-human:${clientOf(c)}`, rule: HUMAN_RULE }], CONTACT_RATE_MESSAGES.human);
      c.header('Cache-Control', 'no-store');
      return c.json(confirmHuman(deps), 200);
    })
    .openapi(guarded(deps, contracts.sendContactMessage), async (c) => {
      const input = c.req.valid('json');
      const who = c.get('user');
      requireHuman(deps, { who, input });
      const client = clientOf(c);
      // Per client, and per account for a signed-in member (who skips the human check), whichever client they
      // write from (issue 23).
      const keys = [`contact:${client}`, ...(who ? [`contact:uid:${who.id}`] : [])];
      await limiter.hit(
        keys.flatMap((key) => SEND_RULES.map((rule) => ({ key: `${key}:${rule.windowMs}`, rule }))),
        CONTACT_RATE_MESSAGES.send,
      );
      await spendHumanToken(limiter, { who, input });
      await sendContactMessage(deps, { who, input });
      return c.json({ ok: true as const }, 202);
    });
}
