import { Badge, Group, Text } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { LanguageBadge } from '../app/content-language';
import { ProgressBar } from '../app/progress-bar';
import { needKindLabel, needOutcomeLabel, needUrgencyLabel, type NeedListing } from '../../shared/needs';

/** "3 of 5 committed": the share of units committed, all items together. */
export function NeedProgress({ committed, total, label }: { committed: number; total: number; label: string }) {
  const { i18n } = useLingui();
  const words = i18n._('{committed} of {total} committed', { committed: i18n.number(committed), total: i18n.number(total) });
  const percent = total === 0 ? 0 : Math.round((committed / total) * 100);
  return (
    <div>
      <ProgressBar value={percent} max={100} aria-label={label} aria-valuetext={words} />
      <Text size="sm" mt={4}>
        {words}
      </Text>
    </div>
  );
}

/** A need's kind and urgency, and its outcome (or, given, the status it waits in) once it is not open. */
export function NeedBadges({
  need,
  status,
}: {
  need: Pick<NeedListing, 'kind' | 'urgency' | 'outcome' | 'language'>;
  status?: string | undefined;
}) {
  const { i18n } = useLingui();
  const state = need.outcome ? i18n._(needOutcomeLabel(need.outcome)) : status;
  return (
    <Group gap="xs">
      <Badge color="gray.8">{i18n._(needKindLabel(need.kind))}</Badge>
      <Badge color={need.urgency === 'urgent' ? 'red.9' : 'teal.9'}>{i18n._(needUrgencyLabel(need.urgency))}</Badge>
      {state ? (
        <Badge variant="outline" color="gray.8">
          {state}
        </Badge>
      ) : null}
      <LanguageBadge language={need.language} />
    </Group>
  );
}
