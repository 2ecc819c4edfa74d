import '@mantine/core/styles/NumberInput.layer.css';
import { Alert, Anchor, Button, Group, NativeSelect, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { NeedItem, NeedPage } from '../../shared/needs';
import { FormAlert } from '../app/form-alert';
import { useMe } from '../lib/me-query';
import { keptChurchesOptions, useCommitToNeed, useWithdrawCommitment } from './need-responses-api';
import { dollars } from './need-words';

// Responding on a need's page (issue 26): commit to some or all of what an item still needs ("2 of 4"), for
// oneself or, for a point person, for their church; promise to pray; withdraw one's own commitment while the
// need is open. The page passes the need as the server gave it; the server checks everything again.

/** The need's page's part for responders. Shows nothing once the need is not open. */
export function RespondPanel({ need }: { need: NeedPage }) {
  const { i18n } = useLingui();
  const me = useMe();
  const titleId = useId();
  if (need.status !== 'open') return null;
  const open = need.items.filter((i) => i.committed < i.quantity);
  const mine = need.commitments.filter((c) => c.mine);
  if (!need.may.commit && mine.length === 0) {
    // The asker (or an admin who asked) closes it instead; a visitor is asked to sign in.
    if (me) return null;
    return (
      <Paper withBorder p="md" mt="lg" component="section" aria-labelledby={titleId}>
        <Title order={2} size="h3" id={titleId}>
          {i18n._('Help with this need')}
        </Title>
        <Text mt="xs">
          <Trans
            id="<0>Sign in</0> to commit to an item or to pray for this family. Your address is never shown: the person who asked is told by email."
            components={{ 0: <Anchor component={Link} to={`/signin?next=${encodeURIComponent(`/needs/${need.id}`)}`} /> }}
          />
        </Text>
      </Paper>
    );
  }
  return (
    <Paper withBorder p="md" mt="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={2} size="h3" id={titleId}>
          {i18n._('Help with this need')}
        </Title>
        {need.may.commit ? (
          <>
            {open.length === 0 ? (
              <Text>{i18n._('Everything asked is committed. Thank you!')}</Text>
            ) : (
              open.map((item) => <CommitToItem key={item.id} needId={need.id} item={item} />)
            )}
            <Pray need={need} />
          </>
        ) : null}
        {mine.length > 0 ? <YourCommitments need={need} /> : null}
      </Stack>
    </Paper>
  );
}

/** One item's form: how many of what is still needed, and (for a point person) for whom. */
function CommitToItem({ needId, item }: { needId: number; item: NeedItem }) {
  const { i18n } = useLingui();
  const left = item.quantity - item.committed;
  const [quantity, setQuantity] = useState<number | string>(1);
  const [churchId, setChurchId] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const kept = useQuery(keptChurchesOptions).data ?? [];
  const commit = useCommitToNeed(needId, {
    onSuccess: (made) => {
      setDone(
        i18n._('You committed to {quantity} of {item}. The person who asked is told by email, and you get a copy.', {
          quantity: made.quantity,
          item: item.name,
        }),
      );
      setQuantity(1);
    },
    onError: () => setDone(null),
  });
  const headingId = useId();
  return (
    <form
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setDone(null);
        commit.mutate({ itemId: item.id, quantity: Number(quantity), churchId: churchId ? Number(churchId) : null });
      }}
    >
      <Text fw={600} id={headingId}>
        {item.name}
      </Text>
      <Text size="sm" c="dimmed">
        {item.unitValue > 0
          ? i18n._('{left} of {asked} still needed · about {value} each', {
              left,
              asked: item.quantity,
              value: dollars(i18n, item.unitValue),
            })
          : i18n._('{left} of {asked} still needed', { left, asked: item.quantity })}
      </Text>
      {item.note ? <Text size="sm">{item.note}</Text> : null}
      <Group align="flex-end" mt="xs" gap="sm">
        <NumberInput
          label={i18n._('How many of {item}', { item: item.name })}
          min={1}
          max={left}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          value={quantity}
          onChange={setQuantity}
          w={{ base: '100%', xs: 180 }}
          description={i18n._('Up to {left}', { left })}
        />
        {kept.length > 0 ? (
          <NativeSelect
            label={i18n._('Committing')}
            value={churchId}
            onChange={(e) => setChurchId(e.currentTarget.value)}
            data={[
              { value: '', label: i18n._('For myself') },
              ...kept.map((c) => ({ value: String(c.id), label: i18n._('For {church}', { church: c.name }) })),
            ]}
            w={{ base: '100%', xs: 'auto' }}
          />
        ) : null}
        <Button type="submit" loading={commit.isPending}>
          {i18n._('Commit to {quantity} of {left}', { quantity: Number(quantity) || 1, left })}
        </Button>
      </Group>
      <FormAlert message={commit.error?.message} />
      {done ? (
        <Alert color="teal" variant="light" mt="xs" role="status">
          {done}
        </Alert>
      ) : null}
    </form>
  );
}

/** "I will pray": once per person; their name is not shown, only how many pray. */
function Pray({ need }: { need: NeedPage }) {
  const { i18n } = useLingui();
  const isPraying = need.commitments.some((c) => c.mine && c.itemId === null);
  const pray = useCommitToNeed(need.id);
  if (isPraying) return <Text>{i18n._('You are praying for this need. Thank you.')}</Text>;
  return (
    <div>
      <Button variant="light" onClick={() => pray.mutate({ prayer: true })} loading={pray.isPending}>
        {i18n._('I will pray')}
      </Button>
      <FormAlert message={pray.error?.message} />
    </div>
  );
}

/** The member's own commitments, each withdrawable while the need is open. */
function YourCommitments({ need }: { need: NeedPage }) {
  const { i18n } = useLingui();
  const withdraw = useWithdrawCommitment(need.id);
  const itemName = (itemId: number | null) => need.items.find((i) => i.id === itemId)?.name ?? i18n._('an item');
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {i18n._('Your commitments')}
      </Title>
      {need.commitments
        .filter((c) => c.mine)
        .map((c) => {
          const label =
            c.itemId === null
              ? i18n._('Praying for this need')
              : i18n._('{quantity} of {item}', { quantity: c.quantity, item: itemName(c.itemId) });
          return (
            <Group key={c.id} justify="space-between" wrap="wrap" gap="xs">
              <Text>
                {label}
                {c.church ? ` (${c.church.name})` : ''}
              </Text>
              <Button
                size="xs"
                variant="outline"
                color="red.9"
                onClick={() => withdraw.mutate(c.id)}
                loading={withdraw.isPending && withdraw.variables === c.id}
                aria-label={i18n._('Withdraw: {commitment}', { commitment: label })}
              >
                {i18n._('Withdraw')}
              </Button>
            </Group>
          );
        })}
      <Text size="sm" c="dimmed">
        {i18n._('If you cannot do it after all, withdraw it so that someone else can; the person who asked is told.')}
      </Text>
      <FormAlert message={withdraw.error?.message} />
    </Stack>
  );
}
